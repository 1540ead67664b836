/// The identity of a collection-view element: category, kind and index path.
///
/// Ordered as the `layout` command prints elements: by category (cells, supplementary views,
/// decoration views), then section, then item, then kind.
public struct ElementKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The element's category.
    public var category: CollectionView.ElementCategory
    /// The element's kind (nil for cells).
    public var kind: String?
    /// The element's index path.
    public var indexPath: IndexPath

    /// Creates a key.
    public init(category: CollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    /// Orders by category, then index path, then kind (nil first).
    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.category != b.category { return a.category < b.category }
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return (a.kind ?? "") < (b.kind ?? "")
    }

    /// E.g. `cell [0, 3]` or `supplementary header [1, 0]`.
    public var description: String {
        "\(category.name)\(kind.map { " " + $0 } ?? "") \(indexPath)"
    }
}
