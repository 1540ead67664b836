import CPNGShim
import Raster
import Support

/// Encodes `Image`s as PNG files, through libpng.
///
/// With a fixed row filter (every option set but `adaptive`) the rows are cut
/// into strips that are filtered and deflated on all cores at once, by the
/// greedy coder (the default) or zlib, and joined into one zlib stream
/// (`PNGStripEncoder`); libpng writes the chunks. With `adaptive`, libpng
/// filters and zlib compresses the rows, on one thread.
/// Either way the file is a standard PNG and its bytes do not depend on the
/// number of cores.
///
/// Pixels are un-premultiplied exactly (`c·255/a` rounded to nearest; alpha 0
/// becomes all zeros) and written as 8-bit RGBA (colour type 6). An image
/// whose pixels are all opaque is written as 8-bit RGB (colour type 2), a
/// quarter less data to filter and compress, decoding to the same pixels.
/// Only IHDR, IDAT and IEND chunks are written — no time, text or gamma
/// chunks — so the same image and options always give the same bytes (with
/// the `zlib` compressor, for a given zlib build). The bytes are sRGB values as stored; nothing is
/// gamma-corrected.
public enum PNGEncoder {
    /// Encodes `image` as a PNG in memory.
    ///
    /// - Parameters:
    ///   - image: The premultiplied image.
    ///   - options: Filter, compressor, level and strategy; `.default` unless given.
    /// - Returns: The complete PNG file.
    /// - Throws: `PNGError.invalidOptions` for a level outside 0...9 or the
    ///   greedy compressor with `adaptive` filtering,
    ///   `.invalidImage` if `image.pixels` no longer match its size,
    ///   `.encodingFailed` if libpng fails (out of memory).
    /// - Complexity: O(width · height).
    public static func encode(_ image: Image, options: PNGEncodingOptions = .default) throws(PNGError)
        -> [UInt8]
    {
        try encode(image, options: options, alwaysRGBA: false)
    }

    /// `encode(_:options:)`, optionally writing RGBA even for an opaque image
    /// (APNG frames must all share the IHDR's colour type).
    static func encode(_ image: Image, options: PNGEncodingOptions, alwaysRGBA: Bool) throws(PNGError) -> [UInt8] {
        try options.validate()
        guard image.bytesPerRow >= image.width * 4, image.pixels.count >= image.bytesPerRow * image.height
        else {
            throw .invalidImage(
                reason:
                    "\(image.pixels.count) pixel bytes do not fill \(image.height) rows of \(image.bytesPerRow) bytes")
        }
        let rows = RowLayout(image)
        if !alwaysRGBA && StraightAlpha.isOpaque(image) {
            return try encodeStraight(image.pixels, rows: rows, keepAlpha: false, options: options)
        }
        let straight = StraightAlpha.unpremultiplied(image.pixels)
        return try encodeStraight(straight, rows: rows, keepAlpha: true, options: options)
    }

    /// Encodes straight (not premultiplied) RGBA8 pixels as they are, as RGB when every alpha
    /// is 255: the path that re-encodes a decoded file without the rounding of premultiplying.
    static func encode(_ image: StraightRGBAImage, options: PNGEncodingOptions) throws(PNGError) -> [UInt8] {
        try options.validate()
        let rows = RowLayout(width: image.width, height: image.height, bytesPerRow: image.width * 4)
        return try encodeStraight(
            image.pixels, rows: rows, keepAlpha: !StraightAlpha.isOpaque(image.pixels), options: options)
    }

    /// The size and row stride of the pixels handed to the row writers.
    struct RowLayout {
        var width: Int
        var height: Int
        var bytesPerRow: Int

        /// The layout of `image`'s pixels.
        init(_ image: Image) {
            self.init(width: image.width, height: image.height, bytesPerRow: image.bytesPerRow)
        }

        init(width: Int, height: Int, bytesPerRow: Int) {
            self.width = width
            self.height = height
            self.bytesPerRow = bytesPerRow
        }
    }

    /// Encodes `image` and writes it to `path` atomically (see `AtomicFile`).
    ///
    /// A failure never leaves a partial file and never harms an existing file
    /// at `path`.
    ///
    /// - Parameters:
    ///   - image: The premultiplied image.
    ///   - path: The destination file; its directory must exist.
    ///   - options: Filter, compressor, level and strategy.
    /// - Throws: The errors of `encode(_:options:)`, or `PNGError.file` naming
    ///   `path` when writing fails.
    /// - Complexity: O(width · height).
    public static func write(_ image: Image, to path: String, options: PNGEncodingOptions = .default)
        throws(PNGError)
    {
        let bytes = try encode(image, options: options)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw .file(error)
        }
    }

    /// Encodes straight RGBA8 rows: strips compressed in parallel for a fixed
    /// filter (`PNGStripEncoder`), libpng's own row writer for `adaptive`.
    private static func encodeStraight(
        _ straight: [UInt8], rows: RowLayout, keepAlpha: Bool, options: PNGEncodingOptions
    ) throws(PNGError) -> [UInt8] {
        guard let rowFilter = options.filter.rowFilterType else {
            return try encodeRows(straight, rows: rows, keepAlpha: keepAlpha, options: options)
        }
        return try straight.withUnsafeBufferPointer { (pixels) throws(PNGError) in
            try PNGStripEncoder.encode(
                pixels, width: rows.width, height: rows.height, bytesPerRow: rows.bytesPerRow,
                keepAlpha: keepAlpha, rowFilter: rowFilter, options: options)
        }
    }

    /// Hands straight RGBA8 rows to libpng's row writer (one zlib stream, made
    /// on one thread) and copies its output out. `adaptive` filtering uses it;
    /// for the fixed filters it is the reference the strip encoder is tested
    /// against.
    static func encodeRows(
        _ straight: [UInt8], rows: RowLayout, keepAlpha: Bool, options: PNGEncodingOptions
    ) throws(PNGError) -> [UInt8] {
        var output = cpng_buffer(data: nil, size: 0, capacity: 0)
        defer { cpng_buffer_free(&output) }  // the one place the output buffer is released
        var message = [CChar](repeating: 0, count: 512)
        let status = straight.withUnsafeBufferPointer { px in
            cpng_encode_rgba8(
                px.baseAddress, UInt32(rows.width), UInt32(rows.height), rows.bytesPerRow,
                keepAlpha ? 1 : 0, Int32(options.compressionLevel), options.filter.libpngMask,
                options.strategy.zlibValue, &output, &message, message.count)
        }
        guard status == CPNG_OK, let data = output.data else {
            throw .encodingFailed(reason: messageText(message))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
