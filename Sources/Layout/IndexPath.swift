/// The position of an element in a collection view: an item within a section.
///
/// Ordered like `NSIndexPath`: by section, then by item. Supplementary views of a flow layout use
/// item 0 of their section.
public struct IndexPath: Hashable, Sendable, CustomStringConvertible {
    /// The index of the item within its section.
    public var item: Int
    /// The index of the section.
    public var section: Int

    /// Creates an index path for `item` in `section`.
    @inlinable public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// `[section, item]`, the form scene files use.
    public var description: String { "[\(section), \(item)]" }
}

extension IndexPath: Comparable {
    /// Orders by section, then by item.
    @inlinable public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}
