import Geometry

/// Changing the layout (UIKitBehaviour.md §5.3).
extension CollectionView {
    /// Installs `layout` (UIKit's `setCollectionViewLayout(_:animated:)`) and returns what the
    /// change animates from and to.
    ///
    /// In order: the old layout's attributes for the visible rect are captured, the old layout
    /// gets `prepareForTransition(to:)`, the new one is installed and prepared and gets
    /// `prepareForTransition(from:)`, the content offset becomes the new layout's
    /// `targetContentOffset(forProposedContentOffset:)` for the proposal, then the delegate's
    /// `collectionView(_:targetContentOffsetForProposedContentOffset:)` of that, clamped to the new
    /// content (UIKit keeps the proposal by default), and both layouts get
    /// `finalizeLayoutTransition()`. The proposal keeps the item at the centre of the view in
    /// view: that item (else the middle one of the cells shown) centred in the new layout, as
    /// PSTCollectionView does (UIKitBehaviour.md §5.3); with no cell shown, the current offset.
    ///
    /// Every element visible before or after moves from its attributes in the old layout to its
    /// attributes in the new one — asking the old layout, still answering from its last
    /// `prepare()`, for elements that were not visible before. An element only one layout has
    /// appears at the new layout's `initialLayoutAttributesForAppearing…` (else at its end with
    /// alpha 0: a fade) or disappears to the old layout's `finalLayoutAttributesForDisappearing…`
    /// (else its start with alpha 0). Without `animated`, the transitions are still returned
    /// (start = end for what the caller shows).
    ///
    /// - Complexity: two layout queries of the visible rects plus one per element shown.
    @discardableResult
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool) -> LayoutTransition {
        if animated { animatedChangeObserver?.collectionViewWillMakeAnimatedChange(self) }
        let old = collectionViewLayout
        prepareLayoutIfNeeded()
        let fromOffset = contentOffset
        let before = visibleAttributes(of: old, in: bounds)
        let centreItem = itemAtCentre(shown: before)
        old.prepareForTransition(to: layout)
        collectionViewLayout = layout
        prepareLayoutIfNeeded()
        layout.prepareForTransition(from: old)
        let toOffset = targetContentOffset(of: layout, proposed: proposedOffset(centring: centreItem, in: layout))
        contentOffset = toOffset
        prepareLayoutIfNeeded()
        let after = visibleAttributes(of: layout, in: bounds)
        // The old layout answers from its last prepare while it is asked.
        let oldOwner = old.collectionView
        old.collectionView = self
        defer { old.collectionView = oldOwner }
        var result: [ElementTransition] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            let start = before[key] ?? old.layoutAttributesForElement(key)
            let end = after[key] ?? layout.layoutAttributesForElement(key)
            switch (start, end) {
            case (let s?, let e?):
                result.append(ElementTransition(key: key, change: .persisting, start: s, end: e))
            case (nil, let e?):
                let s = layout.initialLayoutAttributesForAppearingElement(key) ?? e.faded
                result.append(ElementTransition(key: key, change: .appearing, start: s, end: e))
            case (let s?, nil):
                let e = old.finalLayoutAttributesForDisappearingElement(key) ?? s.faded
                result.append(ElementTransition(key: key, change: .disappearing, start: s, end: e))
            case (nil, nil):
                continue
            }
        }
        old.finalizeLayoutTransition()
        layout.finalizeLayoutTransition()
        if !animated {
            result = result.map { ElementTransition(key: $0.key, change: $0.change, start: $0.end, end: $0.end) }
        }
        let change = LayoutTransition(transitions: result, fromContentOffset: fromOffset, toContentOffset: toOffset)
        if animated {
            animatedChangeObserver?.collectionView(self, didMakeAnimatedChange: result, from: fromOffset, to: toOffset)
        }
        return change
    }

    /// The item a layout change keeps in view: the one under the centre of the bounds, else the
    /// middle one of the cells shown (by index path), as PSTCollectionView's
    /// `setCollectionViewLayout:animated:` picks it.
    func itemAtCentre(shown: [ElementKey: CollectionViewLayoutAttributes]) -> IndexPath? {
        if let item = indexPathForItem(at: Point(x: bounds.midX, y: bounds.midY)) { return item }
        let cells = shown.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
        return cells.isEmpty ? nil : cells[cells.count / 2]
    }

    /// The offset a layout change proposes: `item` centred in the bounds in `layout` (not above
    /// the top-left of the scroll range, (−left, −top) of `adjustedContentInset`), or the current
    /// offset when there is no such item.
    func proposedOffset(centring item: IndexPath?, in layout: CollectionViewLayout) -> Point {
        guard let item, let attributes = layout.layoutAttributesForItem(at: item) else { return contentOffset }
        let frame = attributes.frame, inset = adjustedContentInset
        return Point(
            x: max(-inset.left, frame.midX - bounds.width / 2), y: max(-inset.top, frame.midY - bounds.height / 2))
    }

    /// `offset` moved into the range a scroll view can rest in (UIScrollView's): from (−left, −top)
    /// of `adjustedContentInset` to the content size plus the right and bottom insets minus the
    /// view's size (the start of the range when the content is smaller).
    public func clampedContentOffset(_ offset: Point) -> Point {
        let size = contentSize, view = bounds.size, inset = adjustedContentInset
        return Point(
            x: min(max(offset.x, -inset.left), max(-inset.left, size.width + inset.right - view.width)),
            y: min(max(offset.y, -inset.top), max(-inset.top, size.height + inset.bottom - view.height)))
    }

    /// The attributes the installed layout (prepared first if needed) gives the elements that
    /// are not hidden and meet `rect`, by element key: what `layoutSubviews()` would show views
    /// for in that rect.
    ///
    /// - Complexity: one layout query of `rect`.
    public func visibleAttributes(in rect: Rect) -> [ElementKey: CollectionViewLayoutAttributes] {
        prepareLayoutIfNeeded()
        return visibleAttributes(of: collectionViewLayout, in: rect)
    }

    /// How many elements the installed layout (prepared first if needed) shows in `rect`: the
    /// count of `visibleAttributes(in:)`, without keeping their attributes.
    package func shownElementCount(in rect: Rect) -> Int {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: rect).count { CollectionView.isShown($0, in: rect) }
    }

    /// The attributes `layout` gives the shown (not hidden) elements meeting `rect`, by key.
    func visibleAttributes(of layout: CollectionViewLayout, in rect: Rect) -> [ElementKey:
        CollectionViewLayoutAttributes]
    {
        CollectionView.visibleAttributes(layout.layoutAttributesForElements(in: rect), in: rect)
    }

    /// The shown elements of `found` (a layout's answer for `rect`), by key.
    static func visibleAttributes(_ found: [CollectionViewLayoutAttributes], in rect: Rect) -> [ElementKey:
        CollectionViewLayoutAttributes]
    {
        var out: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for a in found where isShown(a, in: rect) { out[a.elementKey] = a }
        return out
    }

    /// Whether an element with `attributes` gets a view when `rect` is shown: it is not hidden
    /// and meets `rect`.
    static func isShown(_ attributes: CollectionViewLayoutAttributes, in rect: Rect) -> Bool {
        !attributes.isHidden && attributes.frame.intersects(rect)
    }

    /// A view for `key` made as `layoutSubviews()` makes one — from the data source for cells and
    /// supplementary views, from the registered factories for decoration views — with
    /// `attributes` and the item's selection state applied, but not shown: the caller owns it.
    /// An animation uses it to draw an element at a time when the collection view does not show it.
    ///
    /// - Throws: what the data source throws.
    public func makeView(forElement key: ElementKey, attributes: CollectionViewLayoutAttributes) throws
        -> (any ReusableElementView)?
    {
        guard let view = try makeView(for: key) else { return nil }
        // The caller owns the view: it never comes back to the reuse queue.
        reuseIdentifiers[ObjectIdentifier(view)] = nil
        if let cell = view as? any ReusableCellView {
            let dataPath = dataIndexPath(forPresentedIndexPath: key.indexPath)
            cell.isSelected = isItemSelected(at: dataPath)
            cell.isHighlighted = isItemHighlighted(at: dataPath)
        }
        view.show(attributes)
        return view
    }
}

extension CollectionViewLayoutAttributes {
    /// The same attributes with alpha 0: where a fading element starts or ends.
    var faded: CollectionViewLayoutAttributes {
        var a = self
        a.alpha = 0
        return a
    }
}
