import Geometry

/// The abstract base of every layout: computes where a collection view's elements go
/// (UIKit's `UICollectionViewLayout`).
///
/// Subclass it and override UIKit's surface, exactly as the seeds do. The collection view drives
/// it: `prepare()` once after each invalidation, then `collectionViewContentSize` and
/// `layoutAttributesForElements(in:)` for the rect it shows; per-item queries may come at any
/// time (UIKitBehaviour.md §7 "Layout query order"). Every query method here returns "nothing" (empty
/// array, nil, zero size) so a subclass overrides only what it produces.
///
/// `invalidateLayout()` only marks the layout dirty; the collection view calls `prepare()` before
/// the next query (several invalidations coalesce into one prepare).
open class CollectionViewLayout {
    /// The collection view using this layout; set when the layout is installed. Weak, as in UIKit.
    public internal(set) weak var collectionView: CollectionView?

    /// Whether `prepare()` must run before the next query; true until the first prepare.
    public internal(set) var needsPrepare = true

    /// The decoration kinds registered with `register(decorationKind:factory:)`, with their view factories.
    public private(set) var decorationViewFactories: [String: () -> any ReusableElementView] = [:]

    /// Creates a layout not yet attached to a collection view.
    public init() {}

    /// Computes and caches the layout; called by the collection view after each invalidation.
    ///
    /// The default implementation does nothing. Subclasses call `super.prepare()` first.
    open func prepare() {}

    /// The size of the whole content; zero by default.
    open var collectionViewContentSize: Size { .zero }

    /// The attributes of every element (cells, supplementary and decoration views) whose frame
    /// intersects `rect`; empty by default.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] { [] }

    /// The attributes of the cell at `indexPath`, or nil if there is none; nil by default.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`, or nil; nil by default.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath`, or nil; nil by default.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    { nil }

    /// Whether a change of the collection view's bounds (scrolling or resizing) to `newBounds`
    /// requires a new `prepare()`. Called before the bounds change; false by default.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Marks the whole layout as needing `prepare()` before the next query: the same as
    /// `invalidateLayout(with:)` with a context that invalidates everything. Does not lay out by
    /// itself.
    open func invalidateLayout() { invalidateLayout(with: .everything()) }

