import Foundation

/// A colour in CIELAB (D65 white), made from sRGB, for the ΔE94 metric.
struct CIELAB {
    /// L*, 0 (black) to 100 (white).
    var lightness: Double
    /// a*, green (negative) to red (positive).
    var a: Double
    /// b*, blue (negative) to yellow (positive).
    var b: Double

    /// The CIELAB colour of an sRGB colour with channels 0...255 (IEC 61966-2-1
    /// transfer function, sRGB→XYZ matrix and D65 white from the same standard).
    init(red: Double, green: Double, blue: Double) {
        func linear(_ c: Double) -> Double {
            let v = c / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), bl = linear(blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(x), fy = f(y), fz = f(z)
        lightness = 116 * fy - 16
        a = 500 * (fx - fy)
        b = 200 * (fy - fz)
    }

    /// CIE ΔE 1994 with the graphic-arts weights (kL = 1, K1 = 0.045, K2 = 0.015).
    func deltaE94(to other: CIELAB) -> Double {
        let deltaL = lightness - other.lightness
        let c1 = (a * a + b * b).squareRoot()
        let c2 = (other.a * other.a + other.b * other.b).squareRoot()
        let deltaC = c1 - c2
        let da = a - other.a, db = b - other.b
        let deltaH2 = max(0, da * da + db * db - deltaC * deltaC)
        let sC = 1 + 0.045 * c1
        let sH = 1 + 0.015 * c1
        let termC = deltaC / sC
        return (deltaL * deltaL + termC * termC + deltaH2 / (sH * sH)).squareRoot()
    }
}
