import Layout
import Testing

@testable import Scene

/// A scene whose layout shows more elements at once than a frame may is refused with the JSON
/// path to blame, before any view is made or any step's transitions are kept.
@Suite struct ShownElementLimitTests {
    /// 130,000 items; at 1 point each, 120,000 of them fill the 400×300 canvas.
    static func scene(itemSide: Int, animation: String = "") -> String {
        #"{"canvas": {"width": 400, "height": 300}, "#
            + #""layout": {"type": "flow", "itemSize": {"width": \#(itemSide), "height": \#(itemSide)}, "#
            + #""minimumInteritemSpacing": 0, "minimumLineSpacing": 0}, "#
            + #""sections": [{"itemCount": 130000}]\#(animation)}"#
    }

    static let refusal =
        "120000 elements (cells, supplementary and decoration views) would be shown at once, more than the 100000 one frame may show: make the items larger, or show fewer at a time"

    @Test func aStillSceneBlamesItsLayout() throws {
        let scene = try Scene(json: Self.scene(itemSide: 1))
        #expect(throws: SceneDecodingError(path: "layout", message: Self.refusal)) {
            _ = try SceneRenderer().render(scene)
        }
    }

    @Test func anAnimationIsRefusedAtItsStartOrAtTheStepThatShowsTooMany() throws {
        let steps =
            #", "animation": {"steps": [{"wait": 0.1}, {"setLayout": {"type": "flow", "#
            + #""itemSize": {"width": 1, "height": 1}, "minimumInteritemSpacing": 0, "minimumLineSpacing": 0}}]}"#
        let startsTooFull = try Scene(json: Self.scene(itemSide: 1, animation: steps))
        #expect(throws: SceneDecodingError(path: "layout", message: Self.refusal)) {
            _ = try SceneAnimationPlayer(scene: startsTooFull)
        }
        let becomesTooFull = try Scene(json: Self.scene(itemSide: 50, animation: steps))
        #expect(throws: SceneDecodingError(path: "animation.steps[1]", message: Self.refusal)) {
            _ = try SceneAnimationPlayer(scene: becomesTooFull)
        }
    }
}
