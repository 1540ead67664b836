/// An sRGB colour with 8-bit channels already multiplied by alpha: the pixel
/// format of `Image` and the input of every compositing operation.
///
/// Invariant: no colour channel exceeds `alpha`.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// The 8-bit channels, colour already multiplied by alpha.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a premultiplied colour. Channels must not exceed `alpha`.
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Fully transparent black.
    public static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The straight colour, each channel `c·255/a` rounded to nearest (0 for a = 0).
    public var unpremultiplied: Color {
        guard alpha > 0 else { return .clear }
        let a = UInt32(alpha)
        func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
        return Color(red: un(red), green: un(green), blue: un(blue), alpha: alpha)
    }

    /// This colour scaled by `coverage / 255` (rounded to nearest), as used for
    /// anti-aliased edges and opacity.
    @inlinable public func scaled(by coverage: UInt8) -> PremultipliedColor {
        let c = UInt32(coverage)
        return PremultipliedColor(
            red: UInt8(truncatingIfNeeded: div255(UInt32(red) * c)),
            green: UInt8(truncatingIfNeeded: div255(UInt32(green) * c)),
            blue: UInt8(truncatingIfNeeded: div255(UInt32(blue) * c)),
            alpha: UInt8(truncatingIfNeeded: div255(UInt32(alpha) * c)))
    }

    /// Source-over: `self` drawn over `destination`, `s + d·(255 − sa)/255` per channel.
    @inlinable public func over(_ d: PremultipliedColor) -> PremultipliedColor {
        let ia = 255 &- UInt32(alpha)
        return PremultipliedColor(
            red: UInt8(truncatingIfNeeded: UInt32(red) &+ div255(UInt32(d.red) &* ia)),
            green: UInt8(truncatingIfNeeded: UInt32(green) &+ div255(UInt32(d.green) &* ia)),
            blue: UInt8(truncatingIfNeeded: UInt32(blue) &+ div255(UInt32(d.blue) &* ia)),
            alpha: UInt8(truncatingIfNeeded: UInt32(alpha) &+ div255(UInt32(d.alpha) &* ia)))
    }

    /// The channels as "premultiplied(red, green, blue, alpha)", each 0…255.
    public var description: String { "premultiplied(\(red), \(green), \(blue), \(alpha))" }
}

extension PremultipliedColor {
    /// The four bytes R, G, B, A as one little-endian word (R in the low byte),
    /// so that storing it writes them in memory order.
    @inlinable public var packedWord: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Unpacks a word written by `packedWord`.
    @inlinable public init(packedWord w: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: w), green: UInt8(truncatingIfNeeded: w >> 8),
            blue: UInt8(truncatingIfNeeded: w >> 16), alpha: UInt8(truncatingIfNeeded: w >> 24))
    }
}
