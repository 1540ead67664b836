import Geometry

/// One section of a scene: a count of default items or explicit items, optional header and
/// footer, and optional layout values of its own.
public struct SceneSection: Equatable, Sendable {
    /// The number of items.
    public var itemCount: Int
    /// The explicit items, if the section lists them (`"items"`); nil for `"itemCount"`.
    public var items: [SceneItem]?
    /// The header, if any.
    public var header: SceneSupplementary?
    /// The footer, if any.
    public var footer: SceneSupplementary?
    /// The reuse identifier of the cell design its items are shown with (a key of the scene's
    /// `cells`, or `"cell"`) unless an item names its own; nil: `"cell"`.
    public var cell: String?
    /// The section's own insets and spacings (`"layout"`), as a layout delegate gives them; nil:
    /// the layout's.
    public var layout: SceneSectionLayout?

    /// Creates a section.
    public init(
        itemCount: Int, items: [SceneItem]? = nil, header: SceneSupplementary? = nil, footer: SceneSupplementary? = nil,
        cell: String? = nil, layout: SceneSectionLayout? = nil
    ) {
        self.itemCount = items?.count ?? itemCount
        self.items = items
        self.header = header
        self.footer = footer
        self.cell = cell
        self.layout = layout
    }

    /// The item at `index`: the listed one, or a default item for `"itemCount"` sections.
    public func item(at index: Int) -> SceneItem {
        guard let items, index >= 0, index < items.count else { return SceneItem() }
        return items[index]
    }
}
