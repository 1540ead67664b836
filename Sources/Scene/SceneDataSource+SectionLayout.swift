import Geometry
import Layout

/// A section's own layout values (`sections[i].layout`), answered as the flow and waterfall
/// layouts' delegate methods; nil (the layout's own) for a value the section does not give.
extension SceneDataSource {
    /// The section's `layout`, if it has one.
    private func sectionLayout(_ section: Int) -> SceneSectionLayout? {
        guard section >= 0, section < scene.sections.count else { return nil }
        return scene.sections[section].layout
    }

    /// The section's `sectionInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
    ) -> EdgeInsets? {
        sectionLayout(section)?.sectionInset
    }

    /// The section's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> Double? {
        sectionLayout(section)?.minimumLineSpacing
    }

    /// The section's `minimumInteritemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int
    ) -> Double? {
        sectionLayout(section)?.minimumInteritemSpacing
    }

    /// The section's `sectionInset`, for the waterfall.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForSectionAt section: Int
    ) -> EdgeInsets? {
        sectionLayout(section)?.sectionInset
    }

    /// The section's `columnCount`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, columnCountForSection section: Int
    ) -> Int? {
        sectionLayout(section)?.columnCount
    }

    /// The section's `minimumColumnSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumColumnSpacingForSectionAt section: Int
    ) -> Double? {
        sectionLayout(section)?.minimumColumnSpacing
    }

    /// The section's `minimumInterItemSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, minimumInterItemSpacingForSectionAt section: Int
    ) -> Double? {
        sectionLayout(section)?.minimumInterItemSpacing
    }

    /// The section's `headerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForHeaderInSection section: Int
    ) -> EdgeInsets? {
        sectionLayout(section)?.headerInset
    }

    /// The section's `footerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, insetForFooterInSection section: Int
    ) -> EdgeInsets? {
        sectionLayout(section)?.footerInset
    }
}
