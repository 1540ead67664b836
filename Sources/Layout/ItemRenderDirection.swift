/// How a `WaterfallLayout` chooses each item's column (CHTCollectionViewWaterfallLayoutItemRenderDirection).
public enum ItemRenderDirection: String, Hashable, Sendable, CaseIterable {
    /// The currently shortest column; ties go to the leftmost.
    case shortestFirst
    /// Column = item % columnCount.
    case leftToRight
    /// Column = (columnCount − 1) − item % columnCount.
    case rightToLeft
}
