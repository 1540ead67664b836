import Geometry
import Layout

/// A section's own layout values (`sections[i].layout`), answered as the flow and waterfall
/// layouts' delegate methods; the layout's own value for one the section does not give.
extension SceneDataSource {
    /// The section's `layout`, if it has one.
    private func sectionLayout(_ section: Int) -> SceneSectionLayout? {
        guard section >= 0, section < scene.sections.count else { return nil }
        return scene.sections[section].layout
    }

    /// The section's `sectionInset`, for either layout.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        sectionLayout(section)?.sectionInset ?? LayoutDelegateFallback.sectionInset(of: collectionViewLayout)
    }

    /// The section's `minimumLineSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double {
        sectionLayout(section)?.minimumLineSpacing
            ?? (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }

    /// The section's spacing between items: its `minimumInterItemSpacing` under a waterfall
    /// layout, its `minimumInteritemSpacing` under the others (the scene format's two keys).
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        let own =
            collectionViewLayout is WaterfallLayout
            ? sectionLayout(section)?.minimumInterItemSpacing : sectionLayout(section)?.minimumInteritemSpacing
        return own ?? LayoutDelegateFallback.minimumInteritemSpacing(of: collectionViewLayout)
    }

    /// The section's `columnCount`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        columnCountForSection section: Int
    ) -> Int {
        sectionLayout(section)?.columnCount ?? (collectionViewLayout as? WaterfallLayout)?.columnCount ?? 1
    }

    /// The section's `minimumColumnSpacing`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumColumnSpacingForSectionAt section: Int
    ) -> Double {
        sectionLayout(section)?.minimumColumnSpacing
            ?? (collectionViewLayout as? WaterfallLayout)?.minimumColumnSpacing ?? 0
    }

    /// The section's `headerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForHeaderInSection section: Int
    ) -> EdgeInsets {
        sectionLayout(section)?.headerInset ?? (collectionViewLayout as? WaterfallLayout)?.headerInset ?? .zero
    }

    /// The section's `footerInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForFooterInSection section: Int
    ) -> EdgeInsets {
        sectionLayout(section)?.footerInset ?? (collectionViewLayout as? WaterfallLayout)?.footerInset ?? .zero
    }
}
