import Geometry
import Layout
import Raster
import TestSupport
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

    /// A label in a cell a billion points tall (the most a scene's number may be): the lines
    /// that fit are counted without counting them one by one (a cell 1e21 tall, once allowed,
    /// made an `Int` of 5e19).
    @Test func aLabelInACellTallerThanAnyTextDraws() throws {
        let image = try SceneRenderer().render(
            try scene(layout: #"{"type": "flow", "itemSize": {"width": 100, "height": 1e9}}"#))
        #expect(image.width == 320 && image.height == 240)
    }

    /// Numbers past ±1e9 are refused where they are read: 1e308 spacings once summed to an
    /// infinite content size, which no layout report can show, and left the layout empty.
    @Test func numbersPastABillionAreRefusedAtTheirPath() throws {
        let cases: [(layout: String, rest: String?, message: String)] = [
            (
                #"{"type": "flow", "minimumLineSpacing": 1e308}"#, nil,
                "layout.minimumLineSpacing: must be within ±1000000000, got 1e+308"
            ),
            (
                #"{"type": "flow", "itemSize": {"width": 1000000001, "height": 40}}"#, nil,
                "layout.itemSize.width: must be within ±1000000000, got 1000000001"
            ),
            (
                #"{"type": "flow", "sectionInset": {"top": -1e10, "left": 0, "bottom": 0, "right": 0}}"#, nil,
                "layout.sectionInset.top: must be within ±1000000000, got -10000000000"
            ),
            (
                #"{"type": "flow"}"#, #""contentOffset": {"x": 0, "y": 1e300}, "sections": []"#,
                "contentOffset.y: must be within ±1000000000, got 1e+300"
            ),
            (
                #"{"type": "flow"}"#,
                #""cell": {"contentView": {"transform": {"scale": 2e9}}}, "sections": []"#,
                "cell.contentView.transform.scale: must be within ±1000000000, got 2000000000"
            ),
        ]
        for (layout, rest, message) in cases {
            let thrown = thrownMessage(SceneDecodingError.self) {
                _ = try rest.map { try scene(layout: layout, rest: $0) } ?? scene(layout: layout)
            }
            #expect(thrown == message)
        }
        // The limit itself is a number like any other.
        #expect(throws: Never.self) {
            try scene(layout: #"{"type": "flow", "minimumLineSpacing": 1e9, "itemSize": {"width": 1e9, "height": 1}}"#)
        }
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

    /// A subview a billion points wide under perspective is not drawn (no canvas holds it), and
    /// the rest of the scene is.
    @Test func aHugeSubviewUnderPerspectiveIsLeftOut() throws {
        let rest = #"""
            "cell": {"contentView": {"backgroundColor": "#00FF00", "transform": {"rotationY": 30, "perspective": 500},
                     "subviews": [{"frame": {"x": 0, "y": 0, "width": 1e9, "height": 10}, "backgroundColor": "#FF0000"}]}},
            "sections": [{"itemCount": 1}]
            """#
        let image = try SceneRenderer().render(
            try scene(layout: #"{"type": "flow", "itemSize": {"width": 100, "height": 100}}"#, rest: rest))
        #expect(image.width == 320)
    }
}
