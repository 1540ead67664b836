import Foundation
import Geometry
import Raster
import Testing
import Text

@testable import Rendering

/// A label's text never shows outside the label's bounds (UILabel draws into a
/// backing store of its bounds' size), and text that fits is drawn exactly as
/// without a clip.
@Suite struct LabelClippingTests {
    static let scale = 2.0
    let resources = try! RenderResources.bundled()

    /// The label drawn alone on a transparent 200 × 120 canvas at scale 2.
    func render(_ label: Label) throws -> Image {
        let canvas = try Canvas(width: 200, height: 120)
        try ViewRenderer(scale: Self.scale, resources: resources).render(
            label, into: canvas, parentTransform: Transform3D(AffineTransform(scaleX: Self.scale, y: Self.scale)))
        return canvas.image
    }

    /// The label's text drawn straight from its layout, with no clip.
    func unclipped(_ label: Label) throws -> Image {
        let canvas = try Canvas(width: 200, height: 120)
        let layout = try #require(try label.textLayout(resources: resources))
        let bounds = label.frame
        layout.draw(
            into: canvas, at: layout.origin(centeredVerticallyIn: bounds), color: label.textColor,
            transform: AffineTransform(scaleX: Self.scale, y: Self.scale))
        return canvas.image
    }

    /// The inked pixels whose square lies wholly outside `box` (device pixels).
    func inkOutside(_ image: Image, _ box: Rect) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 0 {
                let pixel = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                if pixel.intersection(box).isEmpty { count += 1 }
            }
        }
        return count
    }

    func inked(_ image: Image) -> Int {
        var count = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].alpha > 0 { count += 1 } }
        return count
    }

    func deviceBox(_ label: Label) -> Rect {
        let f = label.frame
        return Rect(
            x: f.minX * Self.scale, y: f.minY * Self.scale, width: f.width * Self.scale, height: f.height * Self.scale)
    }

    @Test func textThatFitsIsDrawnAsWithoutAClip() throws {
        let label = Label(frame: Rect(x: 10, y: 10, width: 80, height: 30), text: "Fits")
        let drawn = try render(label)
        #expect(inked(drawn) > 50)
        let same = drawn == (try unclipped(label))
        #expect(same)
    }

    /// Labels whose text reaches past their bounds: `.byClipping` keeps the rest of the paragraph
    /// on the last line, overflowing the width; a font taller than the frame still shows one
    /// line, cut at the top and bottom.
    static let overflowing: [(frame: Rect, text: String, fontSize: Double, mode: LineBreakMode)] = [
        (Rect(x: 10, y: 10, width: 40, height: 24), "Overflowing text goes on", 17, .byClipping),
        (Rect(x: 10, y: 20, width: 80, height: 10), "Tall gyp", 30, .byTruncatingTail),
    ]

    @Test(arguments: overflowing.indices)
    func textPastTheBoundsIsCutAtThem(_ index: Int) throws {
        let spec = Self.overflowing[index]
        let label = Label(frame: spec.frame, text: spec.text)
        label.fontSize = spec.fontSize
        label.lineBreakMode = spec.mode
        let box = deviceBox(label)
        #expect(inkOutside(try unclipped(label), box) > 100, "without the clip the text runs past the label")
        let drawn = try render(label)
        #expect(inkOutside(drawn, box) == 0)
        #expect(inked(drawn) > 100)
    }

    /// Under a rotation the clip is the rotated bounds, with an exact-area edge.
    @Test func aRotatedLabelIsCutAtItsRotatedBounds() throws {
        let label = Label(frame: Rect(x: 20, y: 20, width: 50, height: 12), text: "Rotated and clipped")
        label.fontSize = 22
        label.lineBreakMode = .byClipping
        label.transform = AffineTransform(rotationAngle: 0.4)
        let drawn = try render(label)
        #expect(inked(drawn) > 100)
        // The rotated bounds in device pixels: the frame's centre, the bounds turned by 0.4.
        let centre = Point(x: label.center.x * Self.scale, y: label.center.y * Self.scale)
        let (c, s) = (cos(0.4), sin(0.4))
        let halfWidth = label.bounds.width * Self.scale / 2, halfHeight = label.bounds.height * Self.scale / 2
        var outside = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where drawn[x, y].alpha > 0 {
                // The pixel centre in the label's unrotated frame; a pixel reaches at most √2/2 from its centre.
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let u = c * dx + s * dy, v = -s * dx + c * dy
                if abs(u) > halfWidth + 0.71 || abs(v) > halfHeight + 0.71 { outside += 1 }
            }
        }
        #expect(outside == 0)
    }

    /// The ink box of descenders reaches below the baseline; a space has none.
    @Test func inkBoundsHoldEveryGlyphAndReachBelowTheLineForDescenders() throws {
        let font = resources.font
        let layout = try TextLayout("gyp", font: font, size: 20)
        let ink = layout.inkBounds
        let baseline = layout.lines[0].baseline
        #expect(ink.maxY > baseline + 3, "g, y and p reach below the baseline")
        #expect(ink.minY < baseline - 9, "p's bowl and g's reach the x-height")
        #expect(ink.minX >= 0 && ink.maxX <= layout.size.width + 1)
        #expect(try TextLayout(" ", font: font, size: 20).inkBounds.isNull, "a space has no ink")
    }
}
