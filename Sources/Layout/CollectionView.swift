import Geometry

/// A scrollable collection of items laid out by a `CollectionViewLayout`
/// (UIKit's `UICollectionView`, without pixels).
///
/// The model a renderer draws: bounds and content offset, the layout, counts from the data
/// source, the views currently shown (created through a reuse queue), selection and highlight
/// state, batch updates and interactive movement.
///
/// Coordinates: layout attributes are in content coordinates; the visible rect is
/// `bounds` = (`contentOffset`, `frame.size`), so an element is drawn at frame − contentOffset
/// (UIKitBehaviour.md §7).
///
/// Views: `layoutSubviews()` shows a view for every element whose untransformed frame
/// intersects the visible rect grown by `viewMargin` on every side (0 by default, like
/// PSTCollectionView's `updateVisibleCellsNow`; UIKitBehaviour.md §7 leaves UIKit's prefetch margin
/// unconfirmed). Views leaving that rect go to the reuse queue and are handed out again by
/// `dequeueReusableCell(withReuseIdentifier:for:)`; `createdViewCount` counts the views ever made.
///
/// Not thread-safe; use from one thread.
open class CollectionView {
    // MARK: Geometry

    /// The size of the view (the origin is its position in a superview and does not affect layout).
    public var frame: Rect {
        get { Rect(origin: frameOrigin, size: boundsStorage.size) }
        set {
            frameOrigin = newValue.origin
            setBounds(Rect(origin: boundsStorage.origin, size: newValue.standardized.size))
        }
    }

    /// The visible rect in content coordinates: origin `contentOffset`, size `frame.size`.
    ///
    /// Changing it asks the layout `shouldInvalidateLayout(forBoundsChange:)` first (while
    /// `bounds` still holds the old value) and invalidates the layout if it says so.
    public var bounds: Rect {
        get { boundsStorage }
        set { setBounds(newValue.standardized) }
    }

    /// The point of the content shown at the view's top-left corner (scroll position). Not clamped.
    public var contentOffset: Point {
        get { boundsStorage.origin }
        set { setBounds(Rect(origin: newValue, size: boundsStorage.size)) }
    }

