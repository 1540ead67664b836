import Geometry

/// The values a layout delegate's default methods answer with: the asking layout's own
/// properties, for the flow layout and the waterfall alike.
///
/// The two delegate protocols share three methods (`CollectionViewDelegateItemSizing`), whose
/// defaults serve both layouts, which is why these answer for either. A delegate's own method
/// can call them for the items or sections it has no value of its own for.
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

    /// The layout's `minimumInteritemSpacing`, or zero for a layout without one.
    public static func minimumInteritemSpacing(of layout: CollectionViewLayout) -> Double {
        if let flow = layout as? CollectionViewFlowLayout { return flow.minimumInteritemSpacing }
        if let waterfall = layout as? WaterfallLayout { return waterfall.minimumInteritemSpacing }
        return 0
    }
}
