import Geometry
import Layout
import Raster
import Rendering
import TestSupport
import Testing

@testable import Scene

/// What a scene's cells and headers show: text is black unless styled, a selected cell shows its
/// labels' highlighted colour, and every key resolves as item style > cell design > cellStyle.
@Suite struct CellStylePrecedenceTests {
    /// The shown cell of item (section, item), after a layout pass.
    func cell(_ json: String, _ indexPath: IndexPath = IndexPath(item: 0, section: 0)) throws -> SceneCell {
        let scene = try Scene(json: json)
        let cv = try SceneRenderer().makeCollectionView(for: scene, images: SceneImages(folders: []))
        try cv.layoutSubviews()
        return try #require(cv.cellForItem(at: indexPath) as? SceneCell)
    }

    /// Every label in `view`'s tree, depth first.
    func labels(in view: View) -> [Label] {
        let own: [Label] = (view as? Label).map { [$0] } ?? []
        return own + view.subviews.flatMap { labels(in: $0) }
    }

    static let canvas =
        #""canvas": {"width": 200, "height": 100}, "layout": {"type": "flow", "itemSize": {"width": 80, "height": 40}}"#

    @Test func textIsBlackAt17PointsWhenNothingStylesIt() throws {
        let c = try cell("{\(Self.canvas), \"sections\": [{\"items\": [{\"text\": \"A\"}]}]}")
        let label = try #require(labels(in: c.contentView).first)
        #expect(label.text == "A" && label.textColor == .black && label.fontSize == 17)
    }

    @Test func headerTextIsBlackWhenNothingStylesIt() throws {
        let scene = try Scene(
            json: "{\(Self.canvas), \"sections\": [{\"itemCount\": 1, \"header\": {\"text\": \"Section 2\"}}]}")
        let cv = try SceneRenderer().makeCollectionView(for: scene, images: SceneImages(folders: []))
        try cv.layoutSubviews()
        let header = try #require(
            cv.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: 0)) as? View)
        let label = try #require(labels(in: header).first)
        #expect(label.text == "Section 2" && label.textColor == .black)
    }

    @Test func precedenceIsItemThenDesignThenCellStyle() throws {
        let json = """
            {\(Self.canvas),
             "cellStyle": {"textColor": "#FF0000", "fontSize": 30, "backgroundColor": "#00FF00"},
             "cell": {"backgroundView": {"backgroundColor": "#0000FF"},
                      "contentView": {"subviews": [
                          {"label": {"text": "title", "fontSize": 20}},
                          {"label": {"text": "subtitle", "fontSize": 11, "textColor": "#888888"}}]}},
             "sections": [{"items": [{}, {"style": {"textColor": "#FFFFFF", "backgroundColor": "#123456"}}]}]}
            """
        let plain = try cell(json)
        let (title, subtitle) = try { () throws -> (Label, Label) in
            let l = labels(in: plain.contentView)
            return (try #require(l.first), try #require(l.last))
        }()
        // The design's sizes and colour beat cellStyle; what the design leaves out comes from cellStyle.
        #expect(title.fontSize == 20 && title.textColor == Color(red: 255, green: 0, blue: 0))
        #expect(subtitle.fontSize == 11 && subtitle.textColor == Color(red: 0x88, green: 0x88, blue: 0x88))
        #expect(plain.backgroundView?.backgroundColor == Color(red: 0, green: 0, blue: 255))
        // The item's style beats both.
        let styled = try cell(json, IndexPath(item: 1, section: 0))
        #expect(labels(in: styled.contentView).allSatisfy { $0.textColor == .white })
        #expect(labels(in: styled.contentView).map(\.fontSize) == [20, 11])
        #expect(styled.backgroundView?.backgroundColor == Color(red: 0x12, green: 0x34, blue: 0x56))
    }

    @Test func aSelectedCellShowsItsLabelsHighlightedColour() throws {
        let json = """
            {\(Self.canvas),
             "cell": {"contentView": {"subviews": [{"label": {"text": "{text}", "highlightedTextColor": "#FFFFFF"}}]}},
             "sections": [{"items": [{"text": "on"}, {"text": "off"}]}], "selected": [[0, 0]]}
            """
        let selected = try #require(labels(in: try cell(json).contentView).first)
        #expect(selected.isHighlighted)
        let other = try #require(labels(in: try cell(json, IndexPath(item: 1, section: 0)).contentView).first)
        #expect(!other.isHighlighted)
        // And in pixels: the selected cell's text is drawn white, so it has no dark pixels.
        let image = try SceneRenderer().render(
            try Scene(
                json: json.replacingOccurrences(
                    of: "\"canvas\": {\"width\": 200", with: "\"canvas\": {\"background\": \"#336699\", \"width\": 200")
            ))
        func darkPixels(_ x0: Int) -> Int {
            var n = 0
            for y in 0..<40 { for x in x0..<(x0 + 80) where image[x, y].red < 40 && image[x, y].blue < 40 { n += 1 } }
            return n
        }
        #expect(darkPixels(0) == 0)
        #expect(darkPixels(110) > 20)
    }
}
