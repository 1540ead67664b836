import Geometry

/// The seeds' LineLayout: one horizontal line of large items that zoom as they pass the centre
/// of the screen, with snapping (Apple's WWDC 2012 sample, Xamarin's port; UIKitBehaviour.md §3.2).
///
/// A `CollectionViewFlowLayout` subclass with the sample's settings: items 200 × 200 (`itemDimension`),
/// horizontal scrolling, minimumLineSpacing 50 and sectionInset (400, 0, 400, 0) as in the Xamarin
/// seed — Apple's original uses (200, 0, 200, 0), `appleSectionInset`. Every flow property can be
/// changed afterwards.
///
/// Zoom: for every element returned, d = (visible rect's mid-x) − (element's centre x); when
/// |d| < `activeDistance` (200) the element gets transform3D = scale(zoom, zoom, 1) with
/// zoom = 1 + `zoomFactor` · (1 − |d| / activeDistance) (`zoomFactor` 0.3: 1.3 at the centre,
/// 1.15 at |d| = 100) and zIndex 1; the others keep identity and zIndex 0. With vertical
/// scrolling the same is done along y. Unlike the sample, `layoutAttributesForItem(at:)` zooms
/// too, so per-item queries agree with rect queries.
///
/// The layout is invalidated on every bounds change (the zoom depends on the scroll position).
open class LineLayout: CollectionViewFlowLayout {
    /// The sample's ITEM_SIZE, 200 points.
    public static let itemDimension: Double = 200
    /// The sample's ACTIVE_DISTANCE, 200 points.
    public static let defaultActiveDistance: Double = 200
    /// The sample's ZOOM_FACTOR, 0.3.
    public static let defaultZoomFactor: Double = 0.3
    /// The Xamarin seed's section inset (portrait): top 400, bottom 400.
    public static let xamarinSectionInset = EdgeInsets(top: 400, left: 0, bottom: 400, right: 0)
    /// Apple's original section inset: top 200, bottom 200.
    public static let appleSectionInset = EdgeInsets(top: 200, left: 0, bottom: 200, right: 0)

    /// Within this distance of the visible centre (along the scroll axis) elements zoom; 200 by default.
    open var activeDistance: Double = LineLayout.defaultActiveDistance { didSet { invalidateLayout() } }
    /// The extra scale at the exact centre; 0.3 by default.
    open var zoomFactor: Double = LineLayout.defaultZoomFactor { didSet { invalidateLayout() } }

    /// Creates the layout with the Xamarin seed's settings.
    public override init() {
        super.init()
        itemSize = Size(width: LineLayout.itemDimension, height: LineLayout.itemDimension)
        scrollDirection = .horizontal
        sectionInset = LineLayout.xamarinSectionInset
        minimumLineSpacing = 50
    }

    /// True: the zoom depends on the scroll position, so every bounds change re-lays out.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    /// The flow layout's attributes, zoomed by distance from the visible centre.
    ///
    /// - Complexity: as `CollectionViewFlowLayout.layoutAttributesForElements(in:)`.
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var array = super.layoutAttributesForElements(in: rect)
        for i in array.indices where array[i].frame.intersects(rect) { zoom(&array[i]) }
        return array
    }

    /// The flow layout's attributes for the item, zoomed like the rect query's.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard var a = super.layoutAttributesForItem(at: indexPath) else { return nil }
        zoom(&a)
        return a
    }

    /// The zoom factor for an element whose centre is `distance` away from the visible centre:
    /// 1 + zoomFactor · (1 − |distance| / activeDistance) when |distance| < activeDistance, else nil.
    public func zoomScale(forDistance distance: Double) -> Double? {
        guard abs(distance) < activeDistance else { return nil }
        return 1 + zoomFactor * (1 - abs(distance) / activeDistance)
    }

    private func zoom(_ a: inout CollectionViewLayoutAttributes) {
        guard let cv = collectionView else { return }
        let visible = cv.bounds
        let distance = scrollDirection == .horizontal ? visible.midX - a.center.x : visible.midY - a.center.y
        if let z = zoomScale(forDistance: distance) {
            a.transform3D = Transform3D(scaleX: z, y: z, z: 1)
            a.zIndex = 1
        }
    }

    /// Snaps so the element whose centre is nearest the visible centre ends up centred.
    ///
    /// As the sample: looks at the flow layout's (unzoomed) elements in the rect
    /// (proposed.x, 0, width, height), picks the one whose centre x is closest to
    /// proposed.x + width / 2 and shifts x by the difference; y and the velocity are ignored. When
    /// the rect holds no element the proposal is returned (the sample would return a huge offset).
    /// With vertical scrolling the same is done along y.
    open override func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        guard let cv = collectionView else { return proposed }
        let size = cv.bounds.size
        let horizontal = scrollDirection == .horizontal
        let target =
            horizontal
            ? Rect(x: proposed.x, y: 0, width: size.width, height: size.height)
            : Rect(x: 0, y: proposed.y, width: size.width, height: size.height)
        let centre = horizontal ? proposed.x + size.width / 2 : proposed.y + size.height / 2
        var adjustment: Double?
        for a in super.layoutAttributesForElements(in: target) {
            let d = (horizontal ? a.center.x : a.center.y) - centre
            if adjustment == nil || abs(d) < abs(adjustment!) { adjustment = d }
        }
        guard let adjustment else { return proposed }
        return horizontal
            ? Point(x: proposed.x + adjustment, y: proposed.y) : Point(x: proposed.x, y: proposed.y + adjustment)
    }
}
