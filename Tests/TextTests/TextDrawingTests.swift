import Geometry
import Raster
import Testing

@testable import Text

/// Drawing goes through `Canvas.fill(_:color:transform:fillRule:)`; these
/// tests check that what lands on the canvas is the glyph outline: the ink
/// equals the outline's area, nothing lands outside its box, and transforms
/// act on the outline exactly.
@Suite struct TextDrawingTests {
    let font: Font
    init() throws { font = try Font.bundled() }

    /// The signed area enclosed by `path` (shoelace over the outline with each
    /// quadratic curve split into 64 segments), in the path's units squared.
    /// TrueType holes wind opposite to outer contours, so the absolute value
    /// is the ink area under the non-zero rule when contours do not overlap.
    private func outlineArea(_ path: Path) -> Double {
        var area = 0.0
        var start = Point.zero
        var current = Point.zero
        func edge(to p: Point) {
            area += current.x * p.y - p.x * current.y
            current = p
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                edge(to: start)
                start = p
                current = p
            case .line(let p): edge(to: p)
            case .quad(let c, let p):
                let p0 = current
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    edge(
                        to: Point(
                            x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .cubic(_, _, let p): edge(to: p)  // TrueType outlines have none
            case .close: edge(to: start)
            }
        }
        edge(to: start)
        return area / 2
    }

    /// Total coverage in pixels: the sum of alpha over the image / 255.
    private func ink(_ image: Image) -> Double {
        var total = 0
        for i in stride(from: 3, to: image.pixels.count, by: 4) { total += Int(image.pixels[i]) }
        return Double(total) / 255
    }

    private func drawEight(
        size: Double, at origin: Point, transform: AffineTransform = .identity, canvasSize: Int = 100
    ) throws -> Image {
        let canvas = try Canvas(width: canvasSize, height: canvasSize)
        let layout = try TextLayout("8", font: font, size: size)
        layout.draw(into: canvas, at: origin, color: .black, transform: transform)
        return canvas.image
    }

    @Test func eightsInkEqualsItsOutlineArea() throws {
        let glyph = try font.glyph(#require(font.glyphIndex(for: "8")))
        let scale = 80.0 / 2048
        let area = abs(outlineArea(glyph.path)) * scale * scale
        // 770 040 units² of ink in the 1024 × 1549 control box: the stroke of an "8".
        #expect(abs(abs(outlineArea(glyph.path)) - 770_040) < 100)
        let image = try drawEight(size: 80, at: Point(x: 10.25, y: 5.5))
        #expect(abs(ink(image) - area) / area < 0.005, "ink \(ink(image)) vs outline area \(area)")
    }

    @Test func nothingOutsideTheGlyphsBox() throws {
        let origin = Point(x: 10.25, y: 5.5)
        let layout = try TextLayout("8", font: font, size: 80)
        let image = try drawEight(size: 80, at: origin)
        let box = try font.path(
            for: #require(font.glyphIndex(for: "8")), size: 80,
            origin: Point(x: origin.x, y: origin.y + layout.lines[0].baseline)
        ).controlPointBounds
        let (x0, x1) = (Int(box.minX.rounded(.down)), Int(box.maxX.rounded(.up)))
        let (y0, y1) = (Int(box.minY.rounded(.down)), Int(box.maxY.rounded(.up)))
        var outside = 0
        var inside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image[x, y].alpha
                if x < x0 || x >= x1 || y < y0 || y >= y1 { outside += Int(a) } else if a == 255 { inside += 1 }
            }
        }
        #expect(outside == 0)
        #expect(inside > 500)  // solid strokes, not a faint smear
    }

    @Test func drawingIsDeterministic() throws {
        let a = try drawEight(size: 33.3, at: Point(x: 7.1, y: 3.9))
        let b = try drawEight(size: 33.3, at: Point(x: 7.1, y: 3.9))
        #expect(a == b)
        #expect(ink(a) > 0)
    }

    @Test func transformsActOnTheOutline() throws {
        let glyph = try font.glyph(#require(font.glyphIndex(for: "8")))
        let scale = 40.0 / 2048
        let area = abs(outlineArea(glyph.path)) * scale * scale
        // Canvas scale 2: four times the ink.
        let doubled = try drawEight(size: 40, at: Point(x: 5, y: 2), transform: AffineTransform(scaleX: 2, y: 2))
        #expect(abs(ink(doubled) - 4 * area) / (4 * area) < 0.005)
        // Rotated by 30° about the canvas centre: same ink, and not the upright image.
        let rotation = AffineTransform(translationX: -50, y: -50).rotated(by: 0)
            .concatenating(AffineTransform(rotationAngle: .pi / 6))
            .concatenating(AffineTransform(translationX: 50, y: 50))
        let rotated = try drawEight(size: 40, at: Point(x: 40, y: 20), transform: rotation)
        let upright = try drawEight(size: 40, at: Point(x: 40, y: 20))
        #expect(abs(ink(rotated) - area) / area < 0.005)
        #expect(rotated != upright)
    }

    @Test func colourAndPositionOfAWord() throws {
        let canvas = try Canvas(width: 120, height: 40, background: .white)
        let layout = try TextLayout("Hi 42", font: font, size: 24, width: 120, alignment: .center)
        layout.draw(
            into: canvas, at: layout.origin(centeredVerticallyIn: Rect(x: 0, y: 0, width: 120, height: 40)), color: .red
        )
        var minX = Int.max, maxX = Int.min
        for y in 0..<40 {
            for x in 0..<120 where canvas.image[x, y] != Color.white.premultiplied {
                let p = canvas.image[x, y]
                #expect(p.red == 255 && p.alpha == 255)  // only red blended over white
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        // Centred: the ink's left and right margins differ by less than the side bearings' difference plus a pixel.
        #expect(abs(minX - (119 - maxX)) <= 3)
    }
}
