/// A straight (not premultiplied) sRGB colour with 8-bit channels.
///
/// This is the colour users write in scene files (`"#RRGGBB"`, `"#RRGGBBAA"`).
/// Drawing converts it once to a `PremultipliedColor`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The straight 8-bit channels.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Creates a colour from straight 8-bit channels.
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    ///
    /// - Throws: `ColorParseError` naming what is wrong with `hex`.
    public init(hex: String) throws(ColorParseError) {
        let chars = Array(hex.utf8)
        guard chars.first == UInt8(ascii: "#") else { throw .missingHash(hex) }
        guard chars.count == 7 || chars.count == 9 else { throw .wrongLength(hex) }
        var bytes: [UInt8] = []
        var i = 1
        while i < chars.count {
            guard let hi = Color.hexValue(chars[i]), let lo = Color.hexValue(chars[i + 1]) else {
                throw .invalidDigit(hex)
            }
            bytes.append(hi << 4 | lo)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#RRGGBBAA`, upper-case.
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for v in [red, green, blue, alpha] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }

    /// This colour with its alpha multiplied by `opacity` (0…1), rounded to nearest.
    public func withOpacity(_ opacity: Double) -> Color {
        let o = min(max(opacity, 0), 1)
        var c = self
        c.alpha = UInt8(Int(Double(alpha) * o + 0.5))
        return c
    }

    /// The premultiplied equivalent: each colour channel times alpha / 255, rounded to nearest.
    @inlinable public var premultiplied: PremultipliedColor {
        let a = UInt32(alpha)
        return PremultipliedColor(
            red: UInt8(truncatingIfNeeded: div255(UInt32(red) * a)),
            green: UInt8(truncatingIfNeeded: div255(UInt32(green) * a)),
            blue: UInt8(truncatingIfNeeded: div255(UInt32(blue) * a)),
            alpha: alpha)
    }

    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// UIKit's `UIColor.red` (1, 0, 0).
    public static let red = Color(red: 255, green: 0, blue: 0)
    /// UIKit's `UIColor.green` (0, 1, 0).
    public static let green = Color(red: 0, green: 255, blue: 0)
    /// UIKit's `UIColor.blue` (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 255)
    /// UIKit's `UIColor.yellow` (1, 1, 0).
    public static let yellow = Color(red: 255, green: 255, blue: 0)
    /// UIKit's `UIColor.orange` (1, 0.5, 0).
    public static let orange = Color(red: 255, green: 128, blue: 0)
    /// UIKit's `UIColor.lightGray` (white 2/3).
    public static let lightGray = Color(red: 170, green: 170, blue: 170)
    /// UIKit's `UIColor.darkGray` (white 1/3).
    public static let darkGray = Color(red: 85, green: 85, blue: 85)
    /// UIKit's `UIColor.gray` (white 0.5).
    public static let gray = Color(red: 128, green: 128, blue: 128)
}

/// Divides by 255 with rounding to nearest, exactly, for 0 ≤ x ≤ 255·255 + 255.
///
/// `(x + 128 + ((x + 128) >> 8)) >> 8` — the classic exact form (Jim Blinn,
/// "Three Wrongs Make a Right", IEEE CG&A 1995).
@inlinable public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}
