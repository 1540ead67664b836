import Geometry
import Raster
import Support

/// The three reference scenes S1–S3 of BENCHMARKS.md ("The reference scenes and
/// anchors"), built exactly as the anchors' measuring script built them, so our
/// figures sit beside the Blend2D, Skia and Cairo anchors recorded there.
public enum ReferenceScenes {
    /// Every DejaVu Sans digit advances 1303/2048 em.
    static let digitAdvance = 1303.0 / 2048.0
    /// DejaVu Sans cap height, 1493/2048 em.
    static let capHeight = 1493.0 / 2048.0
    static let background = Color(red: 242, green: 242, blue: 247)
    static let borderLight = Color(red: 209, green: 209, blue: 214)
    static let borderDark = Color(red: 58, green: 58, blue: 60)
    static let label = Color(red: 28, green: 28, blue: 30)

    /// S1, S2 and S3.
    public static var all: [ReferenceScene] { [grid(), transformed(), frames()] }

    /// HSV to an 8-bit colour, rounding half to even as Python's `round` does.
    static func hsv(_ hDeg: Double, _ s: Double, _ v: Double, alpha: Double = 1) -> Color {
        let h = hDeg.truncatingRemainder(dividingBy: 360) / 60
        let i = Int(h), f = h - Double(i)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        func byte(_ x: Double) -> UInt8 { UInt8((x * 255).rounded(.toNearestOrEven)) }
        return Color(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(alpha))
    }

    /// One collection-view cell: fill, inside border, centred digits label.
    static func cell(
        x: Double, y: Double, w: Double, h: Double, r: Double, fill: Color, borderWidth: Double, border: Color,
        text: String, size: Double, transform m: AffineTransform = .identity
    ) -> [DrawOperation] {
        let rect = Rect(x: x, y: y, width: w, height: h)
        let advance = Double(text.count) * digitAdvance * size
        let origin = Point(x: x + w / 2 - advance / 2, y: y + h / 2 + capHeight * size / 2)
        return [
            .fillRoundedRect(rect, radius: r, color: fill, transform: m),
            .border(rect, radius: r, width: borderWidth, color: border, transform: m),
            .text(text, origin: origin, size: size, color: label, transform: m),
        ]
    }

    /// S1 'grid': 1170x2532, 189 cells of 110x110 in 9 columns.
    public static func grid() -> ReferenceScene {
        var ops: [DrawOperation] = [.clear(background)]
        var i = 0
        for row in 0..<21 {
            for col in 0..<9 {
                ops += cell(
                    x: Double(20 + col * 120), y: Double(20 + row * 120), w: 110, h: 110, r: 12,
                    fill: hsv(Double(i * 37), 0.55, 0.90), borderWidth: 2, border: borderLight, text: String(i),
                    size: 28)
                i += 1
            }
        }
        return ReferenceScene(
            name: "S1", summary: "grid: 189 cells, 1170x2532", width: 1170, height: 2532, frames: [ops])
    }

    /// S2 'transformed': 60 overlapping translucent cells under rotation and scale.
    public static func transformed() -> ReferenceScene {
        var ops: [DrawOperation] = [.clear(background)]
        for i in 0..<60 {
            let angle = Double(-30 + (i * 23) % 61) * Double.pi / 180
            let s = 0.60 + Double((i * 37) % 71) / 100
            let cx = Double(100 + (i * 173) % 971), cy = Double(100 + (i * 367) % 2333)
            let alpha = 0.60 + Double((i * 13) % 31) / 100
            let co = cos(angle), si = sin(angle)
            let m = AffineTransform(a: s * co, b: s * si, c: -s * si, d: s * co, tx: cx, ty: cy)
            ops += cell(
                x: -100, y: -100, w: 200, h: 200, r: 20, fill: hsv(Double(i * 47), 0.6, 0.9, alpha: alpha),
                borderWidth: 3, border: borderDark, text: String(i), size: 28, transform: m)
        }
        return ReferenceScene(
            name: "S2", summary: "transformed: 60 rotated translucent cells", width: 1170, height: 2532, frames: [ops])
    }

    /// S3 'frames': 60 frames of 100 cells moving from a grid to a circle, 750x1334.
    public static func frames() -> ReferenceScene {
        var frames: [[DrawOperation]] = []
        let radius = min(750.0, 1334.0) / 2.5
        for f in 0..<60 {
            let t = Double(f) / 59
            var ops: [DrawOperation] = [.clear(.white)]
            for i in 0..<100 {
                let gx = Double(20 + 70 * (i % 10)), gy = Double(20 + 70 * (i / 10))
                let p = 2 * Double.pi * Double(i) / 100 - Double.pi / 2
                let qx = 375 + radius * cos(p) - 30, qy = 667 + radius * sin(p) - 30
                ops += cell(
                    x: gx + (qx - gx) * t, y: gy + (qy - gy) * t, w: 60, h: 60, r: 8,
                    fill: hsv(Double(i) * 3.6, 0.5, 0.95), borderWidth: 1, border: borderLight, text: String(i),
                    size: 20)
            }
            frames.append(ops)
        }
        return ReferenceScene(
            name: "S3", summary: "frames: 60 frames x 100 cells, 750x1334", width: 750, height: 1334, frames: frames)
    }
}
