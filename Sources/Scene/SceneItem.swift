import Geometry

/// One item of a scene section (`{"size": …, "text": …, "style": …, "image": …, "cell": …}`, all
/// optional), with the answers the delegate and data source give for it (`"shouldHighlight"`,
/// `"shouldSelect"`, `"shouldDeselect"`, `"canMove"`).
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
    /// What the delegate's `collectionView(_:shouldHighlightItemAt:)` answers for the item; false
    /// means a touch neither highlights nor selects it. Nil: true.
    public var shouldHighlight: Bool?
    /// What the delegate's `collectionView(_:shouldSelectItemAt:)` answers: false lets a tap
    /// highlight the item but not select it. Nil: true.
    public var shouldSelect: Bool?
    /// What the delegate's `collectionView(_:shouldDeselectItemAt:)` answers (asked when a tap
    /// lands on a selected item under multiple selection). Nil: true.
    public var shouldDeselect: Bool?
    /// What the data source's `collectionView(_:canMoveItemAt:)` answers: false and a drag of the
    /// item moves nothing. Nil: true.
    public var canMove: Bool?

    /// An item with nothing given.
    public init(
        size: Size? = nil, text: String? = nil, style: CellStyle? = nil, image: String? = nil, cell: String? = nil,
        shouldHighlight: Bool? = nil, shouldSelect: Bool? = nil, shouldDeselect: Bool? = nil, canMove: Bool? = nil
    ) {
        self.size = size
        self.text = text
        self.style = style
        self.image = image
        self.cell = cell
        self.shouldHighlight = shouldHighlight
        self.shouldSelect = shouldSelect
        self.shouldDeselect = shouldDeselect
        self.canMove = canMove
    }

    /// Reads an item object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneItem {
        var r = try JSONObjectReader(v, path: path)
        let item = SceneItem(
            size: try r.optional("size", JSONRead.size), text: try r.optional("text", JSONRead.string),
            style: try r.optional("style", CellStyle.read), image: try r.optional("image", JSONRead.string),
            cell: try r.optional("cell", JSONRead.string),
            shouldHighlight: try r.optional("shouldHighlight", JSONRead.bool),
            shouldSelect: try r.optional("shouldSelect", JSONRead.bool),
            shouldDeselect: try r.optional("shouldDeselect", JSONRead.bool),
            canMove: try r.optional("canMove", JSONRead.bool))
        try r.finish()
        return item
    }
}
