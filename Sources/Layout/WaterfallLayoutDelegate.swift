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

    // CHT's Swift port spells the section methods its own way; the layout asks these, whose
    // defaults ask the methods above.
    /// The number of columns of `section`, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:columnCountForSection:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, columnCountFor section: Int
    ) -> Int
    /// The column spacing of `section`, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:minimumColumnSpacingForSectionAt:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumColumnSpacingFor section: Int
    ) -> Double
    /// The spacing between items in a column of `section`, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingFor section: Int
    ) -> Double
    /// The insets of `section`'s items, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:insetForSectionAt:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetsFor section: Int
    ) -> EdgeInsets
    /// The insets of `section`'s header, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:insetForHeaderInSection:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetsForHeaderIn section: Int
    ) -> EdgeInsets
    /// The insets of `section`'s footer, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:insetForFooterInSection:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetsForFooterIn section: Int
    ) -> EdgeInsets
    /// The header height of `section`, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:heightForHeaderInSection:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForHeaderIn section: Int
    ) -> Double
    /// The footer height of `section`, as CHT's Swift port asks for it. By default, the answer of
    /// `collectionView(_:layout:heightForFooterInSection:)`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForFooterIn section: Int
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
    /// The answer of `collectionView(_:layout:columnCountForSection:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, columnCountFor section: Int
    ) -> Int { self.collectionView(collectionView, layout: collectionViewLayout, columnCountForSection: section) }
    /// The answer of `collectionView(_:layout:minimumColumnSpacingForSectionAt:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumColumnSpacingFor section: Int
    ) -> Double {
        self.collectionView(collectionView, layout: collectionViewLayout, minimumColumnSpacingForSectionAt: section)
    }
    /// The answer of `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingFor section: Int
    ) -> Double {
        self.collectionView(collectionView, layout: collectionViewLayout, minimumInteritemSpacingForSectionAt: section)
    }
    /// The answer of `collectionView(_:layout:insetForSectionAt:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout, insetsFor section: Int
    ) -> EdgeInsets { self.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section) }
    /// The answer of `collectionView(_:layout:insetForHeaderInSection:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetsForHeaderIn section: Int
    ) -> EdgeInsets {
        self.collectionView(collectionView, layout: collectionViewLayout, insetForHeaderInSection: section)
    }
    /// The answer of `collectionView(_:layout:insetForFooterInSection:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetsForFooterIn section: Int
    ) -> EdgeInsets {
        self.collectionView(collectionView, layout: collectionViewLayout, insetForFooterInSection: section)
    }
    /// The answer of `collectionView(_:layout:heightForHeaderInSection:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForHeaderIn section: Int
    ) -> Double { self.collectionView(collectionView, layout: collectionViewLayout, heightForHeaderInSection: section) }
    /// The answer of `collectionView(_:layout:heightForFooterInSection:)`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForFooterIn section: Int
    ) -> Double { self.collectionView(collectionView, layout: collectionViewLayout, heightForFooterInSection: section) }
}
