import Geometry

/// What part of a layout an invalidation makes stale (UIKit's
/// `UICollectionViewLayoutInvalidationContext`, UIKitBehaviour.md §5.6).
///
/// `CollectionViewLayout.invalidateLayout()` invalidates everything. A bounds change the layout
/// asked to be told about (`shouldInvalidateLayout(forBoundsChange:)`) invalidates with the
/// context of `invalidationContext(forBoundsChange:)` instead, so a layout can keep what a scroll
/// does not change — the flow layout keeps its item frames and only re-places what depends on the
/// visible rect at query time.
open class CollectionViewLayoutInvalidationContext {
    /// Whether everything is stale: true only for `invalidateLayout()`.
    public internal(set) var invalidateEverything: Bool
    /// Whether the data source's counts must be read again.
    public internal(set) var invalidateDataSourceCounts: Bool
    /// How far the content offset should move with the invalidation; zero by default.
    public var contentOffsetAdjustment: Point = .zero
    /// How much the content size changes with the invalidation; zero by default.
    public var contentSizeAdjustment: Size = .zero
    /// The items whose attributes are stale, if the invalidation names them.
    public private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// During an interactive movement, the index paths the moving items had before this change
    /// of target (at its end: the last target reported during the movement); nil for other
    /// invalidations.
    public internal(set) var previousIndexPathsForInteractivelyMovingItems: [IndexPath]?
    /// During an interactive movement, the moving items' new target index paths (at its end:
    /// where they stay, or their original places when it was cancelled); nil for other
    /// invalidations.
    public internal(set) var targetIndexPathsForInteractivelyMovingItems: [IndexPath]?
    /// During an interactive movement, where the finger is (content coordinates); zero for other
    /// invalidations.
    public internal(set) var interactiveMovementTarget: Point = .zero
    /// Whether an interactive movement that ended was cancelled; false for other invalidations.
    public internal(set) var interactiveMovementCancelled = false

    /// A context that invalidates nothing by itself (add to it before use).
    public required init() {
        invalidateEverything = false
        invalidateDataSourceCounts = false
    }

    /// The context of `invalidateLayout()`: everything, counts included.
    static func everything() -> Self {
        let context = Self()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        return context
    }

    /// Marks the attributes of these items stale.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
}

/// The flow layout's invalidation context (UIKit's `UICollectionViewFlowLayoutInvalidationContext`).
open class CollectionViewFlowLayoutInvalidationContext: CollectionViewLayoutInvalidationContext {
    /// Whether the delegate's sizes, insets and spacings must be asked again; true by default.
    public var invalidateFlowLayoutDelegateMetrics = true
    /// Whether the item, header and footer frames must be computed again; true by default.
    public var invalidateFlowLayoutAttributes = true

    /// A context that recomputes the flow layout's metrics and frames.
    public required init() { super.init() }
}
