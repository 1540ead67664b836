import Geometry

/// The three methods the flow layout's and the waterfall's delegates share: an item's size, a
/// section's insets and its inter-item spacing, declared by UIKit's
/// `UICollectionViewDelegateFlowLayout` and by CHT's waterfall delegate with the same signature.
///
/// `CollectionViewDelegateFlowLayout` and `WaterfallLayoutDelegate` refine it, so a delegate of
/// both layouts answers each method once for both, as in UIKit; tell the layouts apart by the
/// layout argument's type. The default implementations answer with the asking layout's own
/// `itemSize`, `sectionInset` and `minimumInteritemSpacing` (`LayoutDelegateFallback`).
public protocol CollectionViewDelegateItemSizing: CollectionViewDelegate {
    /// The size of the item at `indexPath` (the waterfall uses only its aspect ratio:
    /// height = width · itemWidth / size.width). By default, the layout's `itemSize`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size
    /// The insets of `section`'s items. By default, the layout's `sectionInset`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets
    /// The spacing between items of `section`: across a flow layout's lines, down a waterfall's
    /// columns. By default, the layout's `minimumInteritemSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double
}

extension CollectionViewDelegateItemSizing {
    /// The layout's `itemSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size { LayoutDelegateFallback.itemSize(of: collectionViewLayout) }
    /// The layout's `sectionInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets { LayoutDelegateFallback.sectionInset(of: collectionViewLayout) }
    /// The layout's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double { LayoutDelegateFallback.minimumInteritemSpacing(of: collectionViewLayout) }
}
