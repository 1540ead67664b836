import Geometry
import Layout
import Raster
import Testing

@testable import Scene

/// Legal but extreme numbers in a scene draw, or fail with an error, and never trap or hang:
/// each of these once converted a huge `Double` to an `Int` or counted a line's capacity one
/// item at a time.
@Suite struct ExtremeValueTests {
    /// A 320 × 240 scene with `layout` and `rest` (more members of the scene object).
    private func scene(layout: String, rest: String = #""sections": [{"items": [{"text": "A"}]}]"#) throws -> Scene {
        try Scene(
            json: #"{"canvas": {"width": 320, "height": 240}, "layout": "# + layout + ", " + rest + "}")
    }

    /// A label in a cell 1e21 points tall: the lines that fit are counted without an `Int` of
    /// 5e19.
    @Test func aLabelInACellTallerThanAnyTextDraws() throws {
        let image = try SceneRenderer().render(
            try scene(layout: #"{"type": "flow", "itemSize": {"width": 100, "height": 1e21}}"#))
        #expect(image.width == 320 && image.height == 240)
    }

    /// Items 1e-14 points wide (a line holds at most 10^15 of them: the count stops there),
    /// and 1e-320 wide (a denormal pitch, whose estimate overflows: the count is found by
    /// bisection), lay out on one line at once.
    @Test(arguments: ["1e-14", "1e-320"])
    func itemsTooNarrowToCountLayOutOnOneLine(_ width: String) throws {
        let layout =
            #"{"type": "flow", "itemSize": {"width": "# + width + #", "height": 20}, "minimumInteritemSpacing": 0}"#
        let cv = try scene(layout: layout, rest: #""sections": [{"itemCount": 5}]"#).makeCollectionView()
        let frames = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 240)).map(\.frame)
        #expect(frames.count == 5 && Set(frames.map(\.minY)).count == 1)
    }

    /// A subview 1e19 points wide under perspective is not drawn (no canvas holds it), and the
    /// rest of the scene is.
    @Test func aHugeSubviewUnderPerspectiveIsLeftOut() throws {
        let rest = #"""
            "cell": {"contentView": {"backgroundColor": "#00FF00", "transform": {"rotationY": 30, "perspective": 500},
                     "subviews": [{"frame": {"x": 0, "y": 0, "width": 1e19, "height": 10}, "backgroundColor": "#FF0000"}]}},
            "sections": [{"itemCount": 1}]
            """#
        let image = try SceneRenderer().render(
            try scene(layout: #"{"type": "flow", "itemSize": {"width": 100, "height": 100}}"#, rest: rest))
        #expect(image.width == 320)
    }
}