    /// Marks the layout as needing `prepare()` before the next query, with `context` saying what
    /// is stale. Several invalidations coalesce into one prepare.
    ///
    /// Subclasses overriding it record what the context says and call
    /// `super.invalidateLayout(with:)`.
    open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) { needsPrepare = true }

    /// The kind of invalidation context this layout makes (UIKit's `invalidationContextClass`):
    /// `CollectionViewLayoutInvalidationContext`; the flow layout's is
    /// `CollectionViewFlowLayoutInvalidationContext`.
    open class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
        CollectionViewLayoutInvalidationContext.self
    }

    /// The context the collection view invalidates with when an interactive movement's target
    /// changes: one of `invalidationContextClass` that carries the moving items' previous and new
    /// target index paths and the finger's position, and marks both sets of items stale (iOS 9).
    open func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: Point,
        previousIndexPaths: [IndexPath], previousPosition: Point
    ) -> CollectionViewLayoutInvalidationContext {
        let context = Self.invalidationContextClass.init()
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.targetIndexPathsForInteractivelyMovingItems = targetIndexPaths
        context.interactiveMovementTarget = targetPosition
        context.invalidateItems(at: previousIndexPaths + targetIndexPaths)
        return context
    }

    /// The context the collection view invalidates with when an interactive movement ends or is
    /// cancelled: one of `invalidationContextClass` with the items' final and previous index
    /// paths, that also reads the data source's counts again (a move may change a section's
    /// count) (iOS 9).
    open func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> CollectionViewLayoutInvalidationContext {
        let context = Self.invalidationContextClass.init()
        context.invalidateDataSourceCounts = true
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.targetIndexPathsForInteractivelyMovingItems = indexPaths
        context.interactiveMovementCancelled = movementCancelled
        context.invalidateItems(at: previousIndexPaths + indexPaths)
        return context
    }

    /// The context a bounds change to `newBounds` invalidates with, when
    /// `shouldInvalidateLayout(forBoundsChange:)` says it should: a context of this layout's kind
    /// that invalidates nothing in particular by default.
    open func invalidationContext(forBoundsChange newBounds: Rect) -> CollectionViewLayoutInvalidationContext {
        CollectionViewLayoutInvalidationContext()
    }

    /// The content offset to stop at when a scroll would end at `proposedContentOffset` with
    /// `velocity` (points per second); the proposal by default.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    )
        -> Point
    { proposedContentOffset }

    /// The content offset to use after an animated layout change; the proposal by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    /// Called on the installed layout just before `newLayout` replaces it in an animated layout
    /// change (`CollectionView.setCollectionViewLayout(_:animated:)`). Does nothing by default.
    open func prepareForTransition(to newLayout: CollectionViewLayout) {}

    /// Called on the new layout, prepared, when it replaces `oldLayout` in an animated layout
    /// change. Does nothing by default.
    open func prepareForTransition(from oldLayout: CollectionViewLayout) {}

    /// Called on both layouts when an animated layout change has computed every element's start
    /// and end attributes. Does nothing by default.
    open func finalizeLayoutTransition() {}

    /// Called with the recorded insertions, deletions and moves of a batch update, after the
    /// layout was prepared for the new data and before the appearing / disappearing queries.
    /// Does nothing by default.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Called when a batch update's appearing / disappearing queries are done. Does nothing by default.
    open func finalizeCollectionViewUpdates() {}

    /// Where an item appearing in a batch update starts (new index path); nil by default, which
    /// means "start at the final attributes". Called for every appearing item, not only inserted ones.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        nil
    }

    /// Where an item disappearing in a batch update ends (old index path); nil by default, which
    /// means "end at the current attributes". Called for every disappearing item, not only deleted ones.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        nil
    }

    /// Where an appearing supplementary view starts; nil by default.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> CollectionViewLayoutAttributes? { nil }

    /// Where a disappearing supplementary view ends; nil by default.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> CollectionViewLayoutAttributes? { nil }

    /// Where an appearing decoration view starts; nil by default.
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> CollectionViewLayoutAttributes? { nil }

    /// Where a disappearing decoration view ends; nil by default.
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> CollectionViewLayoutAttributes? { nil }

    /// The index path an interactively moving item should move to when the finger is at `position`.
    ///
    /// Default (UIKitBehaviour.md §5.5): the index path of the cell under `position` — the one with the
    /// greatest zIndex if several overlap — or `previousIndexPath` when there is none.
    ///
    /// - Complexity: one `layoutAttributesForElements(in:)` query of a 1×1 rect.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point)
        -> IndexPath
    {
        topmostCell(at: position)?.indexPath ?? previousIndexPath
    }

    /// The attributes of an interactively moving item whose finger is at `position`.
    ///
    /// Default (UIKitBehaviour.md §5.5): a copy of the item's attributes with `center = position` and
    /// `zIndex = Int.max` (it floats above everything); nil if the item has no attributes.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: Point)
        -> CollectionViewLayoutAttributes?
    {
        guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
        attributes.center = position
        attributes.zIndex = Int.max
        return attributes
    }

    /// Registers a decoration view kind this layout produces, with the factory that creates its
    /// views (UIKit's `register(_:forDecorationViewOfKind:)`).
    ///
    /// Without a factory the collection view uses the one registered with
    /// `CollectionView.register(_:forDecorationViewOfKind:)`, else one that draws nothing.
    /// Registering a kind again replaces its factory.
    public func register(decorationKind: String, factory: (() -> any ReusableElementView)? = nil) {
        decorationViewFactories[decorationKind] = factory ?? { UnregisteredDecorationView() }
        hasCustomDecorationFactory[decorationKind] = factory != nil
    }

    /// Whether a factory was given when `kind` was registered.
    var hasCustomDecorationFactory: [String: Bool] = [:]

    /// The cell whose frame contains `point` with the greatest zIndex; ties go to the greater
    /// index path (drawn later, so on top).
    func topmostCell(at point: Point) -> CollectionViewLayoutAttributes? {
        let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        var best: CollectionViewLayoutAttributes?
        for a in layoutAttributesForElements(in: probe)
        where a.representedElementCategory == .cell && !a.isHidden && a.frame.contains(point) {
            if let b = best, (b.zIndex, b.indexPath) > (a.zIndex, a.indexPath) { continue }
            best = a
        }
        return best
    }
}
