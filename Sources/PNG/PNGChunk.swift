/// Reading and writing the chunk layer of a PNG stream (PNG spec §5.3):
/// 4-byte big-endian length, 4-byte type, data, CRC-32 of type and data.
enum PNGChunk {
    /// One chunk's type and the range of its data in the stream.
    struct Entry: Equatable {
        /// The 4-character type, e.g. `IDAT`.
        let type: String
        /// Where the data lies in the stream.
        let data: Range<Int>
    }

    /// The serialized chunk of `type` (4 ASCII letters) holding `data`.
    ///
    /// - Complexity: O(data.count).
    static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "chunk types have 4 letters")
        var out: [UInt8] = []
        out.reserveCapacity(12 + data.count)
        out += bigEndian(UInt32(data.count))
        out += typeBytes
        out += data
        out += bigEndian(CRC32.checksum(typeBytes + data))
        return out
    }

    /// The chunks of a well-formed PNG stream (as produced by `PNGEncoder`),
    /// after the signature. Stops at the first chunk that does not fit.
    ///
    /// - Complexity: O(number of chunks).
    static func entries(of png: [UInt8]) -> [Entry] {
        var result: [Entry] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(readBigEndian(png, at: i))
            guard length <= png.count - i - 12 else { break }
            result.append(
                Entry(type: String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), data: (i + 8)..<(i + 8 + length)))
            i += 12 + length
        }
        return result
    }

    /// The 4 big-endian bytes of `value`.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The 2 big-endian bytes of `value`.
    static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// The big-endian UInt32 at `offset` of `bytes`.
    static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
