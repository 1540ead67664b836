/// The colour type declared in a PNG's IHDR (PNG spec §11.2.2).
public enum PNGColorType: UInt8, Equatable, Sendable {
    /// Greyscale, 1, 2, 4, 8 or 16 bits.
    case grey = 0
    /// RGB, 8 or 16 bits per channel.
    case rgb = 2
    /// Palette indices, 1, 2, 4 or 8 bits.
    case palette = 3
    /// Greyscale with alpha, 8 or 16 bits.
    case greyAlpha = 4
    /// RGBA, 8 or 16 bits per channel.
    case rgba = 6

    /// The bit depths the PNG spec allows for this colour type.
    public var allowedBitDepths: [Int] {
        switch self {
        case .grey: return [1, 2, 4, 8, 16]
        case .palette: return [1, 2, 4, 8]
        case .rgb, .greyAlpha, .rgba: return [8, 16]
        }
    }
}
