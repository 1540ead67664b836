/// The CRC-32 that guards every PNG chunk (ISO 3309 / ITU-T V.42, reflected
/// polynomial 0xEDB88320), computed with a 256-entry table as in the PNG
/// specification, Annex D.
enum CRC32 {
    /// The table of CRCs of every byte value.
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC of `bytes`.
    ///
    /// - Complexity: O(n).
    static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
