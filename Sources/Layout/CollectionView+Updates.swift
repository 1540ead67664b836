import Geometry

/// Batch updates: insert, delete and move items (UIKitBehaviour.md §5.2).
///
/// The caller changes its data model inside `performBatchUpdates(_:)` and records what it did
/// with `insertItems(at:)`, `deleteItems(at:)` and `moveItem(at:to:)`; the collection view checks
/// the new counts, maps selection and shown views to the new index paths, re-prepares the layout
/// and computes each visible element's start and end attributes with the layout's hooks.
extension CollectionView {
    /// Records insertions (post-update index paths). Outside `performBatchUpdates(_:)` it is a
    /// batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func insertItems(at indexPaths: [IndexPath]) throws {
        try record(indexPaths.map(CollectionViewUpdateItem.insert))
    }

    /// Records deletions (pre-update index paths). Outside `performBatchUpdates(_:)` it is a batch
    /// update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func deleteItems(at indexPaths: [IndexPath]) throws {
        try record(indexPaths.map(CollectionViewUpdateItem.delete))
    }

    /// Records a move from `indexPath` (pre-update) to `newIndexPath` (post-update). Outside
    /// `performBatchUpdates(_:)` it is a batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
        try record([.move(from: indexPath, to: newIndexPath)])
    }

    private func record(_ items: [CollectionViewUpdateItem]) throws {
        if recordedUpdates != nil {
            recordedUpdates!.append(contentsOf: items)
        } else {
            try performBatchUpdates { self.recordedUpdates!.append(contentsOf: items) }
        }
    }

    /// Runs `updates` (which changes the data model and records the changes), then applies them.
    ///
    /// In order: the attributes of the elements in the visible rect are captured from the
    /// prepared old layout; `updates` runs; counts are re-read and checked against the recorded
    /// changes; selection, highlight and shown cells follow their items (deleted ones are dropped);
    /// the layout is invalidated and prepared, then `prepare(forCollectionViewUpdates:)`, the
    /// appearing / disappearing hooks for every element visible before or after, and
    /// `finalizeCollectionViewUpdates()` are called. Views are not updated until `layoutSubviews()`.
    ///
    /// Start and end attributes (returned in `BatchUpdate.transitions`): an element visible before
    /// and after moves from its old to its new attributes. One visible only after starts at
    /// `initialLayoutAttributesForAppearing…`, or, when that is nil, at its final attributes — with
    /// alpha 0 if it was inserted (PSTCollectionView's fade, the flow layout's documented default).
    /// One visible only before ends at `finalLayoutAttributesForDisappearing…`, or, when nil, at its
    /// new attributes if it still exists, else at its old attributes with alpha 0 if deleted.
    /// An item moved in from outside the old visible rect counts as appearing (its old attributes
    /// are no longer known once the layout is re-prepared).
    ///
    /// - Throws: what `updates` throws; `CollectionViewError` if the new counts disagree with the
    ///   recorded changes (`inconsistentUpdate`, `sectionCountChanged`) or a path is invalid.
    ///   On a count error the collection view reloads its data.
    /// - Complexity: O(u + touched sections + k log k) plus one layout prepare.
    @discardableResult
    public func performBatchUpdates(_ updates: () throws -> Void) throws -> BatchUpdate {
        guard recordedUpdates == nil else {
            try updates()
            return try BatchUpdate(updateItems: [], countsBefore: modelCounts)
        }
        if movement != nil { cancelInteractiveMovement() }
        let before = modelCounts
        prepareLayoutIfNeeded()
        let layout = collectionViewLayout
        var old: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for a in layout.layoutAttributesForElements(in: bounds) where !a.isHidden && a.frame.intersects(bounds) {
            old[a.elementKey] = a
        }
        recordedUpdates = []
        defer { recordedUpdates = nil }
        try updates()
        let items = recordedUpdates ?? []
        recordedUpdates = nil
        var update = try BatchUpdate(updateItems: items, countsBefore: before)
        dataCounts = nil
        let after = modelCounts
        guard after.count == before.count else {
            reloadData()
            throw CollectionViewError.sectionCountChanged(before: before.count, after: after.count)
        }
        for s in 0..<after.count where after[s] != update.countsAfter[s] {
            reloadData()
            throw CollectionViewError.inconsistentUpdate(section: s, expected: update.countsAfter[s], actual: after[s])
        }
        selected = Set(selected.compactMap { update.indexPathAfterUpdate(for: $0) })
        highlighted = Set(highlighted.compactMap { update.indexPathAfterUpdate(for: $0) })
        if let t = trackedIndexPath { trackedIndexPath = update.indexPathAfterUpdate(for: t) }
        remapVisibleCells { update.indexPathAfterUpdate(for: $0) }

        layout.invalidateLayout()
        prepareLayoutIfNeeded()
        layout.prepare(forCollectionViewUpdates: items)
        update.transitions = transitions(old: old, update: update, layout: layout)
        layout.finalizeCollectionViewUpdates()
        return update
    }

    private func transitions(
        old: [ElementKey: CollectionViewLayoutAttributes], update: BatchUpdate, layout: CollectionViewLayout
    )
        -> [ElementTransition]
    {
        let inserted = Set(update.insertedIndexPaths), deleted = Set(update.deletedIndexPaths)
        var new: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for a in layout.layoutAttributesForElements(in: bounds) where !a.isHidden && a.frame.intersects(bounds) {
            new[a.elementKey] = a
        }
        var result: [ElementTransition] = []
        var matchedOld = Set<ElementKey>()
        for (key, end) in new {
            var oldKey = key
            if key.category == .cell {
                if let p = update.indexPathBeforeUpdate(for: key.indexPath) {
                    oldKey.indexPath = p
                } else {
                    oldKey.indexPath = IndexPath(item: -1, section: -1)
                }
            }
            if var start = old[oldKey] {
                matchedOld.insert(oldKey)
                start.indexPath = end.indexPath
                result.append(ElementTransition(key: key, change: .persisting, start: start, end: end))
                continue
            }
            var start = layout.initialLayoutAttributesForAppearingElement(key)
            if start == nil {
                start = end
                if key.category == .cell && inserted.contains(key.indexPath) { start!.alpha = 0 }
            }
            result.append(ElementTransition(key: key, change: .appearing, start: start!, end: end))
        }
        for (key, start) in old where !matchedOld.contains(key) {
            var end = layout.finalLayoutAttributesForDisappearingElement(key)
            let newPath = key.category == .cell ? update.indexPathAfterUpdate(for: key.indexPath) : key.indexPath
            if end == nil, let p = newPath { end = layout.layoutAttributesForElement(key, at: p) }
            if end == nil {
                end = start
                if key.category == .cell && deleted.contains(key.indexPath) { end!.alpha = 0 }
            }
            result.append(ElementTransition(key: key, change: .disappearing, start: start, end: end!))
        }
        result.sort { $0.key < $1.key || ($0.key == $1.key && $0.change.rawValue < $1.change.rawValue) }
        return result
    }
}
