import Geometry
import Raster
import Rendering
import Testing

@testable import Scene

/// The debug overlay's inset tints: orange around a flow section's items, purple around the
/// content where the collection view has a content inset.
@Suite struct DebugOverlayInsetTests {
    /// A white 200×200 canvas, a 40-point content inset above and 10 points to the left, and
    /// 10-point section insets around 50×50 items.
    static func scene(debug: Bool, extra: String = "") throws -> Scene {
        try Scene(
            json: #"""
                {"canvas": {"width": 200, "height": 200, "background": "#FFFFFF"}, "debug": \#(debug),
                 "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                            "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
                 "contentInset": {"top": 40, "left": 10}, "sections": [{"itemCount": 4}]\#(extra)}
                """#)
    }

    @Test func theContentInsetIsTintedPurpleAndTheSectionInsetOrange() throws {
        let plain = try SceneRenderer().render(try Self.scene(debug: false))
        let debug = try SceneRenderer().render(try Self.scene(debug: true))
        let white = Color.white.premultiplied
        // The view rests at (−10, −40): the content inset is the top 40 rows and the left 10
        // columns; the section inset is the next 10 points inside the content.
        let topBand = debug[100, 20], leftBand = debug[5, 100], section = debug[15, 45]
        #expect(plain[100, 20] == white && plain[5, 100] == white && plain[15, 45] == white)
        #expect(topBand == leftBand)
        #expect(topBand.blue > topBand.green && topBand.red > topBand.green && topBand.blue > topBand.red)
        #expect(section.red == 255 && section.blue < section.green)
        // The corner where both insets meet is tinted once, by the content inset alone.
        #expect(debug[5, 20] == topBand)
    }

    @Test func withoutAContentInsetNothingIsTintedPurple() throws {
        let scene = try Scene(
            json: #"""
                {"canvas": {"width": 200, "height": 200, "background": "#FFFFFF"}, "debug": true,
                 "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50}}, "sections": [{"itemCount": 4}]}
                """#)
        #expect(PresentationState.contentInsetArea(of: scene.makeCollectionView()) == nil)
        let shown = try Self.scene(debug: true).makeCollectionView()
        // The content grown by the inset: 10 points to the left, 40 above, nothing else.
        let area = try #require(PresentationState.contentInsetArea(of: shown))
        #expect(area.outer.origin == Point(x: -10, y: -40))
        #expect(area.outer.width == area.inner.width + 10 && area.outer.height == area.inner.height + 40)
    }

    @Test func anAnimationFrameTintsTheContentInsetAsRenderDoes() throws {
        let scene = try Self.scene(debug: true, extra: #", "animation": {"fps": 10, "steps": [{"wait": 0.1}]}"#)
        let player = try SceneAnimationPlayer(scene: scene)
        let frame = try SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
            .render(player.frame(0))
        #expect(frame == (try SceneRenderer().render(scene)))
    }
}
