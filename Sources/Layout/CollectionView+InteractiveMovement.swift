import Geometry

/// The state of an interactive movement (drag to reorder).
struct InteractiveMovement {
    /// Where the item is in the data source.
    var original: IndexPath
    /// Where it is shown now.
    var target: IndexPath
    /// The finger, in content coordinates.
    var position: Point
}

/// Interactive movement: drag an item to reorder (UIKitBehaviour.md §5.5).
///
/// While an item moves, the collection view presents the items in the order they would have if
/// the move were done (the item removed from `original` and inserted at the target): counts,
/// layout and shown cells use these *presented* index paths; the data source, the delegate's
/// per-item size callbacks and selection keep the data source's index paths — the layouts
/// convert with `dataIndexPath(forPresentedIndexPath:)`, so each item keeps its own size while
/// the others make room. The moving item itself is shown with the layout's
/// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`.
extension CollectionView {
    /// Where the moving item came from (data source index path), or nil when nothing moves.
    public var interactiveMovementOriginalIndexPath: IndexPath? { movement?.original }

    /// Where the moving item is shown now (presented index path), or nil when nothing moves.
    public var interactiveMovementTargetIndexPath: IndexPath? { movement?.target }

    /// The position of the finger moving the item, or nil when nothing moves.
    public var interactiveMovementPosition: Point? { movement?.position }

    /// The data source's index path of the item shown at `indexPath`: the same path unless an
    /// interactive movement is in progress.
    public func dataIndexPath(forPresentedIndexPath p: IndexPath) -> IndexPath {
        guard let m = movement else { return p }
        if p == m.target { return m.original }
        var q = p
        if q.section == m.target.section && q.item > m.target.item { q.item -= 1 }
        if q.section == m.original.section && q.item >= m.original.item { q.item += 1 }
        return q
    }

    /// The index path at which the data source's item at `indexPath` is shown: the same path
    /// unless an interactive movement is in progress.
    public func presentedIndexPath(forDataIndexPath d: IndexPath) -> IndexPath {
        guard let m = movement else { return d }
        if d == m.original { return m.target }
        var q = d
        if q.section == m.original.section && q.item > m.original.item { q.item -= 1 }
        if q.section == m.target.section && q.item >= m.target.item { q.item += 1 }
        return q
    }

    /// Starts moving the item at `indexPath`.
    ///
    /// - Returns: false (and nothing starts) if a movement is already in progress, the item does
    ///   not exist or the data source's `canMoveItemAt` says no.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard movement == nil, containsItem(at: indexPath), let ds = dataSource,
            ds.collectionView(self, canMoveItemAt: indexPath),
            let attributes = layoutAttributesForItem(at: indexPath)
        else { return false }
        movement = InteractiveMovement(original: indexPath, target: indexPath, position: attributes.center)
        return true
    }

    /// The finger moved to `position` (content coordinates).
    ///
    /// Asks the layout's `targetIndexPath(forInteractivelyMovingItem:withPosition:)`, lets the
    /// delegate redirect it (`targetIndexPathForMoveFromItemAt:toProposedIndexPath:`), and if the
    /// target changes, re-keys the shown cells and invalidates the layout with its
    /// `invalidationContext(forInteractivelyMovingItems:…)`, so the other items make room. A
    /// target outside the presented items is ignored. Does nothing when nothing moves.
    public func updateInteractiveMovementTargetPosition(_ position: Point) {
        guard var m = movement else { return }
        let previousPosition = m.position
        m.position = position
        movement = m
        prepareLayoutIfNeeded()
        let proposed = collectionViewLayout.targetIndexPath(
            forInteractivelyMovingItem: m.target, withPosition: position)
        var target =
            delegate?.collectionView(self, targetIndexPathForMoveFromItemAt: m.original, toProposedIndexPath: proposed)
            ?? proposed
        if !containsItem(at: target) { target = m.target }
        guard target != m.target else { return }
        var dataOfShown: [ElementKey: IndexPath] = [:]
        for key in visibleViews.keys where key.category == .cell {
            dataOfShown[key] = dataIndexPath(forPresentedIndexPath: key.indexPath)
        }
        let previousTarget = m.target
        m.target = target
        movement = m
        remapVisibleViews { p in
            let d = dataOfShown[ElementKey(category: .cell, kind: nil, indexPath: p)] ?? p
            return self.presentedIndexPath(forDataIndexPath: d)
        }
        let layout = collectionViewLayout
        layout.invalidateLayout(
            with: layout.invalidationContext(
                forInteractivelyMovingItems: [target], withTargetPosition: position,
                previousIndexPaths: [previousTarget], previousPosition: previousPosition))
    }

    /// Invalidates the layout for the end of a movement (`invalidationContextForEndingInteractive…`):
    /// `previous` is the last target reported during the movement, as UIKit passes it.
    private func invalidateForEndOfMovement(final: IndexPath, previous: IndexPath, cancelled: Bool) {
        let layout = collectionViewLayout
        layout.invalidateLayout(
            with: layout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [final], previousIndexPaths: [previous], movementCancelled: cancelled))
    }

    /// Ends the movement: the data source's `moveItemAt(_:to:)` is called (if the item moved), the
    /// item stays at its target and selection follows it. Does nothing when nothing moves.
    public func endInteractiveMovement() {
        guard let m = movement else { return }
        movement = nil
        lastMovementCancelled = false
        guard m.original != m.target else {
            invalidateForEndOfMovement(final: m.target, previous: m.target, cancelled: false)
            return
        }
        dataSource?.collectionView(self, moveItemAt: m.original, to: m.target)
        if let update = try? BatchUpdate(
            updateItems: [.move(from: m.original, to: m.target)], countsBefore: modelCounts)
        {
            selected = Set(selected.compactMap { update.indexPathAfterUpdate(for: $0) })
            highlighted = Set(highlighted.compactMap { update.indexPathAfterUpdate(for: $0) })
        }
        dataCounts = nil
        invalidateForEndOfMovement(final: m.target, previous: m.target, cancelled: false)
        refreshCellStates()
    }

    /// Cancels the movement: the item goes back to where it was; the data source is not told.
    /// Does nothing when nothing moves.
    public func cancelInteractiveMovement() {
        guard let m = movement else { return }
        var dataOfShown: [ElementKey: IndexPath] = [:]
        for key in visibleViews.keys where key.category == .cell {
            dataOfShown[key] = dataIndexPath(forPresentedIndexPath: key.indexPath)
        }
        movement = nil
        lastMovementCancelled = true
        remapVisibleViews { p in dataOfShown[ElementKey(category: .cell, kind: nil, indexPath: p)] ?? p }
        invalidateForEndOfMovement(final: m.original, previous: m.target, cancelled: true)
    }
}
