import Geometry
import Raster

/// A stand-in for reference scene S1 'grid' (`reference/performance.md`),
/// used to choose PNG encoder settings before text rendering exists.
///
/// 1170x2532, background (242,242,247), 9x21 cells of 110x110 at pitch 120
/// from (20,20), each an anti-aliased rounded rectangle (radius 12, drawn by
/// `Canvas`) filled with hsv(37·i mod 360, 0.55, 0.90) and bordered 2 px
/// inside in (209,209,214), as in S1. Honest limit: the labels are
/// seven-segment digit blocks (16x22 px, 3 px strokes, (28,28,30), pixel
/// aligned) instead of anti-aliased DejaVu glyphs, so the real frame has more
/// distinct edge colours and compresses to larger files (see BENCHMARKS.md).
public enum StandInGridFrame {
    /// The frame's width in pixels.
    public static let width = 1170
    /// The frame's height in pixels.
    public static let height = 2532

    /// Draws the stand-in frame. It is opaque.
    ///
    /// - Complexity: O(width · height).
    public static func make() throws(RasterError) -> Image {
        let canvas = try Canvas(width: width, height: height, background: Color(red: 242, green: 242, blue: 247))
        let border = Color(red: 209, green: 209, blue: 214)
        let ink = Color(red: 28, green: 28, blue: 30)
        var i = 0
        for row in 0..<21 {
            for column in 0..<9 {
                let x0 = 20 + column * 120, y0 = 20 + row * 120
                let cell = Rect(x: Double(x0), y: Double(y0), width: 110, height: 110)
                let fill = hsv(hue: Double((i * 37) % 360), saturation: 0.55, value: 0.90)
                canvas.fillRoundedRect(cell, cornerRadii: CornerRadii(all: 12), color: fill)
                canvas.strokeBorder(cell, cornerRadii: CornerRadii(all: 12), width: 2, color: border)
                let digits = Array(String(i).utf8).map { Int($0) - 48 }
                var dx = x0 + 55 - digits.count * 18 / 2 + 1
                for digit in digits {
                    drawDigit(digit, x: dx, y: y0 + 44, color: ink, on: canvas)
                    dx += 18
                }
                i += 1
            }
        }
        return canvas.image
    }

    /// Segments a–g (top, upper right, lower right, bottom, lower left, upper left, middle) per digit.
    static let segments: [[Bool]] = [
        [true, true, true, true, true, true, false], [false, true, true, false, false, false, false],
        [true, true, false, true, true, false, true], [true, true, true, true, false, false, true],
        [false, true, true, false, false, true, true], [true, false, true, true, false, true, true],
        [true, false, true, true, true, true, true], [true, true, true, false, false, false, false],
        [true, true, true, true, true, true, true], [true, true, true, true, false, true, true],
    ]

    static func drawDigit(_ digit: Int, x: Int, y: Int, color: Color, on canvas: Canvas) {
        // (x, y, width, height) of each segment in a 16x22 box with 3 px strokes.
        let boxes = [
            (0, 0, 16, 3), (13, 0, 3, 11), (13, 11, 3, 11), (0, 19, 16, 3), (0, 11, 3, 11), (0, 0, 3, 11),
            (0, 10, 16, 3),
        ]
        for (s, on) in segments[digit].enumerated() where on {
            let (bx, by, bw, bh) = boxes[s]
            canvas.fillRect(
                Rect(x: Double(x + bx), y: Double(y + by), width: Double(bw), height: Double(bh)), color: color)
        }
    }

    /// hsv → opaque 8-bit colour, rounded like the reference script's `hsv`.
    static func hsv(hue: Double, saturation s: Double, value v: Double) -> Color {
        let h = hue.truncatingRemainder(dividingBy: 360) / 60
        let sector = Int(h)
        let f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        func byte(_ c: Double) -> UInt8 { UInt8(Int(c * 255 + 0.5)) }
        return Color(red: byte(r), green: byte(g), blue: byte(b))
    }
}
