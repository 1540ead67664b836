import Geometry

/// Per-item and per-section values a `CollectionViewFlowLayout` asks the collection view's
/// delegate for (UIKit's `UICollectionViewDelegateFlowLayout`).
///
/// The methods have UIKit's signatures, `CGSize` and `CGFloat` read as `Size` and `Double`, so a
/// method ported from an app is the one the layout calls. Every method is optional: the default
/// implementations return the layout's own property (`itemSize`, `sectionInset`, …), which is
/// what UIKit uses when the delegate does not implement the method
/// ([UICollectionViewDelegateFlowLayout](https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout)).
/// `sizeForItemAt`, `insetForSectionAt` and `minimumInteritemSpacingForSectionAt` are declared by
/// `CollectionViewDelegateItemSizing`,
/// which this protocol refines. Index paths are the data source's, also during an interactive
/// movement.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegateItemSizing {
    /// The line spacing of `section`. By default, the layout's `minimumLineSpacing`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double
    /// The header size of `section`. By default, the layout's `headerReferenceSize`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size
    /// The footer size of `section`. By default, the layout's `footerReferenceSize`.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size
}

extension CollectionViewDelegateFlowLayout {
    /// The layout's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double { (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 0 }
    /// The layout's `headerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size { (collectionViewLayout as? CollectionViewFlowLayout)?.headerReferenceSize ?? .zero }
    /// The layout's `footerReferenceSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size { (collectionViewLayout as? CollectionViewFlowLayout)?.footerReferenceSize ?? .zero }
}
