import Geometry
import Support

/// A vertical multi-column "waterfall" (Pinterest-style) layout: the seeds' WaterfallCollectionLayout
/// with CHTCollectionViewWaterfallLayout's behaviour (UIKitBehaviour.md §4) and the Xamarin port's bugs fixed.
///
/// Per section: `top += headerInset.top`; a header of `headerHeight` (> 0) at
/// (headerInset.left, top, width − headerInset.left − headerInset.right); `top = header.maxY +
/// headerInset.bottom`; `top += sectionInset.top`; every column starts at `top`. Each item goes
/// into the column chosen by `itemRenderDirection`, at x = sectionInset.left + (itemWidth +
/// minimumColumnSpacing) · column, y = that column's height, with
/// itemWidth = max(0, floorToPixel((width − contentInset.left − contentInset.right − sectionInset.left −
/// sectionInset.right − (columns − 1) · minimumColumnSpacing) / columns)), where contentInset is
/// the collection view's `adjustedContentInset` (CHT's Swift version, whose
/// `sectionInsetReference` is `.fromContentInset` by default; its headers, footers and content
/// width keep the whole bounds width, and so do these) and height = floorToPixel(size.height ·
/// itemWidth / size.width) (0 if either dimension ≤ 0); the column then grows by the item's height +
/// minimumInteritemSpacing. Footer: top = tallest column − minimumInteritemSpacing +
/// sectionInset.bottom (also for an empty section, as CHT does), then footerInset and
/// `footerHeight` like the header. Content size: (width, max(top, minimumContentHeight)); zero
/// without sections. floorToPixel(v) = floor(v · displayScale) / displayScale.
///
/// Example: 320 wide, 2 columns, spacing 10, no insets → itemWidth 155, columns at x 0 and 165.
///
/// Fixed Xamarin bugs (§4.4): leftToRight is item % columns (not `ColumnCount`), rightToLeft uses
/// % (not integer division), union rects cover every frame of their group, the rect query starts
/// at the first intersecting group, headers and footers answer for `"header"` / `"footer"`
/// without crashing on missing keys, per-section insets and spacings are used, widths are
/// floored to pixels, and header / footer insets exist.
///
/// Queries: elements are grouped by 20 in layout order (header, items, footer per section) and
/// each group's union rect is kept; `layoutAttributesForElements(in:)` binary-searches the groups
/// that can intersect the rect and filters their members — O(log n + k).
///
/// `prepare` is O(n) for n elements, however they are split into sections: room for all of
/// them is made at once. Each element takes 40 bytes; a section holds at most `Int32.max`
/// items and a layout at most `Int32.max` sections.
open class WaterfallLayout: CollectionViewLayout {
    /// The number of elements per union rect, as CHT's `unionSize`.
    public static let unionSize = 20

