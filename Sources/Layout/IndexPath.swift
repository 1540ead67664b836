import Foundation

/// The position of an element in a collection view: an item within a section.
///
/// This is Foundation's `IndexPath`, as in UIKit, so that code importing both
/// Foundation and Layout sees one type. UIKit adds `item` and `section` to it
/// (`NSIndexPath+UIKitAdditions`); on Linux this module adds the same.
/// Ordered like `NSIndexPath`: by section, then by item. Supplementary views
/// of a flow layout use item 0 of their section.
public typealias IndexPath = Foundation.IndexPath

extension IndexPath {
    /// Creates an index path for `item` in `section` (UIKit's `IndexPath(item:section:)`).
    @inlinable public init(item: Int, section: Int) {
        // Built by appending to a one-index path: Foundation stores two indexes inline (its
        // `.pair` storage) either way, but `init(indexes: [section, item])` first allocates
        // an array for the literal — one malloc and free per index path, which was a large
        // share of a waterfall `prepare` and of a flow rect query (BENCHMARKS.md, "Layout").
        self.init(index: section)
        append(item)
    }

    /// The index of the item within its section (the path's second index).
    @inlinable public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The index of the section (the path's first index).
    @inlinable public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}
