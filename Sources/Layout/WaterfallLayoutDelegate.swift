import Geometry

/// Per-item and per-section values a `WaterfallLayout` asks the collection view's delegate for
/// (CHTCollectionViewDelegateWaterfallLayout; the Xamarin seed's events).
///
/// Every method is optional: the defaults return nil, meaning "use the layout's property".
/// Index paths are the data source's, also during an interactive movement.
public protocol WaterfallLayoutDelegate: CollectionViewDelegate {
    /// The item's size; only its aspect ratio is used (height = width · itemWidth / size.width).
    /// Nil: the layout's `itemSize`.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, sizeForItemAt indexPath: IndexPath)
        -> Size?
    /// The number of columns of `section`; nil for `columnCount`.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, columnCountForSection section: Int)
        -> Int?
    /// The column spacing of `section`; nil for `minimumColumnSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumColumnSpacingForSectionAt section: Int
    ) -> Double?
    /// The spacing between items in a column of `section`; nil for `minimumInterItemSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumInterItemSpacingForSectionAt section: Int
    ) -> Double?
    /// The insets of `section`'s items; nil for `sectionInset`.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, insetForSectionAt section: Int)
        -> EdgeInsets?
    /// The insets of `section`'s header; nil for `headerInset`.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, insetForHeaderInSection section: Int)
        -> EdgeInsets?
    /// The insets of `section`'s footer; nil for `footerInset`.
    func collectionView(_ collectionView: CollectionView, layout: WaterfallLayout, insetForFooterInSection section: Int)
        -> EdgeInsets?
    /// The header height of `section`; nil for `headerHeight`.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int
    )
        -> Double?
    /// The footer height of `section`; nil for `footerHeight`.
    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForFooterInSection section: Int
    )
        -> Double?
}

extension WaterfallLayoutDelegate {
    /// Nil: the layout's `itemSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size? { nil }
    /// Nil: the layout's `columnCount`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, columnCountForSection section: Int
    ) -> Int? { nil }
    /// Nil: the layout's `minimumColumnSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumColumnSpacingForSectionAt section: Int
    ) -> Double? { nil }
    /// Nil: the layout's `minimumInterItemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumInterItemSpacingForSectionAt section: Int
    ) -> Double? { nil }
    /// Nil: the layout's `sectionInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForSectionAt section: Int
    ) -> EdgeInsets? { nil }
    /// Nil: the layout's `headerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForHeaderInSection section: Int
    ) -> EdgeInsets? { nil }
    /// Nil: the layout's `footerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForFooterInSection section: Int
    ) -> EdgeInsets? { nil }
    /// Nil: the layout's `headerHeight`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForHeaderInSection section: Int
    ) -> Double? { nil }
    /// Nil: the layout's `footerHeight`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForFooterInSection section: Int
    ) -> Double? { nil }
}
