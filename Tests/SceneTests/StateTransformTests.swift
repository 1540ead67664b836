import Foundation
import Geometry
import Raster
import TestSupport
import Testing

@testable import Scene

/// A transform in a state: a cell design's `highlighted` / `selected` `{"transform": …}` (the
/// cell itself) and a view's `highlighted.transform` / `selected.transform`.
@Suite struct StateTransformTests {
    /// One 60×60 grey cell with a blue selected background at (40, 20), on a 200×100 canvas.
    static func scene(cell: String, root: String = "", inset: Double = 40) throws -> Scene {
        try Scene(
            json: #"""
                {"canvas": {"width": 200, "height": 100, "background": "#FFFFFF"},
                 "layout": {"type": "flow", "itemSize": {"width": 60, "height": 60},
                            "sectionInset": {"top": 20, "left": \#(inset), "bottom": 20, "right": 0}},
                 "cellStyle": {"backgroundColor": "#8E8E93", "selectedBackgroundColor": "#007AFF"},
                 "cell": \#(cell), "sections": [{"itemCount": 1}]\#(root)}
                """#)
    }

    /// The smallest rectangle holding every pixel that is not white.
    static func inkBounds(_ image: Image) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let white = Color(red: 255, green: 255, blue: 255).premultiplied
        var xs: [Int] = []
        var ys: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != white {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0...x1, y0...y1)
    }

    @Test func aHighlightedCellTakesTheDesignsTransformAboutItsCentre() throws {
        let renderer = try SceneRenderer()
        let design = #"{"highlighted": {"transform": {"scale": 1.5}}}"#
        let pressed = try renderer.render(try Self.scene(cell: design, root: #", "highlighted": [[0, 0]]"#))
        // 60 points scaled 1.5 about the centre (70, 50): 90 wide and high, from (25, 5).
        let bounds = try #require(Self.inkBounds(pressed))
        #expect(bounds.x == 25...114 && bounds.y == 5...94)
        #expect(pressed[70, 50] == Color(red: 0, green: 122, blue: 255).premultiplied)
        // Not highlighted: the cell as laid out.
        let still = try #require(Self.inkBounds(try renderer.render(try Self.scene(cell: design))))
        #expect(still.x == 40...99 && still.y == 20...79)
    }

    @Test func aTranslationInAStateDrawsAsTheCellMovedThere() throws {
        let renderer = try SceneRenderer()
        let moved = try renderer.render(try Self.scene(cell: "{}", root: #", "selected": [[0, 0]]"#, inset: 70))
        // The cell's own selected transform, and the content view's: the same pixels.
        for design in [
            #"{"selected": {"transform": {"translation": {"x": 30, "y": 0}}}}"#,
            #"{"highlighted": {"transform": {"scale": 3}}, "selected": {"transform": {"translation": {"x": 30, "y": 0}}}}"#,
        ] {
            let image = try renderer.render(try Self.scene(cell: design, root: #", "selected": [[0, 0]]"#))
            #expect(image == moved, "\(design)")
        }
        // Highlight wins over selection.
        let both = try renderer.render(
            try Self.scene(
                cell:
                    #"{"highlighted": {"transform": {"translation": {"x": 30, "y": 0}}}, "selected": {"transform": {"scale": 3}}}"#,
                root: #", "selected": [[0, 0]], "highlighted": [[0, 0]]"#))
        let pressedAndMoved = try renderer.render(
            try Self.scene(cell: "{}", root: #", "selected": [[0, 0]], "highlighted": [[0, 0]]"#, inset: 70))
        #expect(both == pressedAndMoved)
        // A view's state transform replaces its own.
        let content = #"""
            {"contentView": {"backgroundColor": "#FF9500", "insets": 10, "transform": {"scale": 0.5},
                             "highlighted": {"transform": {"translation": {"x": 30, "y": 0}}}}}
            """#
        let contentMoved = try renderer.render(
            try Self.scene(cell: content, root: #", "highlighted": [[0, 0]]"#))
        let orange = Color(red: 255, green: 149, blue: 0).premultiplied
        // The 40-point content square (not halved), 30 points right: x 80…119 at full size.
        #expect(contentMoved[81, 50] == orange && contentMoved[118, 50] == orange && contentMoved[78, 50] != orange)
    }

    @Test func aCellStateTakesOnlyATransform() {
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(cell: #"{"highlighted": {"transform": {"scale": 2}, "alpha": 0.5}}"#)
            }
                == #"cell.highlighted: unknown key "alpha"; a cell's state takes only "transform" (colours and borders in a state go on its views, as contentView.highlighted)"#
        )
        #expect(
            thrownMessage(SceneDecodingError.self) { _ = try Self.scene(cell: #"{"selected": {}}"#) }
                == #"cell.selected: missing key "transform""#)
    }
}
