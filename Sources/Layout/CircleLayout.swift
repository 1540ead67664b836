import Geometry
import Support

/// Apple's CircleLayout (WWDC 2012): the items of section 0 on a circle (UIKitBehaviour.md §3.1).
///
/// `prepare()` reads the collection view's frame size: centre = (width / 2, height / 2),
/// radius = min(width, height) / 2.5, and item i of n has centre
/// (cx + r·cos(2πi/n), cy + r·sin(2πi/n)) and size `itemSize` (70 × 70) — item 0 at 3 o'clock,
/// increasing clockwise on screen (y grows downwards). E.g. 320 × 480 → r = 128, centre
/// (160, 240), item 0 centred at (288, 240). The content size is the frame size (no scrolling).
/// Only section 0 is laid out, as in Apple's sample.
///
/// Batch updates (the release-API version of the sample's animations): items recorded as
/// inserted in `prepare(forCollectionViewUpdates:)` start at the circle's centre with alpha 0;
/// items recorded as deleted end there with alpha 0 and scale (0.1, 0.1, 1). Other appearing or
/// disappearing items get the default (nil).
///
/// Optional decoration (the Xamarin SimpleCollectionView sample's red view): set
/// `backgroundDecorationKind` (e.g. `"background"`) and the layout adds one decoration view of
/// that kind covering the collection view's bounds at zIndex −1. Off (nil) by default.
///
/// Unlike the sample, `layoutAttributesForElements(in:)` returns only the elements that intersect
/// the rect (the sample returns every item whatever the rect).
open class CircleLayout: CollectionViewLayout {
    /// The sample's ITEM_SIZE: 70 points.
    public static let itemDimension: Double = 70
    /// The decoration kind the Xamarin sample's background view is used with here.
    public static let backgroundKind = "background"

    /// The size of every item; 70 × 70 by default.
    open var itemSize = Size(width: CircleLayout.itemDimension, height: CircleLayout.itemDimension) {
        didSet { invalidateLayout() }
    }

    /// The kind of a decoration view covering the bounds behind the items (zIndex −1), or nil for
    /// none; nil by default. Setting a kind registers it.
    open var backgroundDecorationKind: String? {
        didSet {
            if let kind = backgroundDecorationKind { register(decorationKind: kind) }
            invalidateLayout()
        }
    }

    /// The circle's centre, from the last `prepare()`.
    public private(set) var circleCenter = Point.zero
    /// The circle's radius, from the last `prepare()`.
    public private(set) var radius = 0.0
    /// The number of items in section 0, from the last `prepare()`.
    public private(set) var cellCount = 0
    private var size = Size.zero
    /// Each item's centre, from the last `prepare()`: a rect query tests every item, and with
    /// the trigonometry done per query, hit-testing each of a scene's selected items (a tap
    /// each) made applying a selection cost selected × items sines and cosines.
    private var centers: [Point] = []
    private var insertedIndexPaths = Set<IndexPath>()
    private var deletedIndexPaths = Set<IndexPath>()

    /// Creates the layout.
    public override init() { super.init() }

