/// One recorded change of a batch update (UIKit's `UICollectionViewUpdateItem`).
///
/// Deletions are given with pre-update index paths, insertions with post-update ones, moves
/// with both (UIKitBehaviour.md §5.2).
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of change this is.
    public enum Action: String, Hashable, Sendable {
        /// An item was inserted.
        case insert
        /// An item was deleted.
        case delete
        /// An item was moved.
        case move
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

    /// A move from `from` (pre-update) to `to` (post-update).
    public static func move(from: IndexPath, to: IndexPath) -> CollectionViewUpdateItem {
        CollectionViewUpdateItem(updateAction: .move, indexPathBeforeUpdate: from, indexPathAfterUpdate: to)
    }

    /// E.g. `insert [0, 3]`, `move [0, 1] -> [0, 4]`.
    public var description: String {
        switch updateAction {
        case .insert: return "insert \(indexPathAfterUpdate!)"
        case .delete: return "delete \(indexPathBeforeUpdate!)"
        case .move: return "move \(indexPathBeforeUpdate!) -> \(indexPathAfterUpdate!)"
        }
    }
}
