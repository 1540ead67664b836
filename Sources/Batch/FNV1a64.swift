/// The 64-bit FNV-1a hash, used to fingerprint PNG bytes in batch manifests.
///
/// FNV-1a (Fowler, Noll and Vo; parameters from the authors' specification,
/// draft-eastlake-fnv) starts from the offset basis `0xcbf29ce484222325` and,
/// for every byte, XORs the byte in and multiplies by the prime
/// `0x100000001b3` modulo 2⁶⁴. It is not a cryptographic hash: it tells
/// whether two renders produced the same bytes, which is what a manifest
/// needs, without adding a dependency. Its well-known test vectors are
/// `""` → `cbf29ce484222325` and `"a"` → `af63dc4c8601ec8c`.
public struct FNV1a64: Equatable, Sendable {
    /// The name manifests give this algorithm: `"fnv1a64"`.
    public static let name = "fnv1a64"
    /// The offset basis, the value of the hash of no bytes.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The FNV 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the bytes seen so far.
    public private(set) var value: UInt64 = FNV1a64.offsetBasis

    /// Creates a hasher that has seen no bytes.
    public init() {}

    /// Mixes `bytes` into the hash.
    ///
    /// - Complexity: O(n) in `bytes.count`.
    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var h = value
        for byte in bytes {
            h = (h ^ UInt64(byte)) &* FNV1a64.prime
        }
        value = h
    }

    /// The hash as 16 lowercase hexadecimal digits, as written in manifests.
    public var hexDigits: String { FNV1a64.hexDigits(value) }

    /// The hash of `bytes`.
    ///
    /// - Complexity: O(n) in `bytes.count`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hasher = FNV1a64()
        hasher.combine(bytes)
        return hasher.value
    }

    /// `value` as 16 lowercase hexadecimal digits, zero-padded.
    public static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
