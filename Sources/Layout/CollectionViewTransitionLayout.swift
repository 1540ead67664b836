import Geometry

/// A layout between two layouts (UIKit's `UICollectionViewTransitionLayout`, UIKitBehaviour.md
/// §5.4): installed for the length of an interactive layout change, it shows every element
/// `transitionProgress` of the way from its attributes in `currentLayout` to those in
/// `nextLayout`.
///
/// Attributes interpolate as `CollectionViewLayoutAttributes.interpolated(to:fraction:)` does
/// (centre, size and alpha linearly, the 3D transform by decomposition). An element that only one
/// layout has fades: it uses that layout's attributes at both ends, with alpha 0 at the other, as
/// `setCollectionViewLayout(_:animated:)` does without appearing / disappearing attributes. The
/// content size interpolates linearly.
///
/// Drive it with `CollectionView.startInteractiveTransition(to:)`, set `transitionProgress` as the
/// gesture moves, then `finishInteractiveTransition()` or `cancelInteractiveTransition()`.
/// Subclasses may store their own animated values with `updateValue(_:forAnimatedKey:)`.
open class CollectionViewTransitionLayout: CollectionViewLayout {
    /// The layout the transition starts from.
    public let currentLayout: CollectionViewLayout
    /// The layout the transition goes to.
    public let nextLayout: CollectionViewLayout
    /// How far the transition has gone: 0 shows `currentLayout`, 1 `nextLayout`. Values outside
    /// 0…1 extrapolate (a gesture may overshoot). Read at every query, so a change shows at once.
    public var transitionProgress: Double = 0
    /// Every element of either layout, with its attributes at progress 0 and 1; by key, from the
    /// last `prepare()`.
    private var endpoints: [ElementKey: (start: CollectionViewLayoutAttributes, end: CollectionViewLayoutAttributes)] =
        [:]
    private var animatedValues: [String: Double] = [:]

    /// A transition from `currentLayout` to `nextLayout`, at progress 0.
    public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
        super.init()
        // Decoration views of either layout can be shown during the transition.
        let factories = currentLayout.decorationViewFactories.merging(nextLayout.decorationViewFactories) { $1 }
        for kind in factories.keys.sorted() { register(decorationKind: kind, factory: factories[kind]!) }
    }

    /// Stores a value of the subclass's own that animates with the transition (UIKit's
    /// `updateValue(_:forAnimatedKey:)`).
    open func updateValue(_ value: Double, forAnimatedKey key: String) { animatedValues[key] = value }

    /// The value stored for `key`, or 0 (UIKit's `value(forAnimatedKey:)`).
    open func value(forAnimatedKey key: String) -> Double { animatedValues[key] ?? 0 }

    /// Prepares both layouts for this layout's collection view and records every element's
    /// attributes in each.
    ///
    /// - Complexity: one query of each layout's whole content.
    open override func prepare() {
        endpoints = [:]
        guard let cv = collectionView else { return }
        var from: [ElementKey: CollectionViewLayoutAttributes] = [:]
        var to: [ElementKey: CollectionViewLayoutAttributes] = [:]
        for (layout, collect) in [(currentLayout, 0), (nextLayout, 1)] {
            let owner = layout.collectionView
            layout.collectionView = cv
            if owner !== cv { layout.invalidateLayout() }
            if layout.needsPrepare {
                layout.needsPrepare = false
                layout.prepare()
            }
            let size = layout.collectionViewContentSize
            let all = Rect(
                x: 0, y: 0, width: max(size.width, cv.bounds.width), height: max(size.height, cv.bounds.height))
            for a in layout.layoutAttributesForElements(in: all) {
                if collect == 0 { from[a.elementKey] = a } else { to[a.elementKey] = a }
            }
        }
        for (key, start) in from { endpoints[key] = (start, to[key] ?? start.faded) }
        for (key, end) in to where from[key] == nil { endpoints[key] = (end.faded, end) }
    }

    /// The content size `transitionProgress` of the way between the two layouts'.
    open override var collectionViewContentSize: Size {
        currentLayout.collectionViewContentSize.interpolated(
            to: nextLayout.collectionViewContentSize, fraction: transitionProgress)
    }

    /// The interpolated attributes of the elements whose frames meet `rect`, by element key order.
    ///
    /// - Complexity: O(n log n) in the elements of both layouts.
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        endpoints.keys.sorted().compactMap { key in
            let a = attributes(for: key)
            return a.frame.intersects(rect) ? a : nil
        }
    }

    /// The interpolated attributes of the item at `indexPath`, or nil if neither layout has it.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
        return endpoints[key] == nil ? nil : attributes(for: key)
    }

    /// The interpolated attributes of the supplementary view, or nil if neither layout has it.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        let key = ElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
        return endpoints[key] == nil ? nil : attributes(for: key)
    }

    /// The interpolated attributes of the decoration view, or nil if neither layout has it.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        let key = ElementKey(category: .decorationView, kind: elementKind, indexPath: indexPath)
        return endpoints[key] == nil ? nil : attributes(for: key)
    }

    /// The attributes of `key` at `transitionProgress`: interpolated as an animation's are, except
    /// the transform, whose every element moves linearly ("The standard class provides a linear
    /// transition", Apple's Collection View Programming Guide, "Transitioning Between Layouts";
    /// TLLayoutTransitioning's `interpolatePose` does the same), where an animation interpolates
    /// the transform's parts as Core Animation does.
    private func attributes(for key: ElementKey) -> CollectionViewLayoutAttributes {
        let (start, end) = endpoints[key]!
        var attributes = start.interpolated(to: end, fraction: transitionProgress)
        attributes.transform3D = start.transform3D.interpolated(to: end.transform3D, fraction: transitionProgress)
        return attributes
    }
}
