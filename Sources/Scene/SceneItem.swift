import Geometry

/// One item of a scene section (`{"size": …, "text": …, "style": …}`, all optional).
public struct SceneItem: Equatable, Sendable {
    /// What the layout delegate's size-for-item returns; nil: the layout's own item size.
    public var size: Size?
    /// Text drawn centred in the cell.
    public var text: String?
    /// Overrides of the scene's `cellStyle`, key by key.
    public var style: CellStyle?
    /// The name of the image the cell design shows as `{image}`.
    public var image: String?

    /// An item with nothing given.
    public init(size: Size? = nil, text: String? = nil, style: CellStyle? = nil, image: String? = nil) {
        self.size = size
        self.text = text
        self.style = style
        self.image = image
    }

    /// Reads an item object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneItem {
        var r = try JSONObjectReader(v, path: path)
        let item = SceneItem(
            size: try r.optional("size", JSONRead.size), text: try r.optional("text", JSONRead.string),
            style: try r.optional("style", CellStyle.read), image: try r.optional("image", JSONRead.string))
        try r.finish()
        return item
    }
}

/// A section header or footer of a scene (`{"text": …, "size": …, "style": …}`).
public struct SceneSupplementary: Equatable, Sendable {
    /// Text drawn in the view.
    public var text: String?
    /// The reference size (flow: only the scroll-direction dimension counts; waterfall: the
    /// height). Nil: the layout's size, or `Scene.defaultSupplementaryLength` if the layout gives none.
    public var size: Size?
    /// The view's style.
    public var style: CellStyle?

    /// A header or footer with nothing given.
    public init(text: String? = nil, size: Size? = nil, style: CellStyle? = nil) {
        self.text = text
        self.size = size
        self.style = style
    }

    /// Reads a header or footer object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneSupplementary {
        var r = try JSONObjectReader(v, path: path)
        let s = SceneSupplementary(
            text: try r.optional("text", JSONRead.string), size: try r.optional("size", JSONRead.size),
            style: try r.optional("style", CellStyle.read))
        try r.finish()
        return s
    }
}

/// One section of a scene: a count of default items or explicit items, optional header and footer.
public struct SceneSection: Equatable, Sendable {
    /// The number of items.
    public var itemCount: Int
    /// The explicit items, if the section lists them (`"items"`); nil for `"itemCount"`.
    public var items: [SceneItem]?
    /// The header, if any.
    public var header: SceneSupplementary?
    /// The footer, if any.
    public var footer: SceneSupplementary?

    /// Creates a section.
    public init(
        itemCount: Int, items: [SceneItem]? = nil, header: SceneSupplementary? = nil, footer: SceneSupplementary? = nil
    ) {
        self.itemCount = items?.count ?? itemCount
        self.items = items
        self.header = header
        self.footer = footer
    }

    /// The item at `index`: the listed one, or a default item for `"itemCount"` sections.
    public func item(at index: Int) -> SceneItem {
        guard let items, index >= 0, index < items.count else { return SceneItem() }
        return items[index]
    }
}
