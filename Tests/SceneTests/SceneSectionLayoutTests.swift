import Foundation
import Geometry
import Layout
import TestSupport
import Testing

@testable import Scene

/// A section's own layout values (`sections[i].layout`), answered through the flow and waterfall
/// layouts' delegate methods.
@Suite struct SceneSectionLayoutTests {
    static func scene(layout: String, sections: String, animation: String = "") throws -> Scene {
        try Scene(
            json:
                ##"{"canvas": {"width": 300, "height": 500, "background": "#FFFFFF"}, "cellStyle": {"backgroundColor": "#34C759"}, "layout": "##
                + layout + #", "sections": "# + sections + animation + "}")
    }

    static func frame(_ scene: Scene, _ section: Int, _ item: Int) -> Rect? {
        scene.makeCollectionView().layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    @Test func aSectionsValuesBeatTheFlowLayoutsOwn() throws {
        let scene = try Self.scene(
            layout:
                #"{"type": "flow", "itemSize": {"width": 50, "height": 50}, "minimumInteritemSpacing": 10, "minimumLineSpacing": 10}"#,
            sections: #"""
                [{"itemCount": 7, "layout": {"sectionInset": {"top": 10, "left": 40, "bottom": 10, "right": 40}, "minimumLineSpacing": 30}},
                 {"itemCount": 7, "layout": {"minimumInteritemSpacing": 0}},
                 {"itemCount": 7}]
                """#)
        // Section 0: 220 points wide, three items a line, lines 30 apart.
        #expect(Self.frame(scene, 0, 0) == Rect(x: 40, y: 10, width: 50, height: 50))
        #expect(Self.frame(scene, 0, 2) == Rect(x: 210, y: 10, width: 50, height: 50))
        #expect(Self.frame(scene, 0, 3) == Rect(x: 40, y: 90, width: 50, height: 50))
        // Section 1: no inset, items touching: six a line.
        #expect(Self.frame(scene, 1, 5) == Rect(x: 250, y: 230, width: 50, height: 50))
        #expect(Self.frame(scene, 1, 6) == Rect(x: 0, y: 290, width: 50, height: 50))
        // Section 2: the layout's own values: five a line (spacing at least 10).
        #expect(Self.frame(scene, 2, 4) == Rect(x: 250, y: 340, width: 50, height: 50))
        #expect(Self.frame(scene, 2, 5) == Rect(x: 0, y: 400, width: 50, height: 50))
    }

    @Test func oneSectionsValuesDrawAsTheLayoutsWould() throws {
        let layouts = [
            (
                #"{"type": "flow", "itemSize": {"width": 60, "height": 40}}"#,
                #""sectionInset": {"top": 12, "left": 30, "bottom": 0, "right": 5}, "minimumLineSpacing": 3, "minimumInteritemSpacing": 25"#
            ),
            (
                #"{"type": "waterfall", "headerHeight": 20}"#,
                #""columnCount": 3, "minimumColumnSpacing": 7, "minimumInterItemSpacing": 4, "sectionInset": {"top": 5, "left": 9, "bottom": 0, "right": 2}, "headerInset": {"top": 3, "left": 20, "bottom": 0, "right": 0}"#
            ),
        ]
        let renderer = try SceneRenderer()
        for (layout, values) in layouts {
            let own = try Self.scene(
                layout: layout, sections: #"[{"itemCount": 9, "header": {"text": "H"}, "layout": {"# + values + "}}]")
            let global = try Self.scene(
                layout: String(layout.dropLast()) + ", " + values + "}",
                sections: #"[{"itemCount": 9, "header": {"text": "H"}}]"#)
            let image = try renderer.render(own)
            #expect(image.pixels == (try renderer.render(global)).pixels, "\(layout)")
            #expect(
                image.pixels
                    != (try renderer.render(
                        try Self.scene(layout: layout, sections: #"[{"itemCount": 9, "header": {"text": "H"}}]"#)))
                    .pixels)
        }
    }

    @Test func aKeyMustBelongToALayoutTheSceneUses() throws {
        let flow = #"{"type": "flow"}"#
        #expect(
            throws: SceneDecodingError(
                path: "sections[1].layout.columnCount",
                message: "applies to the waterfall layout, and the scene's layout is flow")
        ) {
            try Self.scene(
                layout: flow, sections: #"[{"itemCount": 1}, {"itemCount": 1, "layout": {"columnCount": 3}}]"#)
        }
        #expect(
            throws: SceneDecodingError(
                path: "sections[0].layout.minimumLineSpacing",
                message: "applies to the flow or line layout, and the scene's layout is circle")
        ) {
            try Self.scene(
                layout: #"{"type": "circle"}"#, sections: #"[{"itemCount": 1, "layout": {"minimumLineSpacing": 3}}]"#)
        }
        // A layout the animation switches to counts; the others ignore the key.
        let switching = #", "animation": {"steps": [{"setLayout": {"type": "waterfall"}, "duration": 0.3}]}"#
        let scene = try Self.scene(
            layout: flow, sections: #"[{"itemCount": 4, "layout": {"columnCount": 3}}]"#, animation: switching)
        #expect(scene.sections[0].layout == SceneSectionLayout(columnCount: 3))
        // Inserted sections are checked too, at their own path.
        let inserting =
            #", "animation": {"steps": [{"insertSections": {"at": 0, "sections": [{"itemCount": 1, "layout": {"headerInset": {"top": 1, "left": 0, "bottom": 0, "right": 0}}}]}}]}"#
        #expect(
            throws: SceneDecodingError(
                path: "animation.steps[0].insertSections.sections[0].layout.headerInset",
                message: "applies to the waterfall layout, and the scene's layout is flow")
        ) { try Self.scene(layout: flow, sections: #"[{"itemCount": 1}]"#, animation: inserting) }
        for (value, message) in [
            ("0", "sections[0].layout.columnCount: must be a positive integer, got 0"),
            ("1001", "sections[0].layout.columnCount: must be at most 1000, got 1001"),
        ] {
            let thrown = thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(
                    layout: #"{"type": "waterfall"}"#,
                    sections: #"[{"itemCount": 1, "layout": {"columnCount": "# + value + "}}]")
            }
            #expect(thrown == message)
        }
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Self.scene(layout: flow, sections: #"[{"itemCount": 1, "layout": {"sectionInsets": {}}}]"#)
            }?.hasPrefix(#"sections[0].layout: unknown key "sectionInsets"; did you mean "sectionInset"?"#) == true)
    }
}
