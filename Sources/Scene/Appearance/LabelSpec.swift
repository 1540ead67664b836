import Raster
import Rendering
import Text

/// A label in a scene's view tree (`UILabel`):
///
/// ```json
/// "label": {"text": "{text}", "textColor": "#000000", "fontSize": 17, "bold": false,
///           "alignment": "center", "numberOfLines": 1, "lineBreakMode": "byTruncatingTail",
///           "highlightedTextColor": "#FFFFFF"}
/// ```
///
/// `text` may contain placeholders filled per element: `{text}`, `{image}`,
/// `{item}`, `{section}` and `{index}` (the item's position counting all
/// sections). Defaults are UILabel's (black text at 17 points), except that
/// alignment is centred. A colour or size the label does not give comes from
/// the cell style (see `ViewSpec.resolvingLabels(item:scene:)`).
public struct LabelSpec: Equatable, Sendable {
    /// The text (placeholders allowed); `"{text}"` by default.
    public var text = "{text}"
    /// The text colour; nil: the cell style's, else black (a UILabel's default).
    public var textColor: Color?
    /// The text colour while the cell is highlighted; nil keeps `textColor`.
    public var highlightedTextColor: Color?
    /// The point size; nil: the cell style's, else 17 (UIKit's system font size).
    public var fontSize: Double?
    /// Whether the bold face is used.
    public var bold = false
    /// The horizontal alignment; centred by default.
    public var alignment: TextAlignment = .center
    /// The maximum number of lines, 0 for no limit; 1 by default.
    public var numberOfLines = 1
    /// Wrapping and truncation; truncating the tail by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail

    /// A label showing the element's text.
    public init() {}

    /// The size of a label that gives none and whose cell style gives none: 17 points.
    public static let defaultFontSize = 17.0

    /// The colour the text is drawn in: `textColor`, else black.
    var effectiveTextColor: Color { textColor ?? .black }

    /// Reads a label object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> LabelSpec {
        var r = try JSONObjectReader(v, path: path)
        var l = LabelSpec()
        l.text = try r.optional("text", JSONRead.string) ?? l.text
        l.textColor = try r.optional("textColor", JSONRead.color)
        l.highlightedTextColor = try r.optional("highlightedTextColor", JSONRead.color)
        l.fontSize = try r.optional("fontSize", JSONRead.fontSize)
        l.bold = try r.optional("bold", JSONRead.bool) ?? false
        if let a = try r.optional("alignment", JSONRead.oneOf(TextAlignment.allCases.map(\.rawValue))) {
            l.alignment = TextAlignment(rawValue: a)!
        }
        l.numberOfLines = try r.optional("numberOfLines", JSONRead.nonNegativeInteger) ?? 1
        if let m = try r.optional("lineBreakMode", JSONRead.oneOf(LineBreakMode.allCases.map(\.rawValue))) {
            l.lineBreakMode = LineBreakMode(rawValue: m)!
        }
        try r.finish()
        return l
    }

    /// Configures `label` with this spec, filling placeholders from `values`.
    func apply(to label: Label, values: TemplateValues) {
        label.text = values.fill(text)
        label.textColor = effectiveTextColor
        label.highlightedTextColor = highlightedTextColor
        label.fontSize = fontSize ?? LabelSpec.defaultFontSize
        label.isBold = bold
        label.textAlignment = alignment
        label.numberOfLines = numberOfLines
        label.lineBreakMode = lineBreakMode
    }
}
