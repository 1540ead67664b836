/// The facts a PNG's IHDR chunk declares, read without decoding any pixels.
///
/// `PNGDecoder` reads this first and checks the size against `ImageLimits`
/// before it allocates anything, so a hostile header claiming 100000x100000
/// pixels costs nothing.
public struct PNGHeader: Equatable, Sendable {
    /// Width in pixels (1 ... 2³¹−1).
    public let width: Int
    /// Height in pixels (1 ... 2³¹−1).
    public let height: Int
    /// Bits per sample (or per palette index).
    public let bitDepth: Int
    /// The colour type.
    public let colorType: PNGColorType
    /// Whether the image is Adam7-interlaced.
    public let isInterlaced: Bool

    /// The 8-byte signature every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// How a Git LFS pointer file starts (the LFS specification, docs/spec.md in git-lfs/git-lfs:
    /// the first line is `version https://git-lfs.github.com/spec/v1`).
    static let gitLFSPointerStart = Array("version https://git-lfs".utf8)

    /// Parses the signature and the IHDR chunk at the start of `bytes`.
    ///
    /// Checks the signature, that the first chunk is a 13-byte IHDR with a
    /// correct CRC, and that its fields are legal PNG values. It does not
    /// check the size against `ImageLimits`.
    ///
    /// - Throws: `PNGError.emptyInput`, `.notPNG` (`.gitLFSPointer` for a Git LFS pointer file),
    ///   or `.corrupt` naming the bad field.
    public init(parsing bytes: [UInt8]) throws(PNGError) {
        guard !bytes.isEmpty else { throw .emptyInput }
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(PNGHeader.signature) else {
            throw bytes.starts(with: PNGHeader.gitLFSPointerStart) ? .gitLFSPointer : .notPNG
        }
        guard bytes.count >= 33 else {
            throw .corrupt(reason: "the data ends after \(bytes.count) bytes, inside the IHDR chunk")
        }
        func be32(_ i: Int) -> UInt32 {
            UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        let length = be32(8)
        let type = bytes[12..<16]
        guard type.elementsEqual(Array("IHDR".utf8)) else {
            let name = String(decoding: type.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            throw .corrupt(reason: "the first chunk is '\(name)', not IHDR")
        }
        guard length == 13 else { throw .corrupt(reason: "the IHDR chunk is \(length) bytes long, not 13") }
        guard CRC32.checksum(bytes[12..<29]) == be32(29) else {
            throw .corrupt(reason: "the IHDR chunk's CRC does not match its contents")
        }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else {
            throw .corrupt(reason: "IHDR declares a size of \(width)x\(height); both must be at least 1")
        }
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .corrupt(reason: "IHDR declares a size of \(width)x\(height), past the PNG maximum of 2147483647")
        }
        guard let colorType = PNGColorType(rawValue: bytes[25]) else {
            throw .corrupt(reason: "IHDR colour type \(bytes[25]) is not one of 0, 2, 3, 4, 6")
        }
        let bitDepth = Int(bytes[24])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw .corrupt(reason: "IHDR bit depth \(bitDepth) is not allowed for colour type \(colorType.rawValue)")
        }
        guard bytes[26] == 0, bytes[27] == 0 else {
            throw .corrupt(reason: "IHDR compression method \(bytes[26]) / filter method \(bytes[27]) is not 0")
        }
        guard bytes[28] <= 1 else { throw .corrupt(reason: "IHDR interlace method \(bytes[28]) is not 0 or 1") }
        self.width = Int(width)
        self.height = Int(height)
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = bytes[28] == 1
    }
}
