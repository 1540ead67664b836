import Geometry

/// One item of a scene section (`{"size": …, "text": …, "style": …, "image": …, "cell": …}`, all optional).
public struct SceneItem: Equatable, Sendable {
    /// What the layout delegate's size-for-item returns; nil: the layout's own item size.
    public var size: Size?
    /// Text drawn centred in the cell.
    public var text: String?
    /// Overrides of the scene's `cellStyle`, key by key.
    public var style: CellStyle?
    /// The name of the image the cell design shows as `{image}`.
    public var image: String?
    /// The reuse identifier of the cell design to show this item with (a key of the scene's
    /// `cells`, or `"cell"`); nil: the section's.
    public var cell: String?

    /// An item with nothing given.
    public init(
        size: Size? = nil, text: String? = nil, style: CellStyle? = nil, image: String? = nil, cell: String? = nil
    ) {
        self.size = size
        self.text = text
        self.style = style
        self.image = image
        self.cell = cell
    }

    /// Reads an item object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneItem {
        var r = try JSONObjectReader(v, path: path)
        let item = SceneItem(
            size: try r.optional("size", JSONRead.size), text: try r.optional("text", JSONRead.string),
            style: try r.optional("style", CellStyle.read), image: try r.optional("image", JSONRead.string),
            cell: try r.optional("cell", JSONRead.string))
        try r.finish()
        return item
    }
}
