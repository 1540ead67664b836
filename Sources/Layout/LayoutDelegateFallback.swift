import Geometry

/// The values a layout delegate's default methods answer with: the asking layout's own
/// properties, for the flow layout and the waterfall alike.
///
/// The two delegate protocols share two methods (`sizeForItemAt`, `insetForSectionAt`), as
/// UIKit's and CHT's do; a delegate conforming to both gets one default for each that serves
/// both layouts (the extension below), which is why these answer for either. A delegate's own
/// method can call them for the items or sections it has no value of its own for.
public enum LayoutDelegateFallback {
    /// The layout's `itemSize`, or zero for a layout without one.
    public static func itemSize(of layout: CollectionViewLayout) -> Size {
        if let flow = layout as? CollectionViewFlowLayout { return flow.itemSize }
        if let waterfall = layout as? WaterfallLayout { return waterfall.itemSize }
        return .zero
    }

    /// The layout's `sectionInset`, or zero for a layout without one.
    public static func sectionInset(of layout: CollectionViewLayout) -> EdgeInsets {
        if let flow = layout as? CollectionViewFlowLayout { return flow.sectionInset }
        if let waterfall = layout as? WaterfallLayout { return waterfall.sectionInset }
        return .zero
    }
}

/// The shared methods' defaults for a delegate of both layouts: without them, the two protocols'
/// defaults would be equally good witnesses, and such a type would not compile.
extension CollectionViewDelegateFlowLayout where Self: WaterfallLayoutDelegate {
    /// The asking layout's `itemSize`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size { LayoutDelegateFallback.itemSize(of: collectionViewLayout) }
    /// The asking layout's `sectionInset`.
    public func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets { LayoutDelegateFallback.sectionInset(of: collectionViewLayout) }
}
