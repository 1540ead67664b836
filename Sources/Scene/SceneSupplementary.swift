import Geometry

/// A section header or footer of a scene (`{"text": …, "size": …, "style": …, "view": …}`).
public struct SceneSupplementary: Equatable, Sendable {
    /// Text drawn in the view.
    public var text: String?
    /// The reference size (flow: only the scroll-direction dimension counts; waterfall: the
    /// height). Nil: the layout's size, or `Scene.defaultSupplementaryLength` if the layout gives none.
    public var size: Size?
    /// The view's style.
    public var style: CellStyle?
    /// The reuse identifier of the design to show it with (a key of the scene's `headerViews` or
    /// `footerViews`); nil: the `headerView` / `footerView` design.
    public var view: String?

    /// A header or footer with nothing given.
    public init(text: String? = nil, size: Size? = nil, style: CellStyle? = nil, view: String? = nil) {
        self.text = text
        self.size = size
        self.style = style
        self.view = view
    }

    /// Reads a header or footer object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneSupplementary {
        var r = try JSONObjectReader(v, path: path)
        let s = SceneSupplementary(
            text: try r.optional("text", JSONRead.string), size: try r.optional("size", JSONRead.size),
            style: try r.optional("style", CellStyle.read), view: try r.optional("view", JSONRead.string))
        try r.finish()
        return s
    }
}
