import Foundation
import Geometry
import Raster
import TestSupport
import Testing
import Text

/// One picture of everything the raster core draws, compared byte for byte
/// with `__Snapshots__/gallery.png`.
@Suite struct GalleryTests {
    static func drawGallery() throws -> Image {
        let canvas = try Canvas(width: 360, height: 270, background: Color(red: 242, green: 242, blue: 247))
        let blue = Color(red: 0, green: 122, blue: 255), orange = Color(red: 255, green: 149, blue: 0)
        let green = Color(red: 52, green: 199, blue: 89), red = Color(red: 255, green: 59, blue: 48)

        // Row 1: fractional rect, per-corner radii, even-odd star, circle, ring border.
        canvas.fillRect(Rect(x: 10.25, y: 10.5, width: 50.5, height: 40.25), color: blue)
        canvas.fillRoundedRect(
            Rect(x: 70, y: 10, width: 60, height: 40),
            cornerRadii: CornerRadii(topLeft: 0, topRight: 20, bottomRight: 4, bottomLeft: 12), color: orange)
        var star = Path()
        let points = (0..<5).map { k -> Point in
            let a = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
            return Point(x: 165 + 24 * cos(a), y: 32 + 24 * sin(a))
        }
        star.addPolygon(points)
        canvas.fill(star, color: green, fillRule: .evenOdd)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 200, y: 8, width: 46, height: 46))
        canvas.fill(circle, color: red)
        canvas.fillRoundedRect(
            Rect(x: 260, y: 10, width: 90, height: 42), cornerRadii: CornerRadii(all: 14), color: .white)
        canvas.strokeBorder(
            Rect(x: 260, y: 10, width: 90, height: 42), cornerRadii: CornerRadii(all: 14), width: 3, color: blue)

        // Row 2: affine transforms (rotation, skew, scale).
        let rotate = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 45, y: 95))
        canvas.fillRoundedRect(
            Rect(x: -30, y: -20, width: 60, height: 40), cornerRadii: CornerRadii(all: 8), color: orange,
            transform: rotate)
        canvas.strokeBorder(
            Rect(x: -30, y: -20, width: 60, height: 40), cornerRadii: CornerRadii(all: 8), width: 2, color: .black,
            transform: rotate)
        let skew = AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 95, ty: 70)
        canvas.fillRect(Rect(x: 0, y: 0, width: 50, height: 50), color: green, transform: skew)

        // Perspective: a checkerboard turned about the y axis.
        var checker = try Image(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 { checker[x, y] = ((x / 5 + y / 5) % 2 == 0 ? blue : Color.white).premultiplied }
        }
        let perspective = Transform3D(translationX: -40, y: -30, z: 0)
            .concatenating(Transform3D(rotationAngle: 0.9, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(perspectiveEyeDistance: 150))
            .concatenating(Transform3D(translationX: 235, y: 95, z: 0))
        canvas.draw(checker, in: Rect(x: 0, y: 0, width: 80, height: 60), transform: perspective)

        // Group opacity vs. separate opacity, and a rounded clip.
        canvas.beginTransparencyLayer(opacity: 0.5)
        canvas.fill(ellipse(290, 70, 26), color: red)
        canvas.fill(ellipse(310, 70, 26), color: red)
        canvas.endTransparencyLayer()
        canvas.fill(ellipse(290, 110, 26), color: red.withOpacity(0.5))
        canvas.fill(ellipse(310, 110, 26), color: red.withOpacity(0.5))

        canvas.pushClip(Rect(x: 10, y: 140, width: 80, height: 50), cornerRadii: CornerRadii(all: 25))
        for i in 0..<10 {
            canvas.fillRect(
                Rect(x: 10 + Double(i) * 8, y: 140, width: 4, height: 50), color: i % 2 == 0 ? blue : orange)
        }
        canvas.popClip()

        // Text in several sizes and alignments, and rotated.
        let font = try Font.bundled()
        var y = 140.0
        for (size, alignment) in [(10.0, TextAlignment.left), (14, .center), (20, .right)] {
            let box = Rect(x: 100, y: y, width: 150, height: size * 1.4)
            canvas.fillRect(box, color: .white)
            let layout = try TextLayout(
                "Collection \(Int(size))", font: font, size: size, width: box.width, alignment: alignment)
            layout.draw(into: canvas, at: layout.origin(centeredVerticallyIn: box), color: .black)
            y += size * 1.4 + 4
        }
        let wrapped = try TextLayout(
            "Cells, headers and footers, wrapped and truncated at the end", font: font, size: 11,
            width: 100, alignment: .left, numberOfLines: 2)
        wrapped.draw(into: canvas, at: Point(x: 255, y: 140), color: Color(red: 28, green: 28, blue: 30))
        let turned = try TextLayout("rotated", font: font, size: 16)
        turned.draw(
            into: canvas, at: .zero, color: red,
            transform: AffineTransform(rotationAngle: -0.35).concatenating(AffineTransform(translationX: 20, y: 245)))
        let small = try TextLayout("0123456789", font: font, size: 28)
        small.draw(into: canvas, at: Point(x: 120, y: 228), color: Color(red: 28, green: 28, blue: 30))
        return canvas.image
    }

    static func ellipse(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
        var p = Path()
        p.addEllipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        return p
    }

    @Test func galleryMatchesReference() throws {
        let image = try GalleryTests.drawGallery()
        GoldenImage.assertMatches(image, named: "gallery")
    }

    @Test func galleryIsDeterministic() throws {
        #expect(try GalleryTests.drawGallery() == GalleryTests.drawGallery())
    }
}
