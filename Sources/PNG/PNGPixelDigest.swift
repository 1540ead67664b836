/// A checksum of an image's pixels that a stored reference image carries in a private chunk,
/// so that checking an identical image against it needs no decoding.
///
/// Most checks in a visual regression run pass, and decoding a phone-sized reference costs
/// several times what drawing the image does (zlib's inflate above all). A reference written by
/// `PNGEncoder.encodeReference(_:)` holds, besides its pixels, the CRC-64 of those pixels; an
/// image with the same size and the same CRC-64 is taken as identical without decoding the
/// file. A CRC of 64 bits misses a change that was not crafted against it with a chance of
/// 2⁻⁶⁴, and never misses one within 64 consecutive bits.
///
/// The chunk, `cpPH`, is private and ancillary, so every PNG reader skips it, and marked unsafe
/// to copy (PNG specification §5.4): an editor that changes the image drops it. It also records
/// a CRC-64 of the data of the chunks the pixels come from (IHDR, PLTE, tRNS and every IDAT, in
/// file order), and `stored(in:)` trusts the digest only while that still matches, so a file
/// whose pixels were changed by a tool that kept the chunk anyway is decoded as any other.
public struct PNGPixelDigest: Hashable, Sendable {
    /// The CRC-64 (`CRC64`) of the width and the height (four big-endian bytes each) followed
    /// by the straight RGBA8 bytes, row by row.
    public let value: UInt64

    /// The digest of `image`'s pixels.
    ///
    /// - Complexity: O(width · height).
    public init(_ image: StraightRGBAImage) {
        var crc = CRC64.checksum(PNGChunk.bigEndian(UInt32(image.width)) + PNGChunk.bigEndian(UInt32(image.height)))
        crc = image.pixels.withUnsafeBytes { CRC64.checksum($0, continuing: crc) }
        value = crc
    }

    /// A digest of the given value.
    public init(value: UInt64) {
        self.value = value
    }

    /// The chunk's type: ancillary, private, unsafe to copy.
    public static let chunkType = "cpPH"

    /// The chunk layout's version, its first byte.
    static let version: UInt8 = 1

    /// The chunks whose data decides the pixels a reader decodes.
    static let pixelChunkTypes: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT"]

    /// `png` with the digest chunk of `image` inserted before its final IEND chunk: version 1,
    /// then the pixels' digest and the CRC-64 of the pixel chunks' data, each 8 bytes
    /// big-endian. `png` must be a complete PNG of `image`'s pixels, such as `PNGEncoder` writes.
    ///
    /// - Complexity: O(png.count + width · height).
    public static func appending(to png: [UInt8], of image: StraightRGBAImage) -> [UInt8] {
        let entries = PNGChunk.entries(of: png)
        guard let end = entries.last, end.type == "IEND" else {
            preconditionFailure("a PNG to carry a pixel digest ends with its IEND chunk")
        }
        var data = [version]
        data += bigEndian(PNGPixelDigest(image).value)
        data += bigEndian(pixelChunksChecksum(png, entries))
        let iendStart = end.data.lowerBound - 8
        return Array(png[..<iendStart]) + PNGChunk.make(chunkType, data) + png[iendStart...]
    }

    /// The digest `png` carries: nil unless it has one well-formed digest chunk (version 1, 17
    /// bytes, its CRC-32 right) whose record of the pixel chunks still matches them, and the
    /// file ends with its IEND chunk.
    ///
    /// - Complexity: O(png.count) (the pixel chunks' CRC-64; nothing is decoded).
    public static func stored(in png: [UInt8]) -> PNGPixelDigest? {
        guard png.count >= 8, png.prefix(8).elementsEqual(PNGHeader.signature) else { return nil }
        let entries = PNGChunk.entries(of: png)
        // A file cut short or with bytes after its end is left to the decoder to judge.
        guard let end = entries.last, end.type == "IEND", end.data.upperBound + 4 == png.count else { return nil }
        let digests = entries.filter { $0.type == chunkType }
        guard digests.count == 1, let chunk = digests.first, chunk.data.count == 17,
            png[chunk.data.lowerBound] == version
        else { return nil }
        let crc = PNGChunk.readBigEndian(png, at: chunk.data.upperBound)
        guard CRC32.checksum(png[(chunk.data.lowerBound - 4)..<chunk.data.upperBound]) == crc else { return nil }
        let first = chunk.data.lowerBound + 1
        guard readBigEndian64(png, at: first + 8) == pixelChunksChecksum(png, entries) else { return nil }
        return PNGPixelDigest(value: readBigEndian64(png, at: first))
    }

    /// The CRC-64 of the data of `png`'s pixel chunks (`pixelChunkTypes`), in file order.
    static func pixelChunksChecksum(_ png: [UInt8], _ entries: [PNGChunk.Entry]) -> UInt64 {
        png.withUnsafeBytes { bytes in
            var crc: UInt64 = 0
            for entry in entries where pixelChunkTypes.contains(entry.type) {
                crc = CRC64.checksum(UnsafeRawBufferPointer(rebasing: bytes[entry.data]), continuing: crc)
            }
            return crc
        }
    }

    /// The 8 big-endian bytes of `value`.
    static func bigEndian(_ value: UInt64) -> [UInt8] {
        PNGChunk.bigEndian(UInt32(truncatingIfNeeded: value >> 32))
            + PNGChunk.bigEndian(UInt32(truncatingIfNeeded: value))
    }

    /// The big-endian UInt64 at `offset` of `bytes`.
    static func readBigEndian64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        UInt64(PNGChunk.readBigEndian(bytes, at: offset)) << 32 | UInt64(PNGChunk.readBigEndian(bytes, at: offset + 4))
    }
}
