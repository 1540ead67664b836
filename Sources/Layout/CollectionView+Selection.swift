import Geometry

/// Selection, highlighting, touches and menus (UIKitBehaviour.md §6).
///
/// Programmatic calls (`selectItem(at:)`, `deselectItem(at:)`, `highlightItem(at:)`) change the
/// state without delegate callbacks; user interaction (`beginTouch(at:)` / `endTouch(inside:)`,
/// `tap(at:)`, `tapItem(at:)`) runs the delegate sequence in UIKit's order. Selection and
/// highlight are stored by index path in the data source's order and follow items through batch
/// updates and interactive movements.
extension CollectionView {
    /// The selected items, sorted.
    public var indexPathsForSelectedItems: [IndexPath] { selected.sorted() }

    /// The highlighted items, sorted.
    public var indexPathsForHighlightedItems: [IndexPath] { highlighted.sorted() }

    /// Whether the item at `indexPath` is selected.
    public func isItemSelected(at indexPath: IndexPath) -> Bool { selected.contains(indexPath) }

    /// Whether the item at `indexPath` is highlighted.
    public func isItemHighlighted(at indexPath: IndexPath) -> Bool { highlighted.contains(indexPath) }

    private func requireItem(_ indexPath: IndexPath) throws(CollectionViewError) {
        guard containsItem(at: indexPath) else {
            throw .invalidIndexPath(indexPath, reason: "there is no such item")
        }
    }

    /// Selects the item without calling the delegate (UIKit's `selectItem(at:animated:scrollPosition:)`).
    ///
    /// Does nothing when `allowsSelection` is false. In single-selection mode the previous
    /// selection is cleared (without callbacks).
    ///
    /// - Throws: `CollectionViewError.invalidIndexPath` if the item does not exist.
    public func selectItem(at indexPath: IndexPath) throws(CollectionViewError) {
        try requireItem(indexPath)
        guard allowsSelection else { return }
        if !allowsMultipleSelection { selected.removeAll() }
        selected.insert(indexPath)
        refreshCellStates()
    }

    /// Deselects the item without calling the delegate; nothing happens if it was not selected.
    public func deselectItem(at indexPath: IndexPath) {
        if selected.remove(indexPath) != nil { refreshCellStates() }
    }

    /// Highlights the item without calling the delegate (for drawing a pressed state, as a scene's
    /// `highlighted` list does).
    ///
    /// - Throws: `CollectionViewError.invalidIndexPath` if the item does not exist.
    public func highlightItem(at indexPath: IndexPath) throws(CollectionViewError) {
        try requireItem(indexPath)
        highlighted.insert(indexPath)
        refreshCellStates()
    }

    /// Removes the item's highlight without calling the delegate.
    public func unhighlightItem(at indexPath: IndexPath) {
        if highlighted.remove(indexPath) != nil { refreshCellStates() }
    }

    /// A finger touches down at `point` (content coordinates).
    ///
    /// If it lands on a cell (`hitTest(_:)`: inside the bounds, and no supplementary or decoration
    /// view over the cell there), selection is allowed and the delegate's `shouldHighlightItemAt`
    /// agrees, the item is highlighted, `didHighlightItemAt` is called and the touch is tracked.
    /// Otherwise nothing happens (and `shouldSelect` will not be asked). A touch already being
    /// tracked is cancelled first.
    ///
    /// - Returns: the tracked item, or nil.
    @discardableResult
    public func beginTouch(at point: Point) -> IndexPath? {
        if trackedIndexPath != nil { endTouch(inside: false) }
        guard allowsSelection, let hit = hitTest(point), hit.representedElementCategory == .cell else { return nil }
        let path = dataIndexPath(forPresentedIndexPath: hit.indexPath)
        if let d = delegate, !d.collectionView(self, shouldHighlightItemAt: path) { return nil }
        trackedIndexPath = path
        highlighted.insert(path)
        refreshCellStates()
        delegate?.collectionView(self, didHighlightItemAt: path)
        return path
    }