    /// Reads the frame size and item count and computes centre and radius.
    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else {
            (size, cellCount, circleCenter, radius) = (.zero, 0, .zero, 0)
            centers = []
            return
        }
        size = cv.frame.size
        cellCount = cv.numberOfSections > 0 ? cv.numberOfItems(inSection: 0) : 0
        circleCenter = Point(x: size.width / 2, y: size.height / 2)
        radius = Swift.min(size.width, size.height) / 2.5
        centers = (0..<cellCount).map(computedCenter(ofItem:))
    }

    /// Item `item`'s centre on the circle.
    private func computedCenter(ofItem item: Int) -> Point {
        let angle = 2 * Double.pi * Double(item) / Double(cellCount)
        return Point(x: circleCenter.x + radius * cos(angle), y: circleCenter.y + radius * sin(angle))
    }

    /// The frame size.
    open override var collectionViewContentSize: Size { size }

    /// The item's attributes on the circle, or nil outside section 0's items.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < cellCount else { return nil }
        var a = CollectionViewLayoutAttributes(forCellWith: indexPath)
        a.size = itemSize
        a.center = centers.count == cellCount ? centers[indexPath.item] : computedCenter(ofItem: indexPath.item)
        return a
    }

    /// The background decoration's attributes (frame = (0, 0, frame size), zIndex −1) for
    /// `backgroundDecorationKind` at [0, 0]; nil otherwise.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard let kind = backgroundDecorationKind, kind == elementKind, indexPath == IndexPath(item: 0, section: 0)
        else { return nil }
        var a = CollectionViewLayoutAttributes(forDecorationViewOfKind: kind, with: indexPath)
        a.frame = Rect(origin: .zero, size: size)
        a.zIndex = -1
        return a
    }

    /// The items (and the background decoration) whose frames intersect `rect`.
    ///
    /// - Complexity: O(n) for n items: every item's centre is tested, and attributes are made
    ///   only for the items near enough to the rect to intersect it (then tested exactly).
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var result: [CollectionViewLayoutAttributes] = []
        if let kind = backgroundDecorationKind,
            let d = layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 0)),
            d.frame.intersects(rect)
        {
            result.append(d)
        }
        // An item whose centre is farther from the rect's centre than half of both their sizes
        // (plus a margin far above the rounding of the coordinates) cannot intersect it; the
        // others are tested exactly. Without finite figures every item is tested exactly.
        let r = rect.standardized
        let w = abs(itemSize.width), h = abs(itemSize.height)
        let magnitude =
            abs(r.midX) + abs(r.midY) + r.width + r.height + w + h + abs(circleCenter.x)
            + abs(circleCenter.y) + abs(radius)
        let slack = 1 + magnitude * 1e-9
        let reachX = (r.width + w) / 2 + slack, reachY = (r.height + h) / 2 + slack
        // A subclass may place its items elsewhere (`layoutAttributesForItem(at:)` is open): it
        // gets every item tested.
        let prefilter = type(of: self) == CircleLayout.self && centers.count == cellCount && magnitude.isFinite
        for i in 0..<cellCount {
            if prefilter, abs(centers[i].x - r.midX) > reachX || abs(centers[i].y - r.midY) > reachY {
                continue
            }
            if let a = layoutAttributesForItem(at: IndexPath(item: i, section: 0)), a.frame.intersects(rect) {
                result.append(a)
            }
        }
        return result
    }

    /// Records the inserted (post-update) and deleted (pre-update) index paths.
    open override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for u in updateItems {
            switch u.updateAction {
            case .insert: insertedIndexPaths.insert(u.indexPathAfterUpdate!)
            case .delete: deletedIndexPaths.insert(u.indexPathBeforeUpdate!)
            case .move, .reload: break
            }
        }
    }

    /// Forgets the recorded index paths.
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        insertedIndexPaths.removeAll()
        deletedIndexPaths.removeAll()
    }

    /// For an inserted item: its attributes moved to the circle's centre with alpha 0.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard insertedIndexPaths.contains(itemIndexPath) else {
            return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
        }
        var a = layoutAttributesForItem(at: itemIndexPath) ?? CollectionViewLayoutAttributes(forCellWith: itemIndexPath)
        a.size = itemSize
        a.alpha = 0
        a.center = circleCenter
        return a
    }

    /// For a deleted item: at the circle's centre, alpha 0, transform3D scale (0.1, 0.1, 1).
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        guard deletedIndexPaths.contains(itemIndexPath) else {
            return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
        }
        var a = CollectionViewLayoutAttributes(forCellWith: itemIndexPath)
        a.size = itemSize
        a.alpha = 0
        a.center = circleCenter
        a.transform3D = Transform3D(scaleX: 0.1, y: 0.1, z: 1)
        return a
    }

    /// True when the frame size changes (centre and radius depend on it).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        return cv.bounds.size != newBounds.size
    }
}
