import Geometry

/// Per-item and per-section values a `WaterfallLayout` asks the collection view's delegate for
/// (CHTCollectionViewWaterfallLayout's `CHTCollectionViewDelegateWaterfallLayout`, with the
/// selectors of its Objective-C header; the Xamarin seed's events).
///
/// As in CHT, the layout argument is a `CollectionViewLayout`, and every method returns a value.
/// Every method is optional: the default implementations return the layout's own property,
/// which is what CHT uses when the delegate does not implement the method. (CHT requires
/// `sizeForItemAt`; here a delegate without it gets the layout's `itemSize`.) Index paths are
/// the data source's, also during an interactive movement.
///
/// `sizeForItemAt`, `insetForSectionAt` and `minimumInteritemSpacingForSectionAt` (the spacing
/// between items in a column) are declared by `CollectionViewDelegateItemSizing`,
/// which this protocol refines with `CollectionViewDelegateFlowLayout`: a delegate of both
/// layouts answers them with one method for both, as in UIKit; tell the layouts apart by the
/// layout argument's type.
public protocol WaterfallLayoutDelegate: CollectionViewDelegateItemSizing {
    /// The number of columns of `section`. By default, the layout's `columnCount`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        columnCountForSection section: Int
    ) -> Int
    /// The column spacing of `section`. By default, the layout's `minimumColumnSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumColumnSpacingForSectionAt section: Int
    ) -> Double
    /// The insets of `section`'s header. By default, the layout's `headerInset`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForHeaderInSection section: Int
    ) -> EdgeInsets
    /// The insets of `section`'s footer. By default, the layout's `footerInset`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForFooterInSection section: Int
    ) -> EdgeInsets
    /// The header height of `section`. By default, the layout's `headerHeight`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForHeaderInSection section: Int
    ) -> Double
    /// The footer height of `section`. By default, the layout's `footerHeight`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForFooterInSection section: Int
    ) -> Double
}

extension WaterfallLayoutDelegate {
    /// The layout's `columnCount`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        columnCountForSection section: Int
    ) -> Int { (collectionViewLayout as? WaterfallLayout)?.columnCount ?? 1 }
    /// The layout's `minimumColumnSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumColumnSpacingForSectionAt section: Int
    ) -> Double { (collectionViewLayout as? WaterfallLayout)?.minimumColumnSpacing ?? 0 }
    /// The layout's `headerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForHeaderInSection section: Int
    ) -> EdgeInsets { (collectionViewLayout as? WaterfallLayout)?.headerInset ?? .zero }
    /// The layout's `footerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForFooterInSection section: Int
    ) -> EdgeInsets { (collectionViewLayout as? WaterfallLayout)?.footerInset ?? .zero }
    /// The layout's `headerHeight`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForHeaderInSection section: Int
    ) -> Double { (collectionViewLayout as? WaterfallLayout)?.headerHeight ?? 0 }
    /// The layout's `footerHeight`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForFooterInSection section: Int
    ) -> Double { (collectionViewLayout as? WaterfallLayout)?.footerHeight ?? 0 }
}
