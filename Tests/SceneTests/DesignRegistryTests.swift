import Layout
import Rendering
import TestSupport
import Testing

@testable import Scene

/// Several cell and header designs per scene, registered under reuse identifiers and picked by
/// sections, items and headers.
@Suite struct DesignRegistryTests {
    static let scene = #"""
        {"canvas": {"width": 200, "height": 400}, "layout": {"type": "flow", "itemSize": {"width": 90, "height": 40},
                                                            "headerReferenceSize": {"width": 0, "height": 20}},
         "cell": {"contentView": {"label": {"text": "plain {text}"}}},
         "cells": {"subtitle": {"contentView": {"label": {"text": "sub {text}"}}},
                   "badge": {"contentView": {"label": {"text": "badge {text}"}}}},
         "headerViews": {"large": {"label": {"text": "LARGE {text}"}}},
         "sections": [{"cell": "subtitle", "items": [{"text": "a"}, {"text": "b", "cell": "badge"}],
                       "header": {"text": "h0", "view": "large"}},
                      {"items": [{"text": "c"}, {"text": "d", "cell": "subtitle"}], "header": {"text": "h1"}}]}
        """#

    @Test func itemsAndSectionsPickTheirDesign() throws {
        let scene = try Scene(json: Self.scene)
        func id(_ s: Int, _ i: Int) -> String { scene.cellIdentifier(forItemAt: IndexPath(item: i, section: s)) }
        #expect([id(0, 0), id(0, 1), id(1, 0), id(1, 1)] == ["subtitle", "badge", "cell", "subtitle"])
        #expect(scene.makeCollectionView().sceneDataSource.cellReuseIdentifiers == ["cell", "badge", "subtitle"])
    }

    @Test func eachCellIsDequeuedAndDrawnWithItsDesign() throws {
        let scene = try Scene(json: Self.scene)
        let cv = try SceneRenderer().makeCollectionView(for: scene, images: SceneImages(folders: []))
        try cv.layoutSubviews()
        func text(_ s: Int, _ i: Int) -> String? {
            let cell = cv.cellForItem(at: IndexPath(item: i, section: s)) as? CollectionViewCell
            return (cell?.contentView.subviews.first as? Label)?.text
        }
        #expect([text(0, 0), text(0, 1), text(1, 0), text(1, 1)] == ["sub a", "badge b", "plain c", "sub d"])
        func firstLabel(_ view: View) -> Label? {
            (view as? Label) ?? view.subviews.lazy.compactMap(firstLabel).first
        }
        func header(_ s: Int) -> String? {
            let view = cv.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: s)) as? View
            return view.flatMap(firstLabel)?.text
        }
        #expect(header(0) == "LARGE h0")
        #expect(header(1) == "h1")
    }

    @Test func unknownDesignNamesAreErrorsAtTheirPath() {
        func message(_ json: String) -> String? { thrownMessage(SceneDecodingError.self) { _ = try Scene(json: json) } }
        let base = #""canvas": {"width": 10, "height": 10}, "cells": {"subtitle": {}}"#
        #expect(
            message(#"{\#(base), "sections": [{"cell": "subtitel", "itemCount": 1}]}"#)
                == #"sections[0].cell: no design "subtitel" in "cells"; did you mean "subtitle"?"#)
        #expect(
            message(#"{\#(base), "sections": [{"items": [{}, {"cell": "badge"}]}]}"#)
                == #"sections[0].items[1].cell: no design "badge" in "cells""#)
        #expect(
            message(#"{\#(base), "sections": [{"header": {"view": "large"}}]}"#)
                == #"sections[0].header.view: no design "large" in "headerViews""#)
        #expect(
            message(#"{"canvas": {"width": 10, "height": 10}, "cells": {"cell": {}}}"#)
                == #"cells.cell: "cell" is the root "cell" design's identifier; give this design another name"#)
        // "cell" always names the root design, even when the scene has no root "cell" key.
        #expect(message(#"{\#(base), "sections": [{"cell": "cell", "itemCount": 1}]}"#) == nil)
    }
}
