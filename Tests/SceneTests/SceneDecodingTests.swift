import Geometry
import Layout
import Raster
import TestSupport
import Testing

@testable import Scene

/// Decodes `body` (the members after `"canvas"`) and returns the error's one line, or nil.
private func error(_ body: String, canvas: String = #"{"width": 320, "height": 480}"#) -> String? {
    thrownMessage(SceneDecodingError.self) {
        _ = try Scene(json: #"{"canvas": \#(canvas)\#(body.isEmpty ? "" : ", " + body)}"#)
    }
}

@Suite struct SceneDecodingTests {
    @Test func decodesTheContractExample() throws {
        let s = try Scene(json: TestScenes.contractExample)
        #expect(s.canvas == SceneCanvas(width: 390, height: 844, scale: 2, background: .white))
        guard case .flow(let p) = s.layout else {
            Issue.record("not flow")
            return
        }
        #expect(p.itemSize == Size(width: 60, height: 60) && p.minimumLineSpacing == 8)
        #expect(p.sectionInset == EdgeInsets(all: 16) && p.scrollDirection == .vertical)
        #expect(s.sections.map(\.itemCount) == [20, 2] && s.itemCount == 22)
        #expect(s.sections[1].header?.text == "Section 2")
        #expect(s.item(at: IndexPath(item: 0, section: 1))?.size == Size(width: 80, height: 40))
        #expect(s.item(at: IndexPath(item: 7, section: 0)) == SceneItem())
        #expect(s.selected == [IndexPath(item: 3, section: 0)] && s.highlighted == [IndexPath(item: 0, section: 1)])
        let style = s.style(forItemAt: IndexPath(item: 0, section: 1))
        #expect(style.backgroundColor == Color(red: 255, green: 0, blue: 0) && style.cornerRadius == 8)
        #expect(style.textColor == Color(red: 255, green: 255, blue: 255, alpha: 0xCC))
        #expect(
            s.style(forItemAt: IndexPath(item: 1, section: 1)).backgroundColor
                == Color(red: 0x33, green: 0x66, blue: 0x99))
    }

    @Test func buildsTheCollectionView() throws {
        let s = try Scene(json: TestScenes.contractExample)
        let cv = s.makeCollectionView()
        #expect(cv.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(cv.isItemHighlighted(at: IndexPath(item: 0, section: 1)))
        // 390 − 32 = 358 → 5 per line (5·60 + 4·8 = 332), gap 8 + 26/4 = 14.5.
        let a1 = cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
        #expect(a1.frame == Rect(x: 90.5, y: 16, width: 60, height: 60))
        // Section 1: the header object without a size gets 40 points; the item keeps its own size.
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1))!
        #expect(header.frame.height == 40 && header.frame.width == 390)
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))!.size == Size(width: 80, height: 40))
        try cv.layoutSubviews()
        #expect(cv.visibleCells.count == 22)
        #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0))!.isSelected)
    }

    /// `contentInset` goes to the collection view, and without a `contentOffset` the view rests
    /// at the top-left of its scroll range, where the inset shows.
    @Test func contentInsetAndTheOffsetItImplies() throws {
        let canvas = #"{"canvas": {"width": 320, "height": 480}, "sections": [{"itemCount": 12}]"#
        let s = try Scene(json: canvas + #", "contentInset": {"top": 50, "left": 20, "right": 20}}"#)
        #expect(s.contentInset == EdgeInsets(top: 50, left: 20, bottom: 0, right: 20))
        #expect(s.contentOffset == Point(x: -20, y: -50))
        let cv = s.makeCollectionView()
        #expect(cv.contentInset == s.contentInset && cv.contentOffset == Point(x: -20, y: -50))
        // 280 points: four 50-point items a line.
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))!.frame.origin == Point(x: 0, y: 60))
        // A given offset stands.
        let given = try Scene(json: canvas + #", "contentInset": {"top": 50}, "contentOffset": {"x": 0, "y": 0}}"#)
        #expect(given.contentOffset == .zero)
        #expect(try Scene(json: canvas + "}").contentOffset == .zero)
        #expect(error(#""contentInset": {"top": "50"}"#) == #"contentInset.top: must be a number, got "50""#)
        #expect(error(#""contentInset": {"up": 5}"#)?.hasPrefix(#"contentInset: unknown key "up""#) == true)
    }

    @Test func otherLayoutTypes() throws {
        let circle = try Scene(
            json:
                #"{"canvas": {"width": 320, "height": 480}, "layout": {"type": "circle", "backgroundDecorationKind": "background"}, "sections": [{"itemCount": 20}]}"#
        )
        let c = circle.makeCollectionView()
        #expect(c.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center == Point(x: 288, y: 240))
        #expect(c.layoutAttributesForElements(in: c.bounds).contains { $0.representedElementKind == "background" })
        let waterfall = try Scene(
            json:
                #"{"canvas": {"width": 320, "height": 480, "scale": 3}, "layout": {"type": "waterfall", "columnCount": 3, "itemRenderDirection": "rightToLeft"}, "sections": [{"items": [{"size": {"width": 1, "height": 1}}]}]}"#
        )
        let w = waterfall.makeCollectionView()
        let l = w.collectionViewLayout as! WaterfallLayout
        #expect(l.displayScale == 3 && l.columnCount == 3 && l.itemRenderDirection == .rightToLeft)
        #expect(w.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.width == 100)
        let line = try Scene(
            json:
                #"{"canvas": {"width": 400, "height": 1000}, "layout": {"type": "line", "zoomFactor": 0.5}, "contentOffset": {"x": 0, "y": 0}, "sections": [{"itemCount": 3}]}"#
        )
        let lc = line.makeCollectionView()
        #expect((lc.collectionViewLayout as! LineLayout).zoomFactor == 0.5)
        #expect(lc.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.transform3D.m11 == 1.25)
    }

    @Test func errorMessagesNameThePathAndTheRule() {
        #expect(
            error(#""sections": [{"itemCount": 1}, {"items": [{"size": {"width": -1, "height": 2}}]}]"#)
                == "sections[1].items[0].size.width: must be a non-negative number, got -1")
        #expect(
            error(#""layout": {"type": "flow", "scrollDirection": "diagonal"}"#)
                == #"layout.scrollDirection: must be "vertical" or "horizontal", got "diagonal""#)
        #expect(
            error(#""layout": {"type": "flow", "itemSzie": {"width": 1, "height": 1}}"#)
                == #"layout: unknown key "itemSzie"; did you mean "itemSize"?"#)
        #expect(
            error(#""layout": {"type": "grid"}"#)
                == #"layout.type: must be one of "flow", "line", "circle", "waterfall", got "grid""#)
        #expect(error(#""layout": {}"#) == #"layout: missing key "type""#)
        #expect(
            error(#""layout": {"type": "waterfall", "itemRenderDirection": 3}"#)
                == #"layout.itemRenderDirection: must be one of "shortestFirst", "leftToRight", "rightToLeft", got 3"#
        )
        #expect(
            error(#""layout": {"type": "waterfall", "columnCount": 1.5}"#)
                == "layout.columnCount: must be a positive integer, got 1.5")
        #expect(
            error(#""layout": {"type": "flow", "zoomFactor": 1}"#)
                == #"layout: "zoomFactor" is not a key of a flow layout; a line layout has it"#)
        #expect(error(#""sectoins": []"#) == #"(root): unknown key "sectoins"; did you mean "sections"?"#)
        #expect(error("", canvas: #"{"width": 0, "height": 480}"#) == "canvas.width: must be a positive number, got 0")
        #expect(error("", canvas: #"{"height": 480}"#) == #"canvas: missing key "width""#)
        // A required key that is missing because it is misspelt: the typo is named, not only the absence.
        #expect(
            error("", canvas: #"{"width": 320, "heigth": 480}"#)
                == #"canvas: unknown key "heigth"; did you mean "height"?"#)
        #expect(error(#""layout": {"typ": "flow"}"#) == #"layout: unknown key "typ"; did you mean "type"?"#)
        #expect(error("", canvas: #"{"width": 320, "depth": 480}"#) == #"canvas: missing key "height""#)  // not close
        #expect(
            error("", canvas: #"{"width": 320, "height": 480, "scale": 5}"#)
                == "canvas.scale: must be greater than 0 and at most 4, got 5")
        #expect(
            error("", canvas: #"{"width": 5000, "height": 480, "scale": 4}"#)
                == "canvas.width: width × scale must be at most 16384 pixels, got 20000")
        #expect(
            error("", canvas: #"{"width": 320, "height": 480, "background": "white"}"#)
                == ##"canvas.background: must be a colour "#RRGGBB" or "#RRGGBBAA", got "white""##)
        #expect(
            error(##""cellStyle": {"borderColor": "#12345"}"##)
                == ##"cellStyle.borderColor: must be a colour "#RRGGBB" or "#RRGGBBAA", got "#12345""##)
        #expect(
            error(#""sections": [{"items": [{"style": {"fontsize": 12}}]}]"#)
                == #"sections[0].items[0].style: unknown key "fontsize"; did you mean "fontSize"?"#)
        #expect(
            error(#""sections": [{"itemCount": 2, "items": []}]"#)
                == #"sections[0]: give either "itemCount" or "items", not both"#)
        #expect(
            error(#""sections": [{"itemCount": -2}]"#)
                == "sections[0].itemCount: must be a non-negative integer, got -2")
        #expect(
            error(#""sections": [{"header": {"txt": "A"}}]"#)
                == #"sections[0].header: unknown key "txt"; did you mean "text"?"#)
        #expect(
            error(#""sections": [{"itemCount": 999999}, {"itemCount": 2}]"#)
                == "sections[1].itemCount: the scene may hold at most 1000000 items in total; this section brings it to 1000001"
        )
        // Sections cost memory and time without items: 100,000 at most, counted before any is read.
        let sections = "[" + Array(repeating: "{}", count: 100_001).joined(separator: ",") + "]"
        #expect(
            error(#""sections": "# + sections) == "sections: the scene may hold at most 100000 sections, got 100001")
        let limit = "[" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]"
        #expect(error(#""sections": "# + limit) == nil)
        let inserted =
            #""sections": "# + limit + #", "animation": {"steps": [{"insertSections": {"at": 0, "sections": [{}]}}]}"#
        let played = thrownMessage(SceneDecodingError.self) {
            _ = try SceneAnimationPlayer(
                scene: try Scene(json: #"{"canvas": {"width": 320, "height": 480}, "# + inserted + "}"))
        }
        #expect(played == "animation.steps[0].insertSections.sections: the scene may hold at most 100000 sections")
        #expect(
            error(#""sections": [{"itemCount": 3}], "selected": [[0, 3]]"#)
                == "selected[0]: no item [0, 3]: section 0 has 3 items")
        #expect(
            error(#""sections": [{"itemCount": 3}], "highlighted": [[0, 0], [1, 0]]"#)
                == "highlighted[1]: no item [1, 0]: the scene has 1 section")
        #expect(error(#""selected": [[0]]"#) == "selected[0]: must be [section, item], got [0]")
        #expect(error(#""selected": [[0, "1"]]"#) == #"selected[0]: must be [section, item], got [0, "1"]"#)
        #expect(error(#""selected": [[[0, 1]]]"#) == "selected[0]: must be [section, item], got an array")
        #expect(error(#""contentOffset": {"x": "0", "y": 0}"#) == #"contentOffset.x: must be a number, got "0""#)
        #expect(error(#""sections": {}"#) == "sections: must be an array, got an object")
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        #expect(
            error(#""sections": [{"itemCount": 1},]"#)
                == "(json): line 1, column 73: unexpected character ']', expected a value")
        #expect((try? Scene(json: "{\"canvas\": {\"width\": 1e999, \"height\": 1}}")) == nil)
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Scene(json: "{\n  \"canvas\": {\"width\": 1,\n  \"width\": 2}}")
            } == #"(json): line 3, column 3: duplicate key "width""#)
        #expect(error("", canvas: "[" + String(repeating: "[", count: 300) + "]") != nil)
    }

    /// A UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows it; Windows editors write it),
    /// columns count after it, and UTF-16 or UTF-32 files are named as such.
    @Test func byteOrderMarks() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let plain = Array(#"{"canvas": {"width": 10, "height": 20}}"#.utf8)
        #expect(try Scene(jsonBytes: bom + plain).canvas.height == 20)
        #expect(
            thrownMessage(SceneDecodingError.self) { _ = try Scene(jsonBytes: bom + Array("{]".utf8)) }
                == "(json): line 1, column 2: unexpected character ']', expected a key in double quotes")
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0xFF, 0xFE], "FF FE"), ([0xFE, 0xFF], "FE FF"), ([0, 0, 0xFE, 0xFF], "00 00 FE FF"),
        ]
        for (mark, name) in marks {
            let utf16 = mark + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            #expect(
                thrownMessage(SceneDecodingError.self) { _ = try Scene(jsonBytes: utf16) }
                    == "(json): the file is UTF-16 or UTF-32 (it starts with the byte order mark \(name)); save it as UTF-8"
            )
        }
    }

    @Test func layoutReportIsTheContractJSON() throws {
        let cv = try Scene(json: TestScenes.contractExample).makeCollectionView()
        let json = LayoutReport.json(for: cv, in: Rect(x: 0, y: 0, width: 80, height: 80))
        #expect(
            json == """
                {"contentSize": {"width": 390, "height": 428},
                 "contentOffset": {"x": 0, "y": 0},
                 "elements": [
                   {"category": "cell", "section": 0, "item": 0, "frame": {"x": 16, "y": 16, "width": 60, "height": 60}, "zIndex": 0, "alpha": 1, "hidden": false, "transform": [1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}
                 ]}

                """)
        let whole = LayoutReport.json(for: cv)
        #expect(
            whole.contains(
                #"{"category": "supplementary", "kind": "header", "section": 1, "item": 0, "frame": {"x": 0, "y": 296, "width": 390, "height": 40}"#
            ))
    }
}
