import CPNGShim

/// The CRC-64/XZ checksum (the ECMA-182 polynomial, bits reflected, initial value and final XOR
/// all ones, as xz computes it) that `PNGPixelDigest` takes of an image's pixels, with
/// carry-less multiplication where the processor has it (`cpng_crc64`).
///
/// A CRC of 64 bits misses a change with a chance of 2⁻⁶⁴ when the change is not crafted
/// against it, and never misses one confined to 64 consecutive bits.
enum CRC64 {
    /// The checksum of `bytes`, continuing from `crc` (0 to start).
    ///
    /// - Complexity: O(n).
    static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt64 = 0) -> UInt64 {
        guard let base = bytes.baseAddress else { return crc }
        return cpng_crc64(crc, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The checksum of `bytes`, continuing from `crc` (0 to start).
    ///
    /// - Complexity: O(n).
    static func checksum(_ bytes: [UInt8], continuing crc: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0, continuing: crc) }
    }
}
