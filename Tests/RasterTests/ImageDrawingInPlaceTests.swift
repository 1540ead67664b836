import Geometry
import Testing

@testable import Raster

/// `Image.drawing` paints into the image's own storage and gives what a canvas and a copy give.
@Suite struct ImageDrawingInPlaceTests {
    /// Shapes, a clip and a transparency layer (one left open at the end), drawn on `canvas`.
    static func scene(_ canvas: Canvas, leavesLayerOpen: Bool) {
        canvas.fillRoundedRect(
            Rect(x: 2.5, y: 3.25, width: 30, height: 17.5), cornerRadii: CornerRadii(all: 5),
            color: Color(red: 200, green: 40, blue: 90, alpha: 180))
        canvas.pushClip(Rect(x: 10, y: 8, width: 25, height: 20), cornerRadii: CornerRadii(all: 4))
        canvas.fillRect(
            Rect(x: 0, y: 0, width: 20, height: 20), color: Color(red: 10, green: 160, blue: 60),
            transform: AffineTransform(rotationAngle: 0.3))
        canvas.popClip()
        canvas.beginTransparencyLayer(opacity: 0.5)
        canvas.fillRect(Rect(x: 12, y: 5, width: 20, height: 22), color: Color(red: 0, green: 0, blue: 255))
        canvas.endTransparencyLayer()
        if leavesLayerOpen {
            canvas.beginTransparencyLayer(opacity: 0.7)
            canvas.fillRect(Rect(x: 0, y: 0, width: 40, height: 30), color: Color(red: 255, green: 255, blue: 0))
        }
    }

    @Test(arguments: [
        Color.clear, Color(red: 255, green: 255, blue: 255), Color(red: 30, green: 60, blue: 90),
        Color(red: 30, green: 60, blue: 90, alpha: 100),
    ])
    func equalsACanvasAndACopy(background: Color) throws {
        for open in [false, true] {
            let canvas = try Canvas(width: 41, height: 29, background: background)
            ImageDrawingInPlaceTests.scene(canvas, leavesLayerOpen: open)
            let drawn = try Image.drawing(width: 41, height: 29, background: background) {
                ImageDrawingInPlaceTests.scene($0, leavesLayerOpen: open)
            }
            #expect(drawn == canvas.image)
            #expect(drawn[0, 0] == background.premultiplied)
        }
    }

    @Test func refusesSizesOutOfLimits() {
        #expect(throws: RasterError.self) { try Image.drawing(width: 0, height: 5) { _ in } }
        #expect(throws: RasterError.self) {
            try Image.drawing(width: ImageLimits.maximumDimension + 1, height: 1) { _ in }
        }
    }

    @Test func passesOnWhatTheDrawingThrows() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try Image.drawing(width: 3, height: 3) { _ in throw Stop() } }
    }
}