    /// The number of columns; 2 by default. Values below 1 count as 1.
    open var columnCount = 2 { didSet { invalidateLayout() } }
    /// The horizontal spacing between columns; 10 by default.
    open var minimumColumnSpacing: Double = 10 { didSet { invalidateLayout() } }
    /// The vertical spacing between items of a column; 10 by default. (CHT's spelling; the scene
    /// format's key is the seeds' `minimumInterItemSpacing`.)
    open var minimumInteritemSpacing: Double = 10 { didSet { invalidateLayout() } }
    /// The seeds' spelling of `minimumInteritemSpacing`.
    @available(*, unavailable, renamed: "minimumInteritemSpacing")
    public var minimumInterItemSpacing: Double {
        get { minimumInteritemSpacing }
        set { minimumInteritemSpacing = newValue }
    }
    /// The height of every section header (0 = none); 0 by default.
    open var headerHeight: Double = 0 { didSet { invalidateLayout() } }
    /// The height of every section footer (0 = none); 0 by default.
    open var footerHeight: Double = 0 { didSet { invalidateLayout() } }
    /// The margins around each section's items; zero by default.
    open var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// The margins around each header; zero by default.
    open var headerInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// The margins around each footer; zero by default.
    open var footerInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// How items choose their column; shortestFirst by default.
    open var itemRenderDirection = ItemRenderDirection.shortestFirst { didSet { invalidateLayout() } }
    /// The smallest content height; 0 by default.
    open var minimumContentHeight: Double = 0 { didSet { invalidateLayout() } }
    /// The screen scale widths and heights are floored to (1, 2, 3 …); 1 by default. A scene
    /// passes its canvas scale.
    open var displayScale: Double = 1 { didSet { invalidateLayout() } }
    /// The size (aspect ratio) of items the delegate gives no size for; 50 × 50 by default. (CHT
    /// requires the delegate; this is the fallback for scenes that give items no size.)
    open var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }

    /// Creates a waterfall layout with CHT's defaults.
    public override init() { super.init() }

    // MARK: Storage

    /// One laid-out element, in 40 bytes: its frame, and its index path as two 32-bit integers
    /// (plain data, no reference counting when a million of them are appended, made into an
    /// `IndexPath` on demand) whose item also says what the element is. At 56 bytes with a
    /// role byte and two `Int`s, a million elements took 14,000 pages of fresh memory, each a
    /// page fault the first time (about half of a first `prepare`'s time on the machine
    /// BENCHMARKS.md describes). A section holds at most `Int32.max` items, and a layout at most
    /// `Int32.max` sections (that many elements would take 86 GB).
    struct Element {
        /// What an element is: the waterfall lays out cells, section headers and section footers.
        enum Role: UInt8 {
            case cell, header, footer
        }

        var frame: Rect
        private let storedSection: Int32
        /// The item of a cell; −1 for a header and −2 for a footer.
        private let storedItem: Int32

        init(role: Role, section: Int, item: Int, frame: Rect) {
            precondition(
                section <= Int(Int32.max) && item <= Int(Int32.max),
                "a waterfall layout holds at most Int32.max sections and items"
            )
            self.frame = frame
            storedSection = Int32(truncatingIfNeeded: section)
            switch role {
            case .cell: storedItem = Int32(truncatingIfNeeded: item)
            case .header: storedItem = -1
            case .footer: storedItem = -2
            }
        }

        var role: Role { storedItem >= 0 ? .cell : storedItem == -1 ? .header : .footer }
        var section: Int { Int(storedSection) }
        var item: Int { storedItem >= 0 ? Int(storedItem) : 0 }

        var indexPath: IndexPath { IndexPath(item: item, section: section) }
    }

    /// Every element, in layout order. Its accesses are not checked for exclusivity at run
    /// time: `prepare` appends a million of them and the checks cost a third of its time; all
    /// accesses are within this class, none overlaps another (a delegate called between two
    /// appends may read the elements laid out so far).
    @exclusivity(unchecked) private var elements: [Element] = []
    /// How many elements the storage holds room for (for tests of its reuse).
    var elementCapacity: Int { elements.capacity }
    private var headerIndex: [Int: Int] = [:]
    private var footerIndex: [Int: Int] = [:]
    /// Per section, the index in `elements` of its first item.
    private var firstItemIndex: [Int] = []
    private var itemCounts: [Int] = []
    private var groups = ExtentIndex()
    private var unionRects: [Rect] = []
    private var contentSize = Size.zero

    /// floor(v · displayScale) / displayScale.
    public func floorToPixel(_ v: Double) -> Double {
        WaterfallLayout.floored(v, toPixelsOf: pixelScale)
    }

    /// `displayScale`, or 1 when it is not a positive finite number.
    private var pixelScale: Double { displayScale > 0 && displayScale.isFinite ? displayScale : 1 }

    /// floor(v · scale) / scale.
    private static func floored(_ v: Double, toPixelsOf scale: Double) -> Double { (v * scale).rounded(.down) / scale }

    /// The width that a section's insets and columns share: the bounds' less the collection
    /// view's left and right `adjustedContentInset` (CHT's Swift `collectionViewContentWidth(of:)`
    /// for `.fromContentInset`).
    private func columnsWidth(of cv: CollectionView) -> Double {
        cv.bounds.width - cv.adjustedContentInset.horizontal
    }

    /// The item width of `section` for the current bounds (see the class description).
    public func itemWidth(inSection section: Int) -> Double {
        guard let cv = collectionView else { return 0 }
        let d = cv.delegate as? WaterfallLayoutDelegate
        let columns = Swift.max(1, d?.collectionView(cv, layout: self, columnCountFor: section) ?? columnCount)
        let spacing =
            d?.collectionView(cv, layout: self, minimumColumnSpacingFor: section) ?? minimumColumnSpacing
        let inset = d?.collectionView(cv, layout: self, insetsFor: section) ?? sectionInset
        let width = columnsWidth(of: cv) - inset.left - inset.right
        return Swift.max(0, floorToPixel((width - Double(columns - 1) * spacing) / Double(columns)))
    }

    /// Computes every frame and the union rects.
    ///
    /// - Complexity: O(n · c) for n items and c columns (shortest-column search), O(n) for the
    ///   fixed directions.
    open override func prepare() {
        super.prepare()
        // Emptied, not replaced: a layout prepared again (a new size, an update) writes its
        // elements into the memory it already has instead of touching fresh pages.
        elements.removeAll(keepingCapacity: true)
        headerIndex = [:]
        footerIndex = [:]
        firstItemIndex = []
        itemCounts = []
        groups = ExtentIndex()
        unionRects.removeAll(keepingCapacity: true)
        contentSize = .zero
        guard let cv = collectionView else { return }
        let sectionCount = cv.numberOfSections
        guard sectionCount > 0 else { return }
        let d = cv.delegate as? WaterfallLayoutDelegate
        let width = cv.bounds.width, columnsWidth = columnsWidth(of: cv)
        let direction = itemRenderDirection, defaultSize = itemSize
        let moving = cv.interactiveMovementTargetIndexPath != nil
        let scale = pixelScale
        func floorToPixel(_ v: Double) -> Double { WaterfallLayout.floored(v, toPixelsOf: scale) }
        var total = 2 * sectionCount  // a header and a footer each
        for s in 0..<sectionCount { total += Swift.max(0, cv.numberOfItems(inSection: s)) }
        reserveElements(total)
        var top = 0.0
        var columnHeights: [Double] = []
        for s in 0..<sectionCount {
            let columns = Swift.max(1, d?.collectionView(cv, layout: self, columnCountFor: s) ?? columnCount)
            let columnSpacing =
                d?.collectionView(cv, layout: self, minimumColumnSpacingFor: s) ?? minimumColumnSpacing
            let interItem =
                d?.collectionView(cv, layout: self, minimumInteritemSpacingFor: s) ?? minimumInteritemSpacing
            let inset = d?.collectionView(cv, layout: self, insetsFor: s) ?? sectionInset
            let hInset = d?.collectionView(cv, layout: self, insetsForHeaderIn: s) ?? headerInset
            let fInset = d?.collectionView(cv, layout: self, insetsForFooterIn: s) ?? footerInset
            let hHeight = d?.collectionView(cv, layout: self, heightForHeaderIn: s) ?? headerHeight
            let fHeight = d?.collectionView(cv, layout: self, heightForFooterIn: s) ?? footerHeight
            let contentWidth = columnsWidth - inset.left - inset.right
            // Insets and spacings wider than the view leave no room: items of width 0 (CHT's
            // formula would give a negative width, and heights that climbed up the columns).
            let itemWidth = Swift.max(
                0, floorToPixel((contentWidth - Double(columns - 1) * columnSpacing) / Double(columns)))

            /// Adds a header or footer band at `top` (after its inset's top), advancing `top` past it;
            /// returns its element index, or nil when the height is 0 (CHT: no view, insets still apply).
            func appendBand(_ role: Element.Role, _ bandInset: EdgeInsets, _ height: Double) -> Int? {
                top += bandInset.top
                guard height > 0 else { return nil }
                let frame = Rect(
                    x: bandInset.left, y: top, width: width - bandInset.left - bandInset.right, height: height)
                elements.append(
                    Element(
                        role: role, section: s, item: 0,
                        frame: frame))
                top = frame.maxY + bandInset.bottom
                return elements.count - 1
            }

            if let i = appendBand(.header, hInset, hHeight) { headerIndex[s] = i }
            top += inset.top
            columnHeights = [Double](repeating: top, count: columns)

            let n = cv.numberOfItems(inSection: s)
            firstItemIndex.append(elements.count)
            itemCounts.append(n)
            let placement = ItemPlacement(
                section: s, columns: columns, left: inset.left, itemWidth: itemWidth, columnSpacing: columnSpacing,
                interItemSpacing: interItem, direction: direction, scale: scale, moving: moving)
            if let d {
                appendItems(count: n, placement, sizes: d, in: cv, columnHeights: &columnHeights)
            } else {
                appendItems(
                    count: n, placement, sizes: DefaultSizes(itemSize: defaultSize), in: cv,
                    columnHeights: &columnHeights)
            }

            top = columnHeights.max()! - interItem + inset.bottom
            if let i = appendBand(.footer, fInset, fHeight) { footerIndex[s] = i }
        }
        contentSize = Size(width: width, height: Swift.max(top, minimumContentHeight))
        // Storage is kept across prepares, but not far beyond what is used: a layout that once
        // held a million elements and now holds ten gives the memory back. Measured against the
        // room this prepare asked for (a header and a footer for every section, whether shown
        // or not), so that many sections without them do not make every prepare refit.
        if elements.capacity > 65_536 && elements.capacity > 4 * total {
            var fitted: [Element] = []
            fitted.reserveCapacity(elements.count)
            fitted.append(contentsOf: elements)
            elements = fitted
        }

        let unionSize = WaterfallLayout.unionSize
        var start = 0
        while start < elements.count {
            let end = Swift.min(start + unionSize, elements.count)
            var union = Rect.null
            for i in start..<end { union = union.union(elements[i].frame.standardized) }
            unionRects.append(union)
            groups.append(min: union.minY, max: union.maxY)
            start = end
        }
        groups.finish()
    }

    /// Makes room for `count` elements in one block, and faults a fresh block in at once
    /// (`FreshMemory`: a first `prepare` of a million items 57 → 50 ms here). Reserved section
    /// by section, each reservation reallocated and copied every element laid out before it:
    /// 1,000 sections of 1,000 items took 13.3 s to prepare, 10,000 of 100 took 48.9 s (now
    /// 38 and 40 ms).
    private func reserveElements(_ count: Int) {
        guard count > elements.capacity else { return }
        elements.reserveCapacity(count)
        let stride = MemoryLayout<Element>.stride, capacity = elements.capacity
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Past the elements already there, which the reallocation has just written.
            FreshMemory.prefault(
                UnsafeMutableRawPointer(base + buffer.count), byteCount: (capacity - buffer.count) * stride)
        }
    }

    /// What places one section's items: its columns, widths and spacings.
    private struct ItemPlacement {
        var section: Int
        var columns: Int
        var left: Double
        var itemWidth: Double
        var columnSpacing: Double
        var interItemSpacing: Double
        var direction: ItemRenderDirection
        /// The display scale frames are floored to.
        var scale: Double
        /// Whether an interactive movement is under way (sizes come from the data's index paths).
        var moving: Bool
    }

    /// What `appendItems` is given without a delegate: every item has the layout's `itemSize`
    /// (read once, not cast out of the layout argument for every item as the protocol's
    /// default does).
    private final class DefaultSizes: WaterfallLayoutDelegate {
        let itemSize: Size
        init(itemSize: Size) { self.itemSize = itemSize }
        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> Size { itemSize }
    }

    /// Appends `count` items of one section, each below the column it goes to, sized by `sizes`.
    ///
    /// Generic over the delegate, and given it unwrapped, so that its type is opened once per
    /// section and the calls borrow it: through the optional existential every one of a
    /// million calls retained and released the delegate, on the slow path of an object that is
    /// also referenced weakly (the collection view's delegate), a third of `prepare`'s time.
    private func appendItems<Sizes: WaterfallLayoutDelegate>(
        count: Int, _ p: ItemPlacement, sizes: Sizes, in cv: CollectionView, columnHeights: inout [Double]
    ) {
        for item in 0..<count {
            let column: Int
            switch p.direction {
            case .shortestFirst:
                var best = 0
                for c in 1..<Swift.max(1, p.columns) where columnHeights[c] < columnHeights[best] { best = c }
                column = best
            case .leftToRight: column = item % p.columns
            case .rightToLeft: column = (p.columns - 1) - item % p.columns
            }
            let x = p.left + (p.itemWidth + p.columnSpacing) * Double(column)
            let y = columnHeights[column]
            let path = IndexPath(item: item, section: p.section)
            let dataPath = p.moving ? cv.dataIndexPath(forPresentedIndexPath: path) : path
            let size = sizes.collectionView(cv, layout: self, sizeForItemAt: dataPath)
            var height = 0.0
            if size.height > 0 && size.width > 0 && size.height.isFinite && size.width.isFinite {
                height = WaterfallLayout.floored(size.height * p.itemWidth / size.width, toPixelsOf: p.scale)
            }
            let frame = Rect(x: x, y: y, width: p.itemWidth, height: height)
            elements.append(Element(role: .cell, section: p.section, item: item, frame: frame))
            columnHeights[column] = frame.maxY + p.interItemSpacing
        }
    }

    /// The size computed by the last `prepare()`.
    open override var collectionViewContentSize: Size { contentSize }

    private func attributes(_ e: Element) -> CollectionViewLayoutAttributes {
        var a: CollectionViewLayoutAttributes
        switch e.role {
        case .cell: a = CollectionViewLayoutAttributes(forCellWith: e.indexPath)
        case .header:
            a = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, with: e.indexPath)
        case .footer:
            a = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, with: e.indexPath)
        }
        a.frame = e.frame
        return a
    }

    /// The attributes of the elements whose frames intersect `rect`, in layout order.
    ///
    /// - Complexity: O(log n + k) when the columns grow evenly (groups are found by binary search
    ///   on the union rects, then their members are filtered).
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        guard !rect.isEmpty else { return [] }
        var result: [CollectionViewLayoutAttributes] = []
        let unionSize = WaterfallLayout.unionSize
        let candidates = groups.candidates(from: rect.minY, to: rect.maxY)
        // Room for every element of the groups that meet the rect, made once: grown by doubling,
        // the result of a query over a million elements copied its attributes (about 230 bytes
        // each) twenty times over.
        var room = 0
        for g in candidates where unionRects[g].intersects(rect) { room += unionSize }
        result.reserveCapacity(Swift.min(room, elements.count))
        for g in candidates where unionRects[g].intersects(rect) {
            let end = Swift.min((g + 1) * unionSize, elements.count)
            for i in (g * unionSize)..<end where elements[i].frame.intersects(rect) {
                result.append(attributes(elements[i]))
            }
        }
        return result
    }

    /// The attributes of the item at `indexPath`, or nil if it does not exist.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0,
            indexPath.item < itemCounts[indexPath.section]
        else { return nil }
        return attributes(elements[firstItemIndex[indexPath.section] + indexPath.item])
    }

    /// The header (`"header"`) or footer (`"footer"`) of `indexPath.section`, or nil.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        let index: Int?
        switch elementKind {
        case CollectionView.elementKindSectionHeader: index = headerIndex[indexPath.section]
        case CollectionView.elementKindSectionFooter: index = footerIndex[indexPath.section]
        default: index = nil
        }
        return index.map { attributes(elements[$0]) }
    }

    /// True only when the width changes.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        return cv.bounds.width != newBounds.width
    }

    /// Every element's attributes in layout order (for tests and tools).
    ///
    /// - Complexity: O(n).
    func allLayoutAttributes() -> [CollectionViewLayoutAttributes] { elements.map(attributes) }
}
