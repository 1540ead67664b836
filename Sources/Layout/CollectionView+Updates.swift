import Geometry

/// Batch updates: insert, delete and move items; insert and delete sections (UIKitBehaviour.md §5.2).
///
/// The caller changes its data model inside `performBatchUpdates(_:)` and records what it did
/// with `insertItems(at:)`, `deleteItems(at:)`, `moveItem(at:to:)`, `insertSections(_:)` and
/// `deleteSections(_:)`; the collection view checks
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

    /// Records reloads (pre-update index paths): each item keeps its place, and its cell is
    /// replaced by a new one from the data source, the old one fading out over the new one fading
    /// in (UIKitBehaviour.md §5.2). Outside `performBatchUpdates(_:)` it is a batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func reloadItems(at indexPaths: [IndexPath]) throws {
        try record(indexPaths.map(CollectionViewUpdateItem.reload))
    }

    /// Records section reloads: each section is deleted and inserted again at the same index (as
    /// UIKit treats a reload), so its items, header and footer fade out while the new ones fade
    /// in. The index is both the pre- and the post-update one, so do not combine it with other
    /// section insertions or deletions that would move it. Outside `performBatchUpdates(_:)` it is
    /// a batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func reloadSections(_ sections: [Int]) throws {
        try record(sections.flatMap { [CollectionViewUpdateItem.deleteSection($0), .insertSection($0)] })
    }

    /// Records inserted sections (post-update indices). Outside `performBatchUpdates(_:)` it is a
    /// batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func insertSections(_ sections: [Int]) throws {
        try record(sections.map(CollectionViewUpdateItem.insertSection))
    }

    /// Records deleted sections (pre-update indices). Outside `performBatchUpdates(_:)` it is a
    /// batch update of its own.
    ///
    /// - Throws: as `performBatchUpdates(_:)` when it runs its own batch.
    public func deleteSections(_ sections: [Int]) throws {
        try record(sections.map(CollectionViewUpdateItem.deleteSection))
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
    /// the layout is invalidated and prepared; the content offset moves to
    /// `targetContentOffset(of:proposed:)` of the offset before (the layout's and the delegate's
    /// choice, kept inside the scroll range: content that shrank under the view scrolls back);
    /// then `prepare(forCollectionViewUpdates:)`, the
    /// appearing / disappearing hooks for every element visible before or after, and
    /// `finalizeCollectionViewUpdates()` are called. Views are not updated until `layoutSubviews()`.
    ///
    /// Start and end attributes (returned in `BatchUpdate.transitions`): an element visible before
    /// and after moves from its old to its new attributes. One visible only after that existed
    /// before (an item pulled into view by a deletion above it) slides in from its attributes in
    /// the old layout, as UIKit's collection view starts it from its old data
    /// (UIKitBehaviour.md §5.2). The old layout's attributes are captured before the update for
    /// `updateCaptureRect(for:)`, the bounds grown by their size on every side. Any other
    /// appearing element starts at `initialLayoutAttributesForAppearing…`, or, when that is nil,
    /// at its final attributes: with alpha 0 (a fade) for an inserted element, as the flow
    /// layout's documented default, and for an item from farther away, rather than a pop over
    /// what leaves that place; at alpha 1 for a supplementary or decoration view that maps to an
    /// old one not found (its old key is only its section's mapping).
    /// One visible only before ends at `finalLayoutAttributesForDisappearing…`, or, when nil, at its
    /// new attributes if it still exists, else at its old attributes with alpha 0 if deleted.
    ///
    /// - Throws: what `updates` throws; `CollectionViewError` if the new counts disagree with the
    ///   recorded changes (`inconsistentUpdate`, `sectionCountChanged`) or a path is invalid.
    ///   On a count error the collection view reloads its data.
    /// - Complexity: O(u + touched sections + k log k) plus one layout prepare, for k elements in
    ///   the capture rect.
    @discardableResult
    public func performBatchUpdates(_ updates: () throws -> Void) throws -> BatchUpdate {
        guard recordedUpdates == nil else {
            try updates()
            return try BatchUpdate(updateItems: [], countsBefore: modelCounts)
        }
        if movement != nil { cancelInteractiveMovement() }
        animatedChangeObserver?.collectionViewWillMakeAnimatedChange(self)
        let fromOffset = contentOffset
        let before = modelCounts
        prepareLayoutIfNeeded()
        let layout = collectionViewLayout
        let nearby = visibleAttributes(of: layout, in: Self.updateCaptureRect(for: bounds))
        let old = nearby.filter { $0.value.frame.intersects(bounds) }
        recordedUpdates = []
        defer { recordedUpdates = nil }
        try updates()
        let items = recordedUpdates ?? []
        recordedUpdates = nil
        dataCounts = nil
        let after = modelCounts
        var update: BatchUpdate
        do {
            update = try BatchUpdate(
                updateItems: items, countsBefore: before,
                itemCountOfInsertedSection: { $0 < after.count ? after[$0] : 0 })
        } catch {
            reloadData()
            throw error
        }
        guard after.count == update.countsAfter.count else {
            reloadData()
            throw CollectionViewError.sectionCountChanged(expected: update.countsAfter.count, actual: after.count)
        }
        for s in 0..<after.count where after[s] != update.countsAfter[s] {
            reloadData()
            throw CollectionViewError.inconsistentUpdate(section: s, expected: update.countsAfter[s], actual: after[s])
        }
        selected = Set(selected.compactMap { update.indexPathAfterUpdate(for: $0) })
        highlighted = Set(highlighted.compactMap { update.indexPathAfterUpdate(for: $0) })
        if let t = trackedIndexPath { trackedIndexPath = update.indexPathAfterUpdate(for: t) }
        // A reloaded item's cell goes back to the queue: a new one is made for it.
        remapVisibleViews(
            items: { update.isReloaded($0) ? nil : update.indexPathAfterUpdate(for: $0) },
            sections: { update.sectionAfterUpdate(for: $0) })

        layout.invalidateLayout()
        prepareLayoutIfNeeded()
        // Where the content rests after the update: the layout's and the delegate's
        // `targetContentOffset(forProposedContentOffset:)` of the offset before, inside the
        // scroll range, so content that shrank under the view scrolls back with the animation
        // rather than leaving blank space past its end (UIKitBehaviour.md §5.2).
        contentOffset = targetContentOffset(of: layout, proposed: fromOffset)
        prepareLayoutIfNeeded()
        layout.prepare(forCollectionViewUpdates: items)
        update.transitions = transitions(old: old, nearby: nearby, update: update, layout: layout)
        layout.finalizeCollectionViewUpdates()
        animatedChangeObserver?.collectionView(
            self, didMakeAnimatedChange: update.transitions, from: fromOffset, to: contentOffset)
        return update
    }

    /// Where a batch update captures the old layout's attributes: `bounds` grown by its width
    /// and height on every side. Elements that come into view from there slide in from their old
    /// attributes; ones from farther away fade in.
    public static func updateCaptureRect(for bounds: Rect) -> Rect {
        bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
    }

    /// The transitions of an update: `old` holds the old layout's visible elements, `nearby`
    /// those in `updateCaptureRect(for:)` (a superset), both by their keys before the update.
    private func transitions(
        old: [ElementKey: CollectionViewLayoutAttributes], nearby: [ElementKey: CollectionViewLayoutAttributes],
        update: BatchUpdate, layout: CollectionViewLayout
    )
        -> [ElementTransition]
    {
        let new = visibleAttributes(of: layout, in: bounds)
        var result: [ElementTransition] = []
        var matchedOld = Set<ElementKey>()
        for (key, end) in new {
            var oldKey = key
            let oldPath = update.indexPathBeforeUpdate(forElement: key)
            oldKey.indexPath = oldPath ?? IndexPath(item: -1, section: -1)
            if let oldPath, key.category == .cell, update.isReloaded(oldPath), let before = old[oldKey] {
                // The old cell fades out and the new one in, both moving from the old place to the new.
                matchedOld.insert(oldKey)
                var gone = end
                gone.indexPath = oldPath
                gone.alpha = 0
                result.append(ElementTransition(key: oldKey, change: .disappearing, start: before, end: gone))
                var start = before
                start.indexPath = end.indexPath
                start.alpha = 0
                result.append(ElementTransition(key: key, change: .appearing, start: start, end: end))
                continue
            }
            if var start = old[oldKey] {
                matchedOld.insert(oldKey)
                start.indexPath = end.indexPath
                result.append(ElementTransition(key: key, change: .persisting, start: start, end: end))
                continue
            }
            if oldPath != nil, var start = nearby[oldKey] {
                // Off screen before, near enough to be known: it slides in from its old place (a
                // reloaded one too: no old cell was shown to fade out).
                start.indexPath = end.indexPath
                result.append(ElementTransition(key: key, change: .appearing, start: start, end: end))
                continue
            }
            // Inserted, or not found before: the layout's start, else in place. An item that existed
            // but came from too far away to be known fades in; a header, footer or decoration view,
            // whose old key is only its section's mapping (a whole-content background at [0, 0]
            // has none), starts at its final attributes, the documented default.
            let fades = oldPath == nil || key.category == .cell
            let start = layout.initialLayoutAttributesForAppearingElement(key) ?? (fades ? end.faded : end)
            result.append(ElementTransition(key: key, change: .appearing, start: start, end: end))
        }
        for (key, start) in old where !matchedOld.contains(key) {
            var end = layout.finalLayoutAttributesForDisappearingElement(key)
            let newPath = update.indexPathAfterUpdate(forElement: key)
            if end == nil, let p = newPath { end = layout.layoutAttributesForElement(key, at: p) }
            if end == nil {
                // Deleted (or in a deleted section): fades out where it was.
                end = start
                if newPath == nil { end!.alpha = 0 }
            }
            // It is drawn as the element it was before the update, whatever place it goes to (an
            // item pushed out of view by an inserted section ends at its new index path).
            end!.indexPath = key.indexPath
            result.append(ElementTransition(key: key, change: .disappearing, start: start, end: end!))
        }
        result.sort { $0.key < $1.key || ($0.key == $1.key && $0.change.rawValue < $1.change.rawValue) }
        return result
    }
}