    /// Sets `contentOffset` (UIScrollView's `setContentOffset(_:animated:)`, which code ported
    /// from UIKit calls). Like `scrollToItem(at:at:animated:)`, it moves at once whatever
    /// `animated` says: a collection view here has no clock. An animated scroll is recorded
    /// frame by frame with `CollectionViewAnimationRecorder.scroll(to:duration:curve:)`.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        if offset != contentOffset { contentOffset = offset }
    }

    /// The size of the content, from the layout (prepared first if needed).
    public var contentSize: Size {
        prepareLayoutIfNeeded()
        return collectionViewLayout.collectionViewContentSize
    }

    /// The space around the content that the view can scroll to (UIScrollView's `contentInset`);
    /// zero by default.
    ///
    /// It widens the range `clampedContentOffset(_:)` allows by the inset on each side, so the view
    /// can rest at (−left, −top); the flow layout lays its lines out in the bounds minus the left
    /// and right insets and pins headers and footers inside the inset; the waterfall's columns
    /// share that width too. All of them use `adjustedContentInset`, which adds the safe area.
    /// Setting it invalidates the layout and, as UIScrollView's setter, leaves `contentOffset` as
    /// it is.
    public var contentInset = EdgeInsets.zero {
        didSet { if contentInset != oldValue { adjustedContentInsetInputsChanged() } }
    }

    /// The insets that layouts and scrolling use (UIScrollView's `adjustedContentInset`): the
    /// `contentInset` plus the `safeAreaInsets` of the axes `contentInsetAdjustmentBehavior`
    /// adjusts (see `CollectionView+SafeArea.swift`). As in UIKit it is kept up to date as the
    /// content size changes: after the layout prepares, a new value invalidates the layout,
    /// which prepares again with it.
    public internal(set) var adjustedContentInset = EdgeInsets.zero

    /// The part of the view that bars, the sensor housing and the home indicator cover, as
    /// insets from its edges (UIView's `safeAreaInsets`, which a window gives its views); zero
    /// by default. A scene takes a device's with `"safeAreaInsets": "device"`.
    public var safeAreaInsets = EdgeInsets.zero {
        didSet { if safeAreaInsets != oldValue { adjustedContentInsetInputsChanged() } }
    }

    /// How `safeAreaInsets` are added to `contentInset` (UIScrollView's
    /// `contentInsetAdjustmentBehavior`); `.automatic` by default, as in UIKit.
    public var contentInsetAdjustmentBehavior = CollectionView.ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { adjustedContentInsetInputsChanged() } }
    }

    /// Whether the view counts as vertically scrollable even when its content fits
    /// (UIScrollView's `alwaysBounceVertical`, false by default): the safe area's top and bottom
    /// are then added by `.scrollableAxes` and `.automatic`.
    public var alwaysBounceVertical = false {
        didSet { if alwaysBounceVertical != oldValue { adjustedContentInsetInputsChanged() } }
    }

    /// Whether the view counts as horizontally scrollable even when its content fits
    /// (UIScrollView's `alwaysBounceHorizontal`, false by default).
    public var alwaysBounceHorizontal = false {
        didSet { if alwaysBounceHorizontal != oldValue { adjustedContentInsetInputsChanged() } }
    }

    /// Views are shown for elements intersecting `bounds` grown by this many points on each side; 0 by default.
    public var viewMargin: Double = 0

    private var frameOrigin: Point
    private var boundsStorage: Rect

    // MARK: Layout, data source, delegate

    /// The layout. Setting it detaches the old layout and invalidates the new one.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard oldValue !== collectionViewLayout else { return }
            if oldValue.collectionView === self { oldValue.collectionView = nil }
            attach(collectionViewLayout)
        }
    }

    /// Supplies counts and views; held weakly. Setting it reloads the data.
    public weak var dataSource: CollectionViewDataSource? {
        didSet { reloadData() }
    }

    /// Receives interaction events; held weakly. Layouts also ask it for per-item sizes
    /// (`CollectionViewDelegateFlowLayout`, `WaterfallLayoutDelegate`), so setting it invalidates the layout.
    public weak var delegate: CollectionViewDelegate? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// Creates a collection view of `frame.size` showing content laid out by `layout`.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        let f = frame.standardized
        self.frameOrigin = f.origin
        self.boundsStorage = Rect(origin: .zero, size: f.size)
        self.collectionViewLayout = layout
        attach(layout)
    }

    private func attach(_ layout: CollectionViewLayout) {
        if let previous = layout.collectionView, previous !== self {
            previous.collectionViewLayout = CollectionViewLayout()
        }
        layout.collectionView = self
        layout.invalidateLayout()
    }

    private func setBounds(_ newBounds: Rect) {
        guard newBounds != boundsStorage else { return }
        let layout = collectionViewLayout
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
        }
        boundsStorage = newBounds
    }

    // MARK: Counts

    /// Item counts per section as last read from the data source; nil until first needed.
    var dataCounts: [Int]?

    /// The item counts per section in the data source's model (not adjusted for an interactive movement).
    var modelCounts: [Int] {
        if let dataCounts { return dataCounts }
        var counts: [Int] = []
        if let ds = dataSource {
            let sections = max(0, ds.numberOfSections(in: self))
            counts.reserveCapacity(sections)
            for s in 0..<sections { counts.append(max(0, ds.collectionView(self, numberOfItemsInSection: s))) }
        }
        dataCounts = counts
        return counts
    }

    /// The number of sections (cached from the data source until `reloadData()`); 0 without a
    /// data source. Negative counts from the data source count as 0.
    public var numberOfSections: Int { modelCounts.count }

    /// The number of items shown in `section` (cached from the data source until `reloadData()`);
    /// 0 for a section that does not exist. During an interactive movement across sections the
    /// counts are those of the presented order.
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = modelCounts
        guard section >= 0, section < counts.count else { return 0 }
        var n = counts[section]
        if let m = movement, m.original.section != m.target.section {
            if section == m.original.section { n -= 1 }
            if section == m.target.section { n += 1 }
        }
        return n
    }

    /// Whether `indexPath` names an item currently shown.
    public func containsItem(at indexPath: IndexPath) -> Bool {
        indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section)
            && indexPath.section >= 0 && indexPath.section < numberOfSections
    }

    /// The total number of items in all sections.
    ///
    /// - Complexity: O(sections).
    public var numberOfItems: Int { modelCounts.reduce(0, +) }

    /// Forgets cached counts, selection, highlight and shown views (which go to the reuse queue),
    /// and invalidates the layout.
    public func reloadData() {
        dataCounts = nil
        selected.removeAll()
        highlighted.removeAll()
        trackedIndexPath = nil
        movement = nil
        for key in visibleViews.keys.sorted() { enqueue(visibleViews[key]!.view, for: key) }
        visibleViews.removeAll()
        collectionViewLayout.invalidateLayout()
    }

    // MARK: Layout queries

    /// Runs the layout's `prepare()` if it was invalidated, then brings `adjustedContentInset`
    /// up to date with the new content size; when that changes it, the layout prepares again
    /// with the new insets (at most `CollectionView.adjustmentRounds` times, as content that
    /// becomes scrollable only without the insets would otherwise flip for ever).
    public func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        var rounds = 0
        while layout.needsPrepare {
            layout.needsPrepare = false
            layout.prepare()
            rounds += 1
            let adjusted = adjustedContentInset(forContentSize: layout.collectionViewContentSize)
            guard adjusted != adjustedContentInset else { break }
            adjustedContentInset = adjusted
            guard rounds < CollectionView.adjustmentRounds else { break }
            layout.invalidateLayout()
        }
    }

    /// The layout's attributes for the item at `indexPath`, or nil.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`, or nil.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The layout's attributes for every element intersecting `rect`, as the layout returns them.
    public func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: rect)
    }

    /// The item whose cell contains `point` (content coordinates), or nil.
    ///
    /// Uses the untransformed frames; when cells overlap, the topmost wins: the greatest zIndex,
    /// then the greater index path (drawn later).
    ///
    /// - Complexity: one layout query of a 1×1 rect.
    public func indexPathForItem(at point: Point) -> IndexPath? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.topmostCell(at: point)?.indexPath
    }

    /// The index paths of the cells whose frames intersect `rect`, sorted.
    ///
    /// - Complexity: one layout query of `rect`, plus sorting the k results.
    public func indexPathsForItems(in rect: Rect) -> [IndexPath] {
        layoutAttributesForElements(in: rect)
            .filter { $0.representedElementCategory == .cell && $0.frame.intersects(rect) }
            .map(\.indexPath).sorted()
    }

    // MARK: Views

    var cellFactories: [String: () -> any ReusableCellView] = [:]
    var supplementaryFactories: [String: [String: () -> any ReusableElementView]] = [:]
    var decorationFactories: [String: () -> any ReusableElementView] = [:]
    var reuseQueue = ReuseQueue()
    var visibleViews: [ElementKey: ShownView] = [:]
    /// The reuse identifier each view this collection view created was dequeued with.
    var reuseIdentifiers: [ObjectIdentifier: String] = [:]

    /// How many views the reuse machinery has created (cells, supplementary and decoration views).
    public private(set) var createdViewCount = 0
    /// How many times a queued view was handed out again.
    public private(set) var reusedViewCount = 0
    /// How many views wait in the reuse queue.
    public var queuedViewCount: Int { reuseQueue.count }

    /// Registers the factory that creates cells for `identifier`; replaces an earlier registration.
    public func register(_ factory: @escaping () -> any ReusableCellView, forCellWithReuseIdentifier identifier: String)
    {
        cellFactories[identifier] = factory
    }

    /// Registers the factory that creates supplementary views of `kind` for `identifier`.
    public func register(
        _ factory: @escaping () -> any ReusableElementView, forSupplementaryViewOfKind kind: String,
        withReuseIdentifier identifier: String
    ) {
        supplementaryFactories[kind, default: [:]][identifier] = factory
    }

    /// Registers the factory for decoration views of `kind` that the layout registered without a
    /// factory (a drawing module supplies its decoration views here).
    public func register(_ factory: @escaping () -> any ReusableElementView, forDecorationViewOfKind kind: String) {
        decorationFactories[kind] = factory
    }

    /// A cell for `identifier`: a queued one (after `prepareForReuse()`) or a new one from the factory.
    ///
    /// - Throws: `CollectionViewError.unregisteredReuseIdentifier` if no factory is registered.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        throws(CollectionViewError) -> any ReusableCellView
    {
        let key = ReuseQueue.Key(category: .cell, kind: nil, identifier: identifier)
        if let view = reuseQueue.dequeue(key) as? any ReusableCellView {
            reusedViewCount += 1
            view.prepareForReuse()
            return view
        }
        guard let factory = cellFactories[identifier] else {
            throw .unregisteredReuseIdentifier(identifier, kind: nil)
        }
        let view = factory()
        reuseIdentifiers[ObjectIdentifier(view)] = identifier
        createdViewCount += 1
        return view
    }

    /// A supplementary view of `kind` for `identifier`: a queued one or a new one from the factory.
    ///
    /// - Throws: `CollectionViewError.unregisteredReuseIdentifier` if no factory is registered.
    public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) throws(CollectionViewError) -> any ReusableElementView {
        let key = ReuseQueue.Key(category: .supplementaryView, kind: kind, identifier: identifier)
        if let view = reuseQueue.dequeue(key) {
            reusedViewCount += 1
            view.prepareForReuse()
            return view
        }
        guard let factory = supplementaryFactories[kind]?[identifier] else {
            throw .unregisteredReuseIdentifier(identifier, kind: kind)
        }
        let view = factory()
        reuseIdentifiers[ObjectIdentifier(view)] = identifier
        createdViewCount += 1
        return view
    }

    private func dequeueDecorationView(ofKind kind: String) -> any ReusableElementView {
        let key = ReuseQueue.Key(category: .decorationView, kind: kind, identifier: kind)
        if let view = reuseQueue.dequeue(key) {
            reusedViewCount += 1
            view.prepareForReuse()
            return view
        }
        let layout = collectionViewLayout
        let factory: () -> any ReusableElementView
        if layout.hasCustomDecorationFactory[kind] == true, let f = layout.decorationViewFactories[kind] {
            factory = f
        } else {
            factory = decorationFactories[kind] ?? { UnregisteredDecorationView() }
        }
        let view = factory()
        reuseIdentifiers[ObjectIdentifier(view)] = kind
        createdViewCount += 1
        return view
    }

    func enqueue(_ view: any ReusableElementView, for key: ElementKey) {
        guard let identifier = reuseIdentifiers[ObjectIdentifier(view)] else { return }
        reuseQueue.enqueue(view, for: ReuseQueue.Key(category: key.category, kind: key.kind, identifier: identifier))
    }

    /// Brings the shown views up to date: prepares the layout if needed, recycles the views of
    /// elements that left the visible rect (grown by `viewMargin`), asks the data source for views
    /// of elements that entered it (in element-key order, so creation is deterministic) and
    /// applies the current attributes and selection state to every shown view.
    ///
    /// Hidden elements get no view. During an interactive movement the moving item is always
    /// shown, with the layout's `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`.
    ///
    /// - Throws: what the data source throws (an unregistered reuse identifier);
    ///   `CollectionViewError.tooManyVisibleElements` when more than
    ///   `maximumVisibleElementCount` elements meet the visible rect (no view is made then).
    /// - Complexity: one layout query of the visible rect plus O(k log k) for its k elements.
    public func layoutSubviews() throws {
        prepareLayoutIfNeeded()
        let layout = collectionViewLayout
        let rect = boundsStorage.insetBy(dx: -viewMargin, dy: -viewMargin)
        let found = layout.layoutAttributesForElements(in: rect)
        // Counted before anything is kept for them: a million elements' attributes kept by key
        // took 0.9 GB.
        try CollectionView.checkVisibleElementCount(found.count { CollectionView.isShown($0, in: rect) })
        var wanted = CollectionView.visibleAttributes(found, in: rect)
        if let m = movement {
            let key = ElementKey(category: .cell, kind: nil, indexPath: m.target)
            if let a = layout.layoutAttributesForInteractivelyMovingItem(at: m.target, withTargetPosition: m.position) {
                wanted[key] = a
            }
        }
        // Sorted, so which view the reuse queue hands out next is the same on every run.
        for key in visibleViews.keys.sorted() where wanted[key] == nil {
            enqueue(visibleViews[key]!.view, for: key)
            visibleViews[key] = nil
        }
        for key in wanted.keys.sorted() {
            let attributes = wanted[key]!
            if visibleViews[key] == nil {
                guard let made = try makeView(for: key) else { continue }
                visibleViews[key] = ShownView(view: made, attributes: attributes)
            }
            apply(attributes, to: key)
        }
    }

    /// The most elements (cells, supplementary and decoration views) one frame may show at once:
    /// 100,000.
    ///
    /// UIKit has no such limit, but a screen never shows that many: it is a 1-point grid on an
    /// iPhone's whole screen. A shown element costs some 7 KB and 30 µs here (its views, the
    /// data source's configuration, its place in the drawing order), so a layout that puts a
    /// million items on screen at once (a circle of a million cells, or items of a fraction of
    /// a point) would take 7 GB and half a minute for one frame; with the limit it is an error
    /// before any view is made.
    public static let maximumVisibleElementCount = 100_000

    /// Checks that `count` elements are few enough to be shown at once.
    ///
    /// - Throws: `CollectionViewError.tooManyVisibleElements` when `count` is more than
    ///   `maximumVisibleElementCount`.
    package static func checkVisibleElementCount(_ count: Int) throws(CollectionViewError) {
        guard count > maximumVisibleElementCount else { return }
        throw .tooManyVisibleElements(count, limit: maximumVisibleElementCount)
    }

    /// Same as `layoutSubviews()`: brings the shown views up to date.
    ///
    /// - Throws: what the data source throws.
    public func layoutIfNeeded() throws { try layoutSubviews() }

    func makeView(for key: ElementKey) throws -> (any ReusableElementView)? {
        switch key.category {
        case .cell:
            guard let ds = dataSource else { return nil }
            return try ds.collectionView(self, cellForItemAt: dataIndexPath(forPresentedIndexPath: key.indexPath))
        case .supplementaryView:
            guard let ds = dataSource else { return nil }
            return try ds.collectionView(self, viewForSupplementaryElementOfKind: key.kind ?? "", at: key.indexPath)
        case .decorationView:
            return dequeueDecorationView(ofKind: key.kind ?? "")
        }
    }

    /// Records `attributes` for the view shown for `key` and applies them and the selection state to it.
    func apply(_ attributes: CollectionViewLayoutAttributes, to key: ElementKey) {
        guard let view = visibleViews[key]?.view else { return }
        visibleViews[key]!.attributes = attributes
        if let cell = view as? any ReusableCellView {
            let dataPath = dataIndexPath(forPresentedIndexPath: attributes.indexPath)
            cell.isSelected = selected.contains(dataPath)
            cell.isHighlighted = highlighted.contains(dataPath)
        }
        view.show(attributes)
    }

    /// Re-applies selection and highlight state to the shown cells.
    func refreshCellStates() {
        for (key, shown) in visibleViews where key.category == .cell {
            guard let cell = shown.view as? any ReusableCellView else { continue }
            let dataPath = dataIndexPath(forPresentedIndexPath: key.indexPath)
            cell.isSelected = selected.contains(dataPath)
            cell.isHighlighted = highlighted.contains(dataPath)
        }
    }

    /// Re-keys the shown views after their items or sections moved: `items` gives a cell's new
    /// index path, `sections` a supplementary or decoration view's new section; nil if it is gone
    /// (the view goes to the reuse queue).
    func remapVisibleViews(items: (IndexPath) -> IndexPath?, sections: (Int) -> Int? = { $0 }) {
        var remapped: [ElementKey: ShownView] = [:]
        for key in visibleViews.keys.sorted() {
            let shown = visibleViews[key]!
            var newKey = key
            if key.category == .cell {
                guard let p = items(key.indexPath) else {
                    enqueue(shown.view, for: key)
                    continue
                }
                newKey.indexPath = p
            } else {
                guard let s = sections(key.indexPath.section) else {
                    enqueue(shown.view, for: key)
                    continue
                }
                newKey.indexPath.section = s
            }
            remapped[newKey] = shown
        }
        visibleViews = remapped
    }

    /// The cells shown, sorted by index path.
    public var visibleCells: [any ReusableCellView] {
        visibleViews.filter { $0.key.category == .cell }.sorted { $0.key < $1.key }
            .compactMap { $0.value.view as? any ReusableCellView }
    }

    /// The index paths of the cells shown, sorted.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleViews.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    /// The index paths of the supplementary views of `kind` shown, sorted (iOS 9).
    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        visibleViews.keys.filter { $0.category == .supplementaryView && $0.kind == kind }.map(\.indexPath).sorted()
    }

    /// The supplementary views of `kind` shown, in the order of their index paths (iOS 9).
    public func visibleSupplementaryViews(ofKind kind: String) -> [any ReusableElementView] {
        visibleViews.filter { $0.key.category == .supplementaryView && $0.key.kind == kind }
            .sorted { $0.key < $1.key }.map(\.value.view)
    }

    /// Where a layout change ends: `layout`'s `targetContentOffset(forProposedContentOffset:)`
    /// of `proposed`, then the delegate's
    /// `collectionView(_:targetContentOffsetForProposedContentOffset:)` of that, clamped to the
    /// content.
    public func targetContentOffset(of layout: CollectionViewLayout, proposed: Point) -> Point {
        let fromLayout = layout.targetContentOffset(forProposedContentOffset: proposed)
        return clampedContentOffset(
            delegate?.collectionView(self, targetContentOffsetForProposedContentOffset: fromLayout) ?? fromLayout)
    }

    /// The cell shown for the item at `indexPath`, or nil if it is not shown.
    public func cellForItem(at indexPath: IndexPath) -> (any ReusableCellView)? {
        visibleViews[ElementKey(category: .cell, kind: nil, indexPath: indexPath)]?.view as? any ReusableCellView
    }

    /// The supplementary view of `kind` shown at `indexPath`, or nil.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> (any ReusableElementView)? {
        visibleViews[ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)]?.view
    }

    /// Every shown view, in the order to draw them (back to front): by zIndex, then category
    /// (cells, supplementary, decoration — UIKit leaves equal zIndex undefined, UIKitBehaviour.md §2),
    /// then index path, then kind.
    ///
    /// - Complexity: O(k log k) for k shown views.
    public var visibleViewsInDrawingOrder: [any ReusableElementView] { visibleElementsInDrawingOrder.map(\.view) }

    /// Every shown view with the attributes last applied to it, in drawing order (as
    /// `visibleViewsInDrawingOrder`).
    ///
    /// - Complexity: O(k log k) for k shown views.
    public var visibleElementsInDrawingOrder:
        [(view: any ReusableElementView, attributes: CollectionViewLayoutAttributes)]
    {
        // Small sort keys are sorted, not the elements: copying a view and its attributes at every
        // step of the sort was most of the cost of 100,000 small cells.
        var order: [(zIndex: Int, key: ElementKey)] = []
        order.reserveCapacity(visibleViews.count)
        for (key, shown) in visibleViews { order.append((shown.attributes.zIndex, key)) }
        order.sort { a, b in a.zIndex != b.zIndex ? a.zIndex < b.zIndex : a.key < b.key }
        return order.map { entry in
            let shown = visibleViews[entry.key]!
            return (shown.view, shown.attributes)
        }
    }

    /// The attributes last applied to the view shown for the item at `indexPath`, or nil if no
    /// view is shown for it.
    public func appliedLayoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        visibleViews[ElementKey(category: .cell, kind: nil, indexPath: indexPath)]?.attributes
    }

    // MARK: Selection state (see CollectionView+Selection.swift)

    var selected = Set<IndexPath>()
    var highlighted = Set<IndexPath>()
    /// The item a touch began on and is still tracked, if any.
    public internal(set) var trackedIndexPath: IndexPath?

    /// Whether the user can select items (taps highlight and select); true by default.
    public var allowsSelection = true
    /// Whether several items can be selected at once (a tap on a selected item deselects it); false by default.
    public var allowsMultipleSelection = false

    // MARK: Updates and movement (see the extensions)

    var recordedUpdates: [CollectionViewUpdateItem]?
    var movement: InteractiveMovement?
    /// How the last interactive movement finished (see the extension).
    var lastMovementCancelled = false

    // MARK: Gesture recognizers (see CollectionView+GestureRecognizers.swift)

    var attachedGestureRecognizers: [GestureRecognizer] = []
    /// Told of every animated change (see CollectionView+GestureRecognizers.swift).
    package var animatedChangeObserver: (any AnimatedChangeObserver)?
}
