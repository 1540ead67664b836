/// Scenes written inline, from the scene format's core keys, shared by the test targets.
public enum TestScenes {
    /// `width`×`height` points at `scale` with `count` cells of 24×24 points.
    public static func valid(
        width: Int = 80, height: Int = 60, scale: Double = 2, count: Int = 4, color: String = "#3366CC"
    )
        -> String
    {
        """
        {"canvas": {"width": \(width), "height": \(height), "scale": \(scale), "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 24, "height": 24},
                    "minimumInteritemSpacing": 4, "minimumLineSpacing": 4,
                    "sectionInset": {"top": 4, "left": 4, "bottom": 4, "right": 4}},
         "sections": [{"itemCount": \(count)}, {"items": [{"text": "A"}, {"size": {"width": 40, "height": 20}, "text": "B"}]}],
         "cellStyle": {"backgroundColor": "\(color)", "selectedBackgroundColor": "#FF9900",
                       "borderColor": "#000000", "borderWidth": 1, "cornerRadius": 4,
                       "textColor": "#FFFFFF", "fontSize": 12},
         "selected": [[1, 0]]}
        """
    }

    /// Rejected with `layout: unknown key "itemSzie"`.
    public static let badKey = """
        {"canvas": {"width": 80, "height": 60, "scale": 1},
         "layout": {"type": "flow", "itemSzie": {"width": 24, "height": 24}},
         "sections": [{"itemCount": 1}]}
        """

    /// The core format's example (the README's "Scene files"), with a per-item style.
    public static let contractExample = #"""
        {
          "canvas":  {"width": 390, "height": 844, "scale": 2, "background": "#FFFFFF"},
          "layout":  {"type": "flow", "scrollDirection": "vertical", "itemSize": {"width": 60, "height": 60},
                      "minimumInteritemSpacing": 8, "minimumLineSpacing": 8,
                      "sectionInset": {"top": 16, "left": 16, "bottom": 16, "right": 16},
                      "headerReferenceSize": {"width": 0, "height": 0}, "footerReferenceSize": {"width": 0, "height": 0},
                      "sectionHeadersPinToVisibleBounds": false, "sectionFootersPinToVisibleBounds": false},
          "contentOffset": {"x": 0, "y": 0},
          "cellStyle": {"backgroundColor": "#336699", "cornerRadius": 8, "textColor": "#FFFFFFCC"},
          "sections": [
            {"itemCount": 20},
            {"items": [{"size": {"width": 80, "height": 40}, "text": "A", "style": {"backgroundColor": "#FF0000"}}, {"text": "B"}],
             "header": {"text": "Section 2"}}
          ],
          "selected": [[0, 3]],
          "highlighted": [[1, 0]]
        }
        """#
}
