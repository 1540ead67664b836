import Geometry
import Raster
import Testing

@testable import Rendering

/// A view with a background and a border and nothing between them is drawn in one call
/// (`Canvas.fillRoundedRect(_:cornerRadii:color:borderWidth:borderColor:transform:)`); the
/// picture is the one the separate calls give, and views with content keep their border on top.
@Suite struct ViewBoxTests {
    let renderer = ViewRenderer(scale: 2, resources: try! RenderResources.bundled())

    func render(_ view: View) throws -> Image {
        let canvas = try Canvas(width: 160, height: 160, background: .white)
        try renderer.render(view, into: canvas, parentTransform: .identity)
        return canvas.image
    }

    func box(rotation: Double) -> View {
        let view = View(frame: Rect(x: 14, y: 18, width: 46, height: 38))
        view.backgroundColor = Color(red: 40, green: 140, blue: 220, alpha: 200)
        view.borderColor = Color(red: 20, green: 20, blue: 30, alpha: 230)
        view.borderWidth = 2.5
        view.cornerRadius = 9
        view.transform = AffineTransform(rotationAngle: rotation)
        return view
    }

    /// A hidden subview draws nothing but keeps the separate calls: both pictures are equal.
    @Test(arguments: [0.0, 0.35, -1.2])
    func oneCallDrawsWhatTheSeparateCallsDraw(rotation: Double) throws {
        let combined = try render(box(rotation: rotation))
        let separateView = box(rotation: rotation)
        let hidden = View(frame: Rect(x: 0, y: 0, width: 4, height: 4), backgroundColor: .black)
        hidden.isHidden = true
        separateView.addSubview(hidden)
        let separate = try render(separateView)
        #expect(combined == separate)
        #expect(combined != (try render(View(frame: .zero))), "the box is drawn")
    }

    /// A highlighted image view with only a highlighted image has content: its border stays on
    /// top of the image, as for an image view showing the same picture as its `image`.
    @Test func aHighlightedImageKeepsItsBorderOnTop() throws {
        var picture = try Image(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 { picture[x, y] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255) }
        }
        func imageView(highlightedOnly: Bool) -> ImageView {
            let view = ImageView(image: highlightedOnly ? nil : picture)
            view.frame = Rect(x: 10, y: 10, width: 50, height: 50)
            view.backgroundColor = .white
            view.borderColor = .black
            view.borderWidth = 4
            view.transform = AffineTransform(rotationAngle: 0.3)
            if highlightedOnly {
                view.highlightedImage = picture
                view.setHighlighted(true)
            }
            return view
        }
        #expect(imageView(highlightedOnly: true).hasOwnContent)
        #expect(try render(imageView(highlightedOnly: true)) == render(imageView(highlightedOnly: false)))
    }
}
