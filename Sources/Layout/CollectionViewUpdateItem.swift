/// One recorded change of a batch update (UIKit's `UICollectionViewUpdateItem`).
///
/// Deletions are given with pre-update index paths, insertions with post-update ones, moves
/// with both (UIKitBehaviour.md §5.2). A whole section inserted or deleted is an index path whose
/// `item` is `CollectionViewUpdateItem.sectionItem` (UIKit's `NSNotFound`).
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of change this is.
    public enum Action: String, Hashable, Sendable {
        /// An item was inserted.
        case insert
        /// An item was deleted.
        case delete
        /// An item was moved.
        case move
        /// An item was reloaded: its cell is replaced by a new one for the same item.
        case reload
    }

    /// The change.
    public let updateAction: Action
    /// The index path before the update: nil for an insertion.
    public let indexPathBeforeUpdate: IndexPath?
    /// The index path after the update: nil for a deletion.
    public let indexPathAfterUpdate: IndexPath?

    /// An insertion at `indexPath` (post-update).
    public static func insert(_ indexPath: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: indexPath)
    }

    /// A deletion at `indexPath` (pre-update).
    public static func delete(_ indexPath: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .delete, indexPathBeforeUpdate: indexPath, indexPathAfterUpdate: nil)
    }

    /// The section `section` inserted (post-update index).
    public static func insertSection(_ section: Int) -> CollectionViewUpdateItem {
        .insert(IndexPath(item: sectionItem, section: section))
    }

    /// The section `section` deleted (pre-update index).
    public static func deleteSection(_ section: Int) -> CollectionViewUpdateItem {
        .delete(IndexPath(item: sectionItem, section: section))
    }

    /// The `item` of a section update's index path: `Int.max`, the value of UIKit's `NSNotFound`.
    public static let sectionItem = Int.max

    /// Whether this inserts or deletes a whole section rather than an item.
    public var isSectionUpdate: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == Self.sectionItem
    }

    /// A reload of the item at `indexPath` (pre-update; the item keeps its place among the others).
    public static func reload(_ indexPath: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(
            updateAction: .reload, indexPathBeforeUpdate: indexPath, indexPathAfterUpdate: indexPath)
    }

    /// A move from `from` (pre-update) to `to` (post-update).
    public static func move(from: IndexPath, to: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .move, indexPathBeforeUpdate: from, indexPathAfterUpdate: to)
    }

    /// E.g. `insert [0, 3]`, `move [0, 1] -> [0, 4]`, `delete section 2`.
    public var description: String {
        if isSectionUpdate {
            let section = (indexPathBeforeUpdate ?? indexPathAfterUpdate)!.section
            return "\(updateAction.rawValue) section \(section)"
        }
        switch updateAction {
        case .insert: return "insert \(indexPathAfterUpdate!)"
        case .delete: return "delete \(indexPathBeforeUpdate!)"
        case .move: return "move \(indexPathBeforeUpdate!) -> \(indexPathAfterUpdate!)"
        case .reload: return "reload \(indexPathBeforeUpdate!)"
        }
    }
}
