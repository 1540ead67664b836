import Geometry
import Layout

/// Serves a scene to a collection view: counts, item sizes (as the flow and waterfall layout
/// delegates), header and footer sizes, and views from the registered factories.
///
/// Reuse identifiers: a cell's is its design's (`Scene.cellIdentifier(forItemAt:)`: `"cell"`
/// or a key of the scene's `cells`); a header's or footer's is its `view` name, or its element
/// kind (`"header"`, `"footer"`) for the default design. A drawing module registers its own
/// factories for them and sets the configure hooks to fill the views from the scene.
public final class SceneDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout, WaterfallLayoutDelegate
{
    /// Every cell reuse identifier the scene uses: `"cell"` and the keys of its `cells`.
    public var cellReuseIdentifiers: [String] {
        [Scene.defaultCellIdentifier] + scene.appearance.cells.keys.sorted()
    }

    /// Every reuse identifier the scene's views of `kind` (header or footer) use: the kind itself
    /// and the keys of `headerViews` / `footerViews`.
    public func supplementaryReuseIdentifiers(ofKind kind: String) -> [String] {
        let named =
            kind == CollectionView.elementKindSectionHeader
            ? scene.appearance.headerViews : scene.appearance.footerViews
        return [kind] + named.keys.sorted()
    }

    /// The scene served.
    public internal(set) var scene: Scene
    /// Called for every cell handed to the collection view, with the item's data-source index
    /// path, its scene item and its resolved style.
    public var configureCell: ((any ReusableCellView, IndexPath, SceneItem, CellStyle) -> Void)?
    /// Called for every header / footer view, with its kind, index path and scene object (nil when
    /// the section has none).
    public var configureSupplementaryView: ((any ReusableElementView, String, IndexPath, SceneSupplementary?) -> Void)?

    /// Called when the delegate learns an item was highlighted (true) or unhighlighted (false);
    /// see `SceneDataSource+Interaction.swift`.
    public var highlightChanged: ((IndexPath, Bool) -> Void)?
    /// The items the delegate was told are highlighted (the seeds' ItemHighlighted state).
    public internal(set) var highlightedByDelegate = Set<IndexPath>()

    /// Creates a data source for `scene`.
    public init(scene: Scene) { self.scene = scene }

    /// The number of sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int { scene.sections.count }

    /// The number of items in `section`.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        section < scene.sections.count ? scene.sections[section].itemCount : 0
    }

    /// A `"cell"` from the reuse queue, passed through `configureCell`.
    ///
    /// - Throws: `CollectionViewError.unregisteredReuseIdentifier` if no `"cell"` factory is registered.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        let cell = try collectionView.dequeueReusableCell(
            withReuseIdentifier: scene.cellIdentifier(forItemAt: indexPath), for: indexPath)
        configureCell?(cell, indexPath, scene.item(at: indexPath) ?? SceneItem(), scene.style(forItemAt: indexPath))
        return cell
    }

    /// A header or footer view from the reuse queue (identifier: its `view` name, else the kind),
    /// passed through `configureSupplementaryView`; nil for other kinds.
    ///
    /// - Throws: `CollectionViewError.unregisteredReuseIdentifier` if no factory is registered.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        guard kind == CollectionView.elementKindSectionHeader || kind == CollectionView.elementKindSectionFooter else {
            return nil
        }
        let object = supplementary(kind, indexPath.section)
        let view = try collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: object?.view ?? kind, for: indexPath)
        configureSupplementaryView?(view, kind, indexPath, object)
        return view
    }

    private func supplementary(_ kind: String, _ section: Int) -> SceneSupplementary? {
        guard section >= 0, section < scene.sections.count else { return nil }
        return kind == CollectionView.elementKindSectionHeader
            ? scene.sections[section].header : scene.sections[section].footer
    }

    // MARK: Sizes

    /// The item's size. For a waterfall, the scene's `cellSizes` entry for the item's index if
    /// there is one (only its aspect ratio counts); else the item's `size`; else the layout's
    /// `itemSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size {
        if collectionViewLayout is WaterfallLayout, case .waterfall(let p) = scene.layout, let sizes = p.cellSizes,
            indexPath.item < sizes.count
        {
            return sizes[indexPath.item]
        }
        return scene.item(at: indexPath)?.size ?? LayoutDelegateFallback.itemSize(of: collectionViewLayout)
    }

    /// The size of `section`'s header or footer object, if it has one; for an object without a
    /// size, 40 × 40 when the layout's reference size is zero along the scroll direction; else
    /// the layout's reference size.
    private func referenceSize(_ kind: String, _ section: Int, layout: CollectionViewLayout) -> Size {
        guard let flow = layout as? CollectionViewFlowLayout else { return supplementary(kind, section)?.size ?? .zero }
        let own = kind == CollectionView.elementKindSectionHeader ? flow.headerReferenceSize : flow.footerReferenceSize
        guard let s = supplementary(kind, section) else { return own }
        if let size = s.size { return size }
        let length = flow.scrollDirection == .vertical ? own.height : own.width
        let d = Scene.defaultSupplementaryLength
        return length > 0 ? own : Size(width: d, height: d)
    }

    /// The section header's `size`; for a header object without one, 40 × 40 when the layout's
    /// `headerReferenceSize` is zero along the scroll direction; else the layout's.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size {
        referenceSize(CollectionView.elementKindSectionHeader, section, layout: collectionViewLayout)
    }

    /// As the header, for footers.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size {
        referenceSize(CollectionView.elementKindSectionFooter, section, layout: collectionViewLayout)
    }

    /// The height of `section`'s header or footer object, if it has one; 40 for an object without
    /// a size when the layout's own height is 0; else the layout's height.
    private func height(_ kind: String, _ section: Int, layout: CollectionViewLayout) -> Double {
        guard let waterfall = layout as? WaterfallLayout else { return supplementary(kind, section)?.size?.height ?? 0 }
        let own = kind == CollectionView.elementKindSectionHeader ? waterfall.headerHeight : waterfall.footerHeight
        guard let s = supplementary(kind, section) else { return own }
        if let size = s.size { return size.height }
        return own > 0 ? own : Scene.defaultSupplementaryLength
    }

    /// The header's `size.height`; 40 for a header object without a size when `headerHeight` is
    /// 0; else the layout's `headerHeight`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForHeaderInSection section: Int
    ) -> Double {
        height(CollectionView.elementKindSectionHeader, section, layout: collectionViewLayout)
    }

    /// As the header, for footers.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        heightForFooterInSection section: Int
    ) -> Double {
        height(CollectionView.elementKindSectionFooter, section, layout: collectionViewLayout)
    }
}
