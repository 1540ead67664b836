/// The view tree of a scene's cells, by UIKit's anatomy:
///
/// ```json
/// "cell": {"backgroundView": {"backgroundColor": "#FF8000"},
///          "selectedBackgroundView": {"backgroundColor": "#00FF00"},
///          "contentView": {"backgroundColor": "#FFFFFF", "borderColor": "#AAAAAA", "borderWidth": 2,
///                          "transform": {"scale": 0.8},
///                          "subviews": [{"image": {"name": "{image}"}, "transform": {"scale": 0.7}}],
///                          "highlighted": {"backgroundColor": "#FFFF00"}}}
/// ```
///
/// Each part is a `ViewSpec`. The background views always fill the cell
/// (UIKit sizes them); the content view fills it unless it has a frame or
/// insets. Without a `contentView`, the content is a label showing `{text}`.
public struct CellDesign: Equatable, Sendable {
    /// The background view, behind everything; fills the cell.
    public var backgroundView: ViewSpec?
    /// The selected-background view, shown while selected or highlighted; fills the cell.
    public var selectedBackgroundView: ViewSpec?
    /// The content view's tree; nil shows a label with `{text}`.
    public var contentView: ViewSpec?

    /// A design with nothing given.
    public init() {}

    /// Reads a cell design object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> CellDesign {
        var r = try JSONObjectReader(v, path: path)
        var d = CellDesign()
        d.backgroundView = try r.optional("backgroundView", ViewSpec.read)
        d.selectedBackgroundView = try r.optional("selectedBackgroundView", ViewSpec.read)
        d.contentView = try r.optional("contentView", ViewSpec.read)
        try r.finish()
        return d
    }

    /// Every image name the design can show.
    var imageNames: [String] {
        [backgroundView, selectedBackgroundView, contentView].compactMap { $0 }.flatMap(\.imageNames)
    }
}
