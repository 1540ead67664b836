import Geometry
import Raster

/// The sample pictures in `Assets/Images/`, drawn with the project's own
/// rasterizer so that anyone can regenerate them (`collection-preview assets`).
///
/// Each picture is designed on a 100 x 100 grid and drawn at `size` pixels.
public enum AnimalArt: String, CaseIterable, Sendable {
    /// The animals the samples show, and a neutral placeholder picture.
    case cat, dog, bear, frog, panda, pig, placeholder

    /// Draws the picture into a new `size` x `size` image.
    ///
    /// - Throws: `RasterError` when `size` is outside the image limits.
    public func image(size: Int) throws -> Image {
        let canvas = try Canvas(width: size, height: size)
        let s = Double(size) / 100
        let pen = Pen(canvas: canvas, transform: AffineTransform(scaleX: s, y: s))
        switch self {
        case .cat: drawCat(pen)
        case .dog: drawDog(pen)
        case .bear: drawBear(pen)
        case .frog: drawFrog(pen)
        case .panda: drawPanda(pen)
        case .pig: drawPig(pen)
        case .placeholder: drawPlaceholder(pen)
        }
        return canvas.image
    }

    private func eyes(_ p: Pen, y: Double, dx: Double, r: Double, color: Color = .black) {
        p.circle(50 - dx, y, r, color)
        p.circle(50 + dx, y, r, color)
        p.circle(50 - dx + r * 0.35, y - r * 0.35, r * 0.35, .white)
        p.circle(50 + dx + r * 0.35, y - r * 0.35, r * 0.35, .white)
    }

    private func drawCat(_ p: Pen) {
        let fur = Color(red: 242, green: 153, blue: 74), inner = Color(red: 255, green: 196, blue: 196)
        p.polygon([(18, 40), (24, 8), (46, 28)], fur)
        p.polygon([(82, 40), (76, 8), (54, 28)], fur)
        p.polygon([(24, 34), (27, 16), (40, 28)], inner)
        p.polygon([(76, 34), (73, 16), (60, 28)], inner)
        p.ellipse(50, 58, 36, 32, fur)
        p.ellipse(50, 70, 16, 11, Color(red: 255, green: 236, blue: 214))
        eyes(p, y: 52, dx: 14, r: 5)
        p.polygon([(45, 63), (55, 63), (50, 69)], Color(red: 230, green: 90, blue: 110))
        for (dy, slope) in [(-2.0, -3.0), (3.0, 0.0), (8.0, 3.0)] {
            p.line(40, 68 + dy, 18, 66 + dy + slope, 1.2, Color(red: 90, green: 60, blue: 40))
            p.line(60, 68 + dy, 82, 66 + dy + slope, 1.2, Color(red: 90, green: 60, blue: 40))
        }
    }

    private func drawDog(_ p: Pen) {
        let fur = Color(red: 196, green: 148, blue: 98), ear = Color(red: 120, green: 80, blue: 50)
        p.ellipse(50, 54, 32, 34, fur)
        p.ellipse(20, 50, 11, 24, ear)
        p.ellipse(80, 50, 11, 24, ear)
        p.ellipse(50, 70, 18, 14, Color(red: 240, green: 222, blue: 196))
        eyes(p, y: 48, dx: 12, r: 5)
        p.ellipse(50, 63, 7, 5, .black)
        p.ellipse(50, 80, 6, 6, Color(red: 235, green: 90, blue: 100))
        p.line(50, 68, 50, 75, 1.5, .black)
    }

    private func drawBear(_ p: Pen) {
        let fur = Color(red: 140, green: 95, blue: 60), light = Color(red: 214, green: 176, blue: 130)
        p.circle(24, 26, 13, fur)
        p.circle(76, 26, 13, fur)
        p.circle(24, 26, 7, light)
        p.circle(76, 26, 7, light)
        p.circle(50, 56, 36, fur)
        p.ellipse(50, 68, 15, 12, light)
        eyes(p, y: 48, dx: 14, r: 4.5)
        p.ellipse(50, 63, 6, 4.5, Color(red: 50, green: 30, blue: 20))
    }

    private func drawFrog(_ p: Pen) {
        let skin = Color(red: 110, green: 190, blue: 90)
        p.circle(30, 30, 15, skin)
        p.circle(70, 30, 15, skin)
        p.ellipse(50, 62, 40, 30, skin)
        p.circle(30, 30, 10, .white)
        p.circle(70, 30, 10, .white)
        p.circle(31, 31, 5.5, .black)
        p.circle(69, 31, 5.5, .black)
        p.ellipse(50, 70, 22, 7, Color(red: 60, green: 120, blue: 50))
        p.ellipse(50, 67, 22, 6, skin)
        p.circle(26, 66, 5, Color(red: 240, green: 150, blue: 150, alpha: 160))
        p.circle(74, 66, 5, Color(red: 240, green: 150, blue: 150, alpha: 160))
    }

    private func drawPanda(_ p: Pen) {
        let black = Color(red: 30, green: 30, blue: 34)
        p.circle(24, 26, 12, black)
        p.circle(76, 26, 12, black)
        p.circle(50, 55, 36, .white)
        p.ellipse(35, 50, 9, 12, black)
        p.ellipse(65, 50, 9, 12, black)
        p.circle(36, 49, 4, .white)
        p.circle(64, 49, 4, .white)
        p.circle(36, 49, 2.2, black)
        p.circle(64, 49, 2.2, black)
        p.ellipse(50, 65, 6, 4, black)
        p.line(50, 68, 50, 73, 1.5, black)
    }

    private func drawPig(_ p: Pen) {
        let skin = Color(red: 248, green: 170, blue: 185), dark = Color(red: 225, green: 120, blue: 145)
        p.polygon([(20, 36), (22, 12), (42, 26)], dark)
        p.polygon([(80, 36), (78, 12), (58, 26)], dark)
        p.circle(50, 56, 36, skin)
        p.ellipse(50, 66, 15, 11, dark)
        p.ellipse(44, 66, 3, 5, Color(red: 150, green: 70, blue: 90))
        p.ellipse(56, 66, 3, 5, Color(red: 150, green: 70, blue: 90))
        eyes(p, y: 46, dx: 14, r: 4.5)
    }

    private func drawPlaceholder(_ p: Pen) {
        p.roundedRect(4, 4, 92, 92, 10, Color(red: 229, green: 229, blue: 234))
        p.circle(70, 32, 9, Color(red: 174, green: 174, blue: 178))
        p.polygon([(12, 84), (38, 46), (58, 74), (68, 62), (88, 84)], Color(red: 142, green: 142, blue: 147))
    }
}
