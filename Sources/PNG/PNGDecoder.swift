import CPNGShim
import Raster
import Support

/// Decodes PNG files into premultiplied `Image`s, through libpng.
///
/// Every standard PNG is accepted: palette (with or without tRNS), grey at
/// 1, 2, 4, 8 and 16 bits, grey+alpha, RGB and RGBA at 8 and 16 bits, tRNS
/// colour keys and Adam7 interlacing. 16-bit samples are reduced to 8 bits by
/// libpng's `png_set_scale_16` (round(v / 257)); the straight 8-bit result is
/// then premultiplied with rounding to nearest, exactly like
/// `Color.premultiplied`.
///
/// Gamma: no gamma correction is applied; samples are taken as sRGB bytes and
/// gAMA, cHRM, sRGB and iCCP chunks are ignored.
///
/// Safety: the IHDR is parsed first and its size checked against
/// `ImageLimits` before any pixel memory is allocated. Corrupt data (bad
/// CRC in a critical chunk, bad zlib data, truncation, a missing IEND) is a
/// `PNGError`; a bad CRC in an ancillary chunk only drops that chunk. The zlib
/// stream's own Adler-32 is not checked where libpng can skip it: the IDAT
/// chunks' CRC-32s already cover every compressed byte, and zlib 1.2.13's scalar
/// checksum took a fifth of a passing regression check.
public enum PNGDecoder {
    /// The largest file `read(contentsOf:)` loads: 1 GiB, well above the
    /// largest PNG of an image within `ImageLimits` even uncompressed (~257 MiB).
    public static let maximumFileSize = 1 << 30

    /// Decodes a PNG held in memory.
    ///
    /// - Parameter bytes: A complete PNG file.
    /// - Returns: The premultiplied image.
    /// - Throws: `PNGError.emptyInput`, `.notPNG`, `.gitLFSPointer`, `.imageTooLarge` (checked
    ///   before allocation), or `.corrupt` with libpng's explanation.
    /// - Complexity: O(bytes.count + width · height).
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Image {
        try decode(bytes, checkingAdler32: false)
    }

    /// `decode(_:)`, checking the zlib stream's Adler-32 too when `checkingAdler32`: how the
    /// tests hold the project's own encoder to the whole format.
    static func decode(_ bytes: [UInt8], checkingAdler32: Bool) throws(PNGError) -> Image {
        let straight = try decodeStraight(bytes, checkingAdler32: checkingAdler32)
        do {
            return try straight.premultiplied()
        } catch {
            throw .corrupt(reason: error.description)  // unreachable: size checked by decodeStraight
        }
    }

    /// Decodes a PNG held in memory to straight (not premultiplied) RGBA8, the
    /// form image-diff tools such as pixelmatch compare.
    ///
    /// - Parameter bytes: A complete PNG file.
    /// - Returns: The image's samples as 8-bit straight RGBA.
    /// - Throws: The errors of `decode(_:)`.
    /// - Complexity: O(bytes.count + width · height).
    public static func decodeStraight(_ bytes: [UInt8]) throws(PNGError) -> StraightRGBAImage {
        try decodeStraight(bytes, checkingAdler32: false)
    }

    /// `decodeStraight(_:)`, checking the zlib stream's Adler-32 too when `checkingAdler32`.
    static func decodeStraight(_ bytes: [UInt8], checkingAdler32: Bool) throws(PNGError) -> StraightRGBAImage {
        let header = try PNGHeader(parsing: bytes)
        do {
            try ImageLimits.check(width: header.width, height: header.height)
        } catch {
            throw .imageTooLarge(width: header.width, height: header.height)
        }
        let bytesPerRow = header.width * 4
        var pixels = [UInt8](repeating: 0, count: bytesPerRow * header.height)
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { px in
                cpng_decode_rgba8(
                    data.baseAddress, data.count, UInt32(header.width), UInt32(header.height),
                    px.baseAddress, bytesPerRow, checkingAdler32 ? 1 : 0, &message, message.count)
            }
        }
        guard status == CPNG_OK else {
            throw .corrupt(reason: messageText(message))
        }
        do {
            return try StraightRGBAImage(width: header.width, height: header.height, pixels: pixels)
        } catch {
            throw .corrupt(reason: error.description)  // unreachable: size checked above
        }
    }

    /// Reads and decodes the PNG file at `path`.
    ///
    /// - Parameter path: The file to read.
    /// - Returns: The premultiplied image.
    /// - Throws: `PNGError.file` when the file cannot be read (or is larger
    ///   than `maximumFileSize`); otherwise the errors of `decode(_:)` wrapped
    ///   in `PNGError.inFile(path:error:)`, so messages name the file.
    /// - Complexity: O(file size + width · height).
    public static func read(contentsOf path: String) throws(PNGError) -> Image {
        try readFile(path, decode)
    }

    /// Reads and decodes the PNG file at `path` to straight RGBA8 (see `decodeStraight(_:)`).
    ///
    /// - Throws: The errors of `read(contentsOf:)`.
    /// - Complexity: O(file size + width · height).
    public static func readStraight(contentsOf path: String) throws(PNGError) -> StraightRGBAImage {
        try readFile(path, decodeStraight)
    }

    /// Reads and decodes the still PNG at `path` to straight RGBA8, for comparing: an animated PNG
    /// is refused rather than reduced to its default image.
    ///
    /// - Throws: `PNGError.animated` (in `inFile`) for an APNG; the errors of `readStraight`.
    /// - Complexity: O(file size + width · height).
    public static func readStillStraight(contentsOf path: String) throws(PNGError) -> StraightRGBAImage {
        try readFile(path, decodeStillStraight)
    }

    /// `decodeStraight(_:)` of a still PNG: an animated PNG is refused rather than reduced to its
    /// default image.
    ///
    /// - Throws: `PNGError.animated` for an APNG; the errors of `decodeStraight(_:)`.
    public static func decodeStillStraight(_ bytes: [UInt8]) throws(PNGError) -> StraightRGBAImage {
        if isAnimated(bytes) { throw .animated }
        return try decodeStraight(bytes)
    }

    /// Whether the PNG has an `acTL` chunk before its image data, where the APNG specification
    /// puts it (https://wiki.mozilla.org/APNG_Specification); reads the chunk headers only.
    static func isAnimated(_ bytes: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(PNGChunk.readBigEndian(bytes, at: offset))
            let type = bytes[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("acTL".utf8) { return true }
            if type.elementsEqual("IDAT".utf8) { return false }
            offset += 12 + length
        }
        return false
    }

    /// Reads `path` (at most `maximumFileSize` bytes) and decodes it, naming the file in errors.
    private static func readFile<Decoded>(
        _ path: String, _ decode: ([UInt8]) throws(PNGError) -> Decoded
    ) throws(PNGError) -> Decoded {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maximumSize: maximumFileSize)
        } catch {
            throw .file(error)
        }
        do {
            return try decode(bytes)
        } catch {
            throw .inFile(path: path, error: error)
        }
    }
}
