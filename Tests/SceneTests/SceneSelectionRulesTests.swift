import Foundation
import Layout
import TestSupport
import Testing

@testable import Scene

/// What a scene allows a touch to do (`allowsSelection`, `allowsMultipleSelection`, an item's
/// `shouldHighlight`, `shouldSelect`, `shouldDeselect` and `canMove`), in still scenes and in
/// the taps and drags of an animation.
@Suite struct SceneSelectionRulesTests {
    /// Six items, 0–5; `items` replaces item JSON by index, `root` adds root keys.
    static func scene(root: String = "", items: [Int: String] = [:], steps: String? = nil) throws -> Scene {
        let list = (0..<6).map { items[$0] ?? #"{"text": "\#($0)"}"# }.joined(separator: ", ")
        let animation = steps.map { #", "animation": {"fps": 10, "steps": [\#($0)]}"# } ?? ""
        return try Scene(
            json: #"""
                {"canvas": {"width": 240, "height": 200, "background": "#FFFFFF"},
                 "layout": {"type": "flow", "itemSize": {"width": 60, "height": 60}},
                 "cellStyle": {"backgroundColor": "#E5E5EA", "selectedBackgroundColor": "#007AFF"},
                 "sections": [{"items": [\#(list)]}]\#(root)\#(animation)}
                """#)
    }

    static func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// Each step's state after it: the selected items, and the items highlighted while a tap presses.
    static func play(_ scene: Scene) throws -> (selected: [Int], pressed: [[Int]]) {
        let player = try SceneAnimationPlayer(scene: scene)
        let frames = (0..<player.frameCount).map { player.states[player.frame($0).state] }
        let pressed = frames.map { $0.highlighted.map(\.item) }.filter { !$0.isEmpty }
        return (player.finalScene.selected.map(\.item), pressed)
    }

    /// Three taps, after a frame at rest (the first frame shows the scene before any step).
    static let taps =
        #"{"wait": 0.1}, {"tap": [0, 1], "duration": 0.2}, {"tap": [0, 3], "duration": 0.2}, {"tap": [0, 1], "duration": 0.2}"#

    @Test func multipleSelectionAddsAndATapOnASelectedItemDeselectsIt() throws {
        // Single selection (the default): each tap replaces the selection, a tap on the selected
        // item keeps it.
        #expect(try Self.play(try Self.scene(steps: Self.taps)).selected == [1])
        let multiple = try Self.play(try Self.scene(root: #", "allowsMultipleSelection": true"#, steps: Self.taps))
        #expect(multiple.selected == [3])
        #expect(multiple.pressed == [[1], [3], [1]])
        // Two selected items imply multiple selection, unless the scene says otherwise.
        let implied = try Self.scene(root: #", "selected": [[0, 0], [0, 2]]"#, steps: Self.taps)
        #expect(implied.selectsMultipleItems)
        #expect(try Self.play(implied).selected == [0, 2, 3])
        #expect(!(try Self.scene(root: #", "selected": [[0, 0]]"#)).selectsMultipleItems)
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(root: #", "selected": [[0, 0], [0, 2]], "allowsMultipleSelection": false"#)
            } == "selected: lists 2 items, and the scene's allowsMultipleSelection is false")
    }

    @Test func anItemsAnswersDecideWhatATapDoes() throws {
        let items = [
            1: #"{"text": "1", "shouldHighlight": false}"#, 3: #"{"text": "3", "shouldSelect": false}"#,
            4: #"{"text": "4", "shouldDeselect": false}"#,
        ]
        // shouldHighlight false: no highlight and no selection; shouldSelect false: pressed, not selected.
        let single = try Self.play(
            try Self.scene(
                items: items,
                steps: #"{"wait": 0.1}, {"tap": [0, 1], "duration": 0.2}, {"tap": [0, 3], "duration": 0.2}"#))
        #expect(single.selected.isEmpty && single.pressed == [[3]])
        // shouldDeselect false holds a selected item under multiple selection.
        let multiple = try Self.play(
            try Self.scene(
                root: #", "allowsMultipleSelection": true"#, items: items,
                steps: #"{"tap": [0, 4]}, {"tap": [0, 2]}, {"tap": [0, 4]}, {"tap": [0, 2]}"#))
        #expect(multiple.selected == [4])
        // The delegate answers as the items say, and follows an item when it moves.
        let scene = try Self.scene(items: items, steps: #"{"moveItem": {"from": [0, 1], "to": [0, 5]}}"#)
        let moved = try SceneAnimationPlayer(scene: scene).finalScene.makeCollectionView()
        let answers = moved.sceneDataSource
        #expect(!answers.collectionView(moved, shouldHighlightItemAt: Self.path(5)))
        #expect(answers.collectionView(moved, shouldHighlightItemAt: Self.path(1)))
        #expect(!answers.collectionView(moved, shouldSelectItemAt: Self.path(2)))
        #expect(!answers.collectionView(moved, shouldDeselectItemAt: Self.path(3)))
    }

    @Test func withoutAllowsSelectionNothingIsSelectedOrHighlighted() throws {
        let off = #", "allowsSelection": false"#
        let played = try Self.play(try Self.scene(root: off, steps: Self.taps + #", {"select": [0, 2]}"#))
        #expect(played.selected.isEmpty && played.pressed.isEmpty)
        #expect(!(try Self.scene(root: off)).makeCollectionView().allowsSelection)
        for (list, key) in [("selected", "selected"), ("highlighted", "highlighted")] {
            #expect(
                thrownMessage(SceneDecodingError.self) {
                    _ = try Self.scene(root: off + #", "\#(list)": [[0, 1]]"#)
                } == "\(key): nothing can be \(key): the scene's allowsSelection is false")
        }
    }

    @Test func stillScenesFollowTheRules() throws {
        // An item selected in code may refuse taps: selectItem(at:) does not ask the delegate.
        let selected = try Self.scene(
            root: #", "selected": [[0, 3]]"#, items: [3: #"{"text": "3", "shouldSelect": false}"#])
        #expect(selected.makeCollectionView().indexPathsForSelectedItems == [Self.path(3)])
        // A touch could not highlight an item whose shouldHighlight is false.
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(
                    root: #", "highlighted": [[0, 0], [0, 2]]"#, items: [2: #"{"shouldHighlight": false}"#])
            } == "highlighted[1]: item [0, 2] cannot be highlighted: its shouldHighlight is false")
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(items: [2: #"{"canMove": "no"}"#])
            } == #"sections[0].items[2].canMove: must be true or false, got "no""#)
    }

    @Test func aSelectedItemCoveredAtItsCentreDoesNotSelectTheItemOnTop() throws {
        // The circle layout piles large items on one another: item 3 covers item 0's centre.
        let scene = try Scene(
            json: #"""
                {"canvas": {"width": 300, "height": 300}, "layout": {"type": "circle", "itemSize": {"width": 250, "height": 250}},
                 "allowsMultipleSelection": true, "sections": [{"itemCount": 4}], "selected": [[0, 0]]}
                """#)
        let cv = scene.makeCollectionView()
        let centre = try #require(cv.layoutAttributesForItem(at: Self.path(0))).center
        #expect(cv.indexPathForItem(at: centre) != Self.path(0))
        #expect(cv.indexPathsForSelectedItems == [Self.path(0)])
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(root: #", "selected": [[0, 1], [0, 2], [0, 1]]"#)
            } == "selected[2]: item [0, 1] is listed twice")
    }

    @Test func aDragOfAnItemThatCannotMoveMovesNothing() throws {
        let drag = #"{"drag": {"item": [0, 0], "path": [{"x": 30, "y": 30}, {"x": 150, "y": 100}]}, "duration": 0.5}"#
        let movable = try SceneAnimationPlayer(scene: try Self.scene(steps: drag))
        #expect(movable.finalScene.sections[0].items?.map { $0.text ?? "" } != (0..<6).map(String.init))
        let pinned = try Self.scene(items: [0: #"{"text": "0", "canMove": false}"#], steps: drag)
        let player = try SceneAnimationPlayer(scene: pinned)
        #expect(player.frameCount == 6 && player.finalScene.sections == pinned.sections)
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        var still = pinned
        still.animation = nil
        let expected = try SceneRenderer().render(still)
        for index in 0..<player.frameCount { #expect(try renderer.render(player.frame(index)) == expected) }
    }

    @Test func aTapReachesOnlyWhatIsOnScreenAndOnTop() throws {
        func scene(_ steps: String, pinned: Bool = false) throws -> Scene {
            try Scene(
                json: #"""
                    {"canvas": {"width": 240, "height": 200},
                     "layout": {"type": "flow", "itemSize": {"width": 60, "height": 60},
                                "headerReferenceSize": {"width": 0, "height": 40}, "sectionHeadersPinToVisibleBounds": \#(pinned)},
                     "sections": [{"itemCount": 30, "header": {"text": "Pinned"}}],
                     "animation": {"fps": 10, "steps": [\#(steps)]}}
                    """#)
        }
        // Header 0…40, rows of three 70 points apart from 40. Item 20 (row 6, 460…520) is below the 200-point canvas: no finger can touch it.
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try SceneAnimationPlayer(scene: try scene(#"{"tap": [0, 20]}"#))
            }
                == "animation.steps[0].tap: index path [0, 20]: the item's centre (210.0, 490.0) is outside the visible "
                + "bounds, where no finger can touch it; scroll to it first")
        let scrolled = try SceneAnimationPlayer(
            scene: try scene(#"{"scrollTo": {"x": 0, "y": 400}}, {"tap": [0, 20]}"#))
        #expect(scrolled.finalScene.selected == [Self.path(20)])
        // Scrolled by 110, the pinned header (110…150) covers the centre of item 3 (110…170), so it
        // takes the tap; unpinned, the item is tapped.
        let covered = try SceneAnimationPlayer(
            scene: try scene(#"{"scrollTo": {"x": 0, "y": 110}}, {"tap": [0, 3]}"#, pinned: true))
        #expect(covered.finalScene.selected.isEmpty)
        let open = try SceneAnimationPlayer(scene: try scene(#"{"scrollTo": {"x": 0, "y": 110}}, {"tap": [0, 3]}"#))
        #expect(open.finalScene.selected == [Self.path(3)])
    }

    @Test func aLongPressHoldsTheItemThenShowsTheMenuUntilAStepDismissesIt() throws {
        let press = #"{"longPress": {"item": [0, 4], "actions": ["copy"]}}"#
        let scene = try Self.scene(steps: #"{"wait": 0.1}, \#(press), {"wait": 0.3}, {"tap": [0, 1]}, {"wait": 0.1}"#)
        let player = try SceneAnimationPlayer(scene: scene)
        let frames = (0..<player.frameCount).map { player.states[player.frame($0).state] }
        // 10 fps: at rest at 0, pressed from 0.1 to 0.6 (0.5 s by default), then the menu until
        // the tap at 0.9 dismisses it.
        #expect(frames.map { $0.highlighted.map(\.item) }.prefix(7) == [[], [4], [4], [4], [4], [4], []])
        #expect(
            frames.map { $0.appearance.menu?.item.item }.prefix(10) == [nil, nil, nil, nil, nil, nil, 4, 4, 4, nil])
        #expect(frames[6].appearance.menu?.actions == [.copy] && frames[6].selected.isEmpty)
        #expect(player.finalScene.appearance.menu == nil && player.finalScene.selected == [Self.path(1)])
        // The menu is drawn over the item: the frame differs from the still scene only there.
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        var still = scene
        still.animation = nil
        still.appearance.menu = MenuSpec(item: Self.path(4), actions: [.copy])
        let menuShown = try renderer.render(player.frame(6)) == (try SceneRenderer().render(still))
        #expect(menuShown)
        // Where no finger can press, or nothing is there to press, the step is an error.
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try SceneAnimationPlayer(scene: try Self.scene(steps: #"{"longPress": {"item": [0, 9]}}"#))
            } == "animation.steps[0].longPress.item: no item [0, 9] to press")
        // An item whose shouldHighlight is false is not pressed, but its menu still shows.
        let locked = try SceneAnimationPlayer(
            scene: try Self.scene(items: [4: #"{"text": "4", "shouldHighlight": false}"#], steps: press))
        #expect(locked.states.allSatisfy { $0.highlighted.isEmpty })
        #expect(locked.finalScene.appearance.menu?.item == Self.path(4))
    }
}
