import Animation
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

    @Test func aCellStateTakesOnlyATransform() throws {
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(cell: #"{"highlighted": {"transform": {"scale": 2}, "alpha": 0.5}}"#)
            }
                == #"cell.highlighted: unknown key "alpha"; a cell's state takes only "transform" and "duration" (colours and borders in a state go on its views, as contentView.highlighted)"#
        )
        #expect(
            thrownMessage(SceneDecodingError.self) { _ = try Self.scene(cell: #"{"selected": {}}"#) }
                == #"cell.selected: missing key "transform""#)
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(cell: #"{"selected": {"transform": {"scale": 2}, "duration": 11}}"#)
            } == "cell.selected.duration: must be at most 10 seconds, got 11")
        let negative = thrownMessage(SceneDecodingError.self) {
            _ = try Self.scene(cell: #"{"highlighted": {"transform": {"scale": 2}, "duration": -1}}"#)
        }
        #expect(negative?.hasPrefix("cell.highlighted.duration: ") == true, "\(negative ?? "no error")")
        let design = try #require(
            try Self.scene(cell: #"{"highlighted": {"transform": {"scale": 2}, "duration": 0.25}}"#).appearance.cell)
        #expect(design.highlightedDuration == 0.25 && design.selectedDuration == 0)
    }

    // MARK: State transforms that turn in and out

    /// The one cell's state transform in every frame of `scene`'s animation: nil where the
    /// frame shows its state's own.
    static func cellTransforms(_ player: SceneAnimationPlayer) -> [(time: Double, transform: Transform3D?)] {
        (0..<player.frameCount).map { index in
            let frame = player.frame(index)
            let cell = frame.elements.first { $0.attributes.representedElementCategory == .cell }
            return (frame.time, cell?.cellTransform)
        }
    }

    /// A highlighted transform with a duration turns in from the press, eased in and out, and
    /// out again from the release; the frame half-way draws the cell at the half-way scale.
    @Test func aHighlightedTransformWithADurationTurnsInAndOut() throws {
        let scene = try Self.scene(
            cell: #"{"highlighted": {"transform": {"scale": 1.5}, "duration": 0.2}}"#,
            root: #", "animation": {"fps": 20, "steps": [{"wait": 0.1}, {"tap": [0, 0], "duration": 0.4}]}"#)
        let player = try SceneAnimationPlayer(scene: scene)
        let shown = Self.cellTransforms(player)
        func scale(at t: Double) -> Double? {
            shown.first { abs($0.time - t) < 1e-9 }?.transform.map(\.m11)
        }
        // Pressed from 0.1 s to 0.3 s: 1 at the press, 1.25 half-way, growing throughout.
        #expect(shown[0].transform == nil && scale(at: 0.05) == nil)
        let growing = [0.1, 0.15, 0.2, 0.25].map { scale(at: $0) ?? .nan }
        #expect(abs(growing[0] - 1) < 1e-12 && abs(growing[2] - 1.25) < 1e-9, "\(growing)")
        #expect(zip(growing, growing.dropFirst()).allSatisfy { $0 < $1 }, "\(growing)")
        // Easing: the first quarter of the time gives less than a quarter of the way.
        #expect(growing[1] - 1 < 0.125)
        // Released at 0.3 s from the full 1.5, back to 1 at 0.5 s, then the state's own (nil).
        let shrinking = [0.3, 0.35, 0.4, 0.45].map { scale(at: $0) ?? .nan }
        #expect(abs(shrinking[0] - 1.5) < 1e-12 && abs(shrinking[2] - 1.25) < 1e-9, "\(shrinking)")
        #expect(zip(shrinking, shrinking.dropFirst()).allSatisfy { $0 > $1 }, "\(shrinking)")
        #expect(scale(at: 0.5) == nil && shown.last?.transform == nil)

        // The frame half-way draws what a still of the cell highlighted at 1.25 draws: 75 points
        // about the centre (70, 50).
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        let index = try #require(shown.firstIndex { abs($0.time - 0.2) < 1e-9 })
        let halfway = try #require(Self.inkBounds(try renderer.render(player.frame(index))))
        #expect(halfway.x == 32...107 && halfway.y == 12...87, "\(halfway)")
        // A cached cell drawn again without the transition shows its state's own transform.
        let last = try renderer.render(player.frame(player.frameCount - 1))
        #expect(last == (try SceneRenderer().render(player.finalScene)))
    }

    /// A release before the transform has turned in starts from where it got to; without a
    /// duration of its own (no selected transform), the way out takes the highlighted one's.
    @Test func aChangeThatStartsMidWayStartsFromWhereTheLastGotTo() throws {
        let scene = try Self.scene(
            cell: #"{"highlighted": {"transform": {"scale": 1.5}, "duration": 0.4}}"#,
            root:
                #", "animation": {"fps": 20, "steps": [{"wait": 0.1}, {"tap": [0, 0], "duration": 0.4}, {"wait": 1}]}"#)
        let shown = Self.cellTransforms(try SceneAnimationPlayer(scene: scene))
        func scale(at t: Double) -> Double? {
            shown.first { abs($0.time - t) < 1e-9 }?.transform.map(\.m11)
        }
        // Half-way in (1.25) at the release, 0.3 s; then 0.4 s out from there, past which nothing.
        let atRelease = try #require(scale(at: 0.3))
        #expect(abs(atRelease - 1.25) < 1e-9)
        let out = [0.3, 0.4, 0.5, 0.6, 0.65].map { scale(at: $0) ?? .nan }
        #expect(zip(out, out.dropFirst()).allSatisfy { $0 > $1 && $1 > 1 }, "\(out)")
        #expect(abs(out[2] - 1.125) < 1e-9)
        #expect(scale(at: 0.7) == nil)
    }

    /// A step that changes the items ends a turning transform at once: the cell shows its state's.
    @Test func aStepThatChangesTheItemsEndsATurningTransform() throws {
        let scene = try Self.scene(
            cell: #"{"selected": {"transform": {"scale": 1.5}, "duration": 1}}"#,
            root: #", "animation": {"fps": 20, "steps": [{"select": [0, 0]}, {"wait": 0.3}, "#
                + #"{"insertItems": [{"at": [0, 1], "item": {}}], "duration": 0.3}, {"wait": 1}]}"#)
        let shown = Self.cellTransforms(try SceneAnimationPlayer(scene: scene))
        let turning = shown.filter { $0.transform != nil }.map(\.time)
        // Selected at t = 0 (frame 0 is the scene itself); turning until the insert at 0.3 s.
        #expect(turning.count == 5 && turning.allSatisfy { $0 > 0 && $0 < 0.3 + 1e-9 }, "\(turning)")
        #expect(shown.first { abs($0.time - 0.3) < 1e-9 }?.transform == nil)
    }
}