    /// The tracked touch lifts: inside the item (a tap) or outside it / cancelled.
    ///
    /// Order (UIKitBehaviour.md §6): the highlight goes first (`didUnhighlightItemAt`); then, for a tap,
    /// the selected state changes last:
    /// - unselected item: `shouldSelectItemAt`; if true, in single-selection mode each previously
    ///   selected item is deselected with `didDeselectItemAt` (as PSTCollectionView does), then the
    ///   item is selected and `didSelectItemAt` is called;
    /// - selected item, multiple selection: `shouldDeselectItemAt`; if true it is deselected and
    ///   `didDeselectItemAt` is called;
    /// - selected item, single selection: `shouldSelectItemAt`; if true it stays selected and
    ///   `didSelectItemAt` is called again.
    ///
    /// Does nothing when no touch is tracked.
    public func endTouch(inside: Bool = true) {
        guard let path = trackedIndexPath else { return }
        trackedIndexPath = nil
        highlighted.remove(path)
        refreshCellStates()
        delegate?.collectionView(self, didUnhighlightItemAt: path)
        guard inside else { return }
        if selected.contains(path) {
            if allowsMultipleSelection {
                if let d = delegate, !d.collectionView(self, shouldDeselectItemAt: path) { return }
                selected.remove(path)
                refreshCellStates()
                delegate?.collectionView(self, didDeselectItemAt: path)
            } else {
                if let d = delegate, !d.collectionView(self, shouldSelectItemAt: path) { return }
                delegate?.collectionView(self, didSelectItemAt: path)
            }
            return
        }
        if let d = delegate, !d.collectionView(self, shouldSelectItemAt: path) { return }
        if !allowsMultipleSelection {
            for previous in selected.sorted() {
                selected.remove(previous)
                refreshCellStates()
                delegate?.collectionView(self, didDeselectItemAt: previous)
            }
        }
        selected.insert(path)
        refreshCellStates()
        delegate?.collectionView(self, didSelectItemAt: path)
    }

    /// Cancels the tracked touch: the highlight is removed (`didUnhighlightItemAt`), nothing is selected.
    public func cancelTouch() { endTouch(inside: false) }

    /// A tap at `point`: `beginTouch(at:)` then `endTouch(inside: true)`.
    ///
    /// - Returns: the tapped item (whether or not it ended up selected), or nil.
    @discardableResult
    public func tap(at point: Point) -> IndexPath? {
        guard let path = beginTouch(at: point) else { return nil }
        endTouch(inside: true)
        return path
    }

    /// A finger touches down on the centre of the item's cell: `beginTouch(at:)` there.
    ///
    /// The touch lands at the cell's centre, so whatever is frontmost there is touched, as with a
    /// real finger: a cell overlapping it, or a pinned header over it (then nothing is tracked).
    ///
    /// - Returns: the tracked item, or nil (selection not allowed, `shouldHighlightItemAt` false,
    ///   another element over the centre).
    /// - Throws: `CollectionViewError.invalidIndexPath` if the item does not exist or the layout
    ///   gives it no attributes; `CollectionViewError.notOnScreen` if its centre is outside the
    ///   bounds, where no finger can touch it.
    @discardableResult
    public func beginTouch(onItem indexPath: IndexPath) throws(CollectionViewError) -> IndexPath? {
        try requireItem(indexPath)
        let presented = presentedIndexPath(forDataIndexPath: indexPath)
        guard let attributes = layoutAttributesForItem(at: presented) else {
            throw .invalidIndexPath(indexPath, reason: "the layout gives the item no attributes")
        }
        guard bounds.contains(attributes.center) else { throw .notOnScreen(indexPath, center: attributes.center) }
        return beginTouch(at: attributes.center)
    }

    /// A tap on the centre of the item's cell, with the full delegate sequence:
    /// `beginTouch(onItem:)`, then `endTouch(inside: true)`.
    ///
    /// - Throws: `CollectionViewError.invalidIndexPath` if the item does not exist or the layout
    ///   gives it no attributes; `CollectionViewError.notOnScreen` if its centre is outside the
    ///   bounds.
    public func tapItem(at indexPath: IndexPath) throws(CollectionViewError) {
        guard try beginTouch(onItem: indexPath) != nil else { return }
        endTouch(inside: true)
    }

    /// The edit-menu actions a long press on the item offers: empty unless the delegate's
    /// `shouldShowMenuForItemAt` is true, then those of cut, copy, paste it `canPerformAction`.
    public func menuActions(forItemAt indexPath: IndexPath) -> [MenuAction] {
        guard containsItem(at: indexPath), let d = delegate, d.collectionView(self, shouldShowMenuForItemAt: indexPath)
        else { return [] }
        return MenuAction.allCases.filter { d.collectionView(self, canPerformAction: $0, forItemAt: indexPath) }
    }

    /// Chooses `action` from the item's edit menu: the delegate performs it if the menu offers it.
    ///
    /// - Returns: whether the action was performed.
    @discardableResult
    public func performMenuAction(_ action: MenuAction, forItemAt indexPath: IndexPath) -> Bool {
        guard menuActions(forItemAt: indexPath).contains(action), let d = delegate else { return false }
        d.collectionView(self, performAction: action, forItemAt: indexPath)
        return true
    }
}
