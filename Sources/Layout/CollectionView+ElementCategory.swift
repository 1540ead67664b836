extension CollectionView {
    /// The kind of view a set of layout attributes describes (UIKit's `UICollectionView.ElementCategory`).
    ///
    /// The raw values are UIKit's (0, 1, 2); the order is also the tie-break this package uses when
    /// two elements have the same zIndex (cells, then supplementary views, then decoration views).
    public enum ElementCategory: Int, Hashable, Sendable, Comparable, CaseIterable {
        /// A cell, supplied by the data source for an item.
        case cell = 0
        /// A supplementary view (header, footer, …), supplied by the data source for a kind.
        case supplementaryView = 1
        /// A decoration view, created by the collection view from the layout's registration.
        case decorationView = 2

        /// Orders by raw value: cell < supplementaryView < decorationView.
        public static func < (a: ElementCategory, b: ElementCategory) -> Bool { a.rawValue < b.rawValue }

        /// The name the `layout` command prints: `"cell"`, `"supplementary"` or `"decoration"`.
        public var name: String {
            switch self {
            case .cell: return "cell"
            case .supplementaryView: return "supplementary"
            case .decorationView: return "decoration"
            }
        }
    }

    /// The element kind of a section header (UIKit's `UICollectionView.elementKindSectionHeader`).
    ///
    /// Every layout in this package uses this string for its headers, so one data source serves all
    /// layouts and the `layout` command prints `"header"`.
    public static let elementKindSectionHeader = "header"

    /// The element kind of a section footer (UIKit's `UICollectionView.elementKindSectionFooter`).
    public static let elementKindSectionFooter = "footer"
}
