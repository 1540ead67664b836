import Geometry

/// Per-item and per-section overrides a `CollectionViewFlowLayout` asks the collection view's delegate for
/// (UIKit's `UICollectionViewDelegateFlowLayout`).
///
/// Every method is optional: the default implementations return nil, which means "use the
/// layout's property" (`itemSize`, `sectionInset`, …). Index paths are the data source's, also
/// during an interactive movement.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
    /// The size of the item at `indexPath`, or nil for the layout's `itemSize`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
    )
        -> Size?
    /// The insets of `section`, or nil for the layout's `sectionInset`.
    func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int)
        -> EdgeInsets?
    /// The line spacing of `section`, or nil for the layout's `minimumLineSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> Double?
    /// The inter-item spacing of `section`, or nil for the layout's `minimumInteritemSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double?
    /// The header size of `section`, or nil for the layout's `headerReferenceSize`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int
    ) -> Size?
    /// The footer size of `section`, or nil for the layout's `footerReferenceSize`.
    func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int
    ) -> Size?
}

extension CollectionViewDelegateFlowLayout {
    /// Nil: the layout's `itemSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
    ) -> Size? { nil }
    /// Nil: the layout's `sectionInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
    ) -> EdgeInsets? { nil }
    /// Nil: the layout's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> Double? { nil }
    /// Nil: the layout's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double? { nil }
    /// Nil: the layout's `headerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForHeaderInSection section: Int
    ) -> Size? { nil }
    /// Nil: the layout's `footerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, referenceSizeForFooterInSection section: Int
    ) -> Size? { nil }
}
