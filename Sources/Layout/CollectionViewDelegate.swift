import Geometry

/// Receives a collection view's interaction events and answers its questions
/// (UIKit's `UICollectionViewDelegate`).
///
/// Every method has a default in an extension: highlighting and selection allowed, no menu,
/// the proposed move target accepted, notifications ignored. The collection view calls the
/// highlight and selection methods only for user interaction (`tapItem(at:)`, `beginTouch(at:)` /
/// `endTouch()`), never for programmatic `selectItem(at:)` — UIKitBehaviour.md §6. The order of a tap is
/// shouldHighlight → didHighlight → didUnhighlight → shouldSelect (or shouldDeselect) →
/// [didDeselect of the previous selection in single mode] → didSelect (or didDeselect).
public protocol CollectionViewDelegate: AnyObject {
    /// Whether a touch may highlight the item; false skips the whole selection process.
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item was highlighted (touch down).
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The item's highlight was removed (touch up or cancel).
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap may select the item.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// The item was selected by the user.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
    /// Whether a tap may deselect the (selected) item.
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// The item was deselected by the user (or replaced by another selection in single mode).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a long press on the item shows the edit menu.
    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
    /// Whether the menu offers `action` for the item.
    func collectionView(
        _ collectionView: CollectionView, canPerformAction action: MenuAction, forItemAt indexPath: IndexPath
    ) -> Bool
    /// Performs `action` on the item.
    func collectionView(
        _ collectionView: CollectionView, performAction action: MenuAction, forItemAt indexPath: IndexPath)
    /// Redirects an interactive movement: the index path to use instead of `proposedIndexPath`.
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    /// The content offset to end a layout change at (`setCollectionViewLayout(_:animated:)`, an
    /// interactive transition that finishes, a bounds change): asked after the layout's
    /// `targetContentOffset(forProposedContentOffset:)`, with its answer (iOS 9,
    /// `collectionView(_:targetContentOffsetForProposedContentOffset:)`).
    func collectionView(_ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point)
        -> Point
}

extension CollectionViewDelegate {
    /// True.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// True.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// True.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// Does nothing.
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// False: no menu.
    public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        false
    }
    /// False.
    public func collectionView(
        _ collectionView: CollectionView, canPerformAction action: MenuAction, forItemAt indexPath: IndexPath
    ) -> Bool { false }
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, performAction action: MenuAction, forItemAt indexPath: IndexPath
    ) {}
    /// The proposed index path.
    public func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }
    /// The proposed content offset.
    public func collectionView(
        _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
    ) -> Point { proposed }
}
