import Geometry

/// Scrolling to an item, and selecting one with a scroll, as UIKit's
/// `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)` do.
///
/// A collection view by itself has no clock: `animated` is accepted for code ported from an
/// app, and the change is made at once. `CollectionViewAnimationRecorder.scroll(toItemAt:at:)`
/// records the scroll as frames.
extension CollectionView {
    /// Where a scroll puts an item in the visible bounds (UIKit's
    /// [`UICollectionView.ScrollPosition`](https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition),
    /// with its raw values): at most one vertical and one horizontal option; the empty set
    /// does not scroll.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        /// The option bits, as UIKit's.
        public let rawValue: UInt

        /// The options whose bits are `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The item's top edge at the top of the bounds.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item's centre at the middle of the bounds' height.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the bounds.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the bounds.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item's centre at the middle of the bounds' width.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the bounds.
        public static let right = ScrollPosition(rawValue: 1 << 5)

        /// The vertical options, of which a position may hold one.
        static let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
        /// The horizontal options, of which a position may hold one.
        static let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]
    }

    /// The content offset that puts the item at `indexPath` where `position` says in the part
    /// of the bounds that `adjustedContentInset` leaves visible (`.top`: its top at the top
    /// inset), moved into the range the view can rest in (`clampedContentOffset(_:)`: an item
    /// near the end of the content stops short of the top, as in UIKit). An axis `position`
    /// names no option for keeps its offset, moved into that range too.
    ///
    /// - Throws: `CollectionViewError.invalidIndexPath` if the item does not exist, or
    ///   `.invalidScrollPosition` if `position` holds two vertical or two horizontal options
    ///   (UIKit raises for those) or bits UIKit does not define.
    public func contentOffset(
        forScrollingToItemAt indexPath: IndexPath, at position: ScrollPosition
    ) throws(CollectionViewError) -> Point {
        let known = ScrollPosition.vertical.union(.horizontal)
        guard position.isSubset(of: known) else {
            throw .invalidScrollPosition(position.rawValue, reason: "it has bits that name no position")
        }
        guard position.intersection(.vertical).rawValue.nonzeroBitCount <= 1 else {
            throw .invalidScrollPosition(position.rawValue, reason: "it names more than one vertical position")
        }
        guard position.intersection(.horizontal).rawValue.nonzeroBitCount <= 1 else {
            throw .invalidScrollPosition(position.rawValue, reason: "it names more than one horizontal position")
        }
        guard containsItem(at: indexPath) else { throw .invalidIndexPath(indexPath, reason: "there is no such item") }
        prepareLayoutIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
            return contentOffset
        }
        // The positions are taken in the part of the bounds the insets leave visible.
        let view = bounds.size, inset = adjustedContentInset
        var offset = contentOffset
        if position.contains(.top) { offset.y = frame.minY - inset.top }
        if position.contains(.centeredVertically) {
            offset.y = frame.midY - (view.height - inset.top - inset.bottom) / 2 - inset.top
        }
        if position.contains(.bottom) { offset.y = frame.maxY - view.height + inset.bottom }
        if position.contains(.left) { offset.x = frame.minX - inset.left }
        if position.contains(.centeredHorizontally) {
            offset.x = frame.midX - (view.width - inset.left - inset.right) / 2 - inset.left
        }
        if position.contains(.right) { offset.x = frame.maxX - view.width + inset.right }
        return position.isEmpty ? offset : clampedContentOffset(offset)
    }

    /// Scrolls so that the item at `indexPath` is where `position` says
    /// (`contentOffset(forScrollingToItemAt:at:)`); the empty position does not scroll.
    ///
    /// - Throws: as `contentOffset(forScrollingToItemAt:at:)`.
    public func scrollToItem(
        at indexPath: IndexPath, at position: ScrollPosition, animated: Bool
    ) throws(CollectionViewError) {
        let offset = try contentOffset(forScrollingToItemAt: indexPath, at: position)
        if offset != contentOffset { contentOffset = offset }
    }

    /// Selects the item at `indexPath` without calling the delegate, then scrolls to it as
    /// `scrollToItem(at:at:animated:)` does; nil clears the selection (Apple's documentation of
    /// `selectItem(at:animated:scrollPosition:)`). Nothing changes when `allowsSelection` is
    /// false.
    ///
    /// - Throws: as `contentOffset(forScrollingToItemAt:at:)`, before anything changes.
    public func selectItem(
        at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
    ) throws(CollectionViewError) {
        guard let indexPath else {
            if !selected.isEmpty {
                selected.removeAll()
                refreshCellStates()
            }
            return
        }
        let offset = try contentOffset(forScrollingToItemAt: indexPath, at: scrollPosition)
        guard allowsSelection else { return }
        try selectItem(at: indexPath)
        if offset != contentOffset { contentOffset = offset }
    }

    /// Deselects the item without calling the delegate (UIKit's `deselectItem(at:animated:)`);
    /// nothing happens if it was not selected.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        deselectItem(at: indexPath)
    }
}
