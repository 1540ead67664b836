import Geometry

/// A line-based layout: items flow into lines, lines stack along the scroll direction, with
/// optional section headers and footers (UIKit's `UICollectionViewFlowLayout`).
///
/// Behaviour follows UIKitBehaviour.md §1 (written for vertical scrolling; horizontal swaps x↔y,
/// width↔height, left/right↔top/bottom):
/// - Packing (§1.3): items go into the current line in index order while
///   Σ widths + (n − 1)·minimumInteritemSpacing ≤ available width (collection-view width − the
///   collection view's left and right content insets − the section's left and right insets). An
///   exact fit fits: the test allows `1e-9 · max(1, |available|)` points of
///   floating-point noise (three items of width w/3 share a line); leftover space within that
///   noise counts as 0 so neighbours never overlap. An item wider than the
///   available width gets a line of its own.
/// - Alignment within a line (§1.4): a full (non-last) line with n ≥ 2 items is justified — first
///   item on the left inset, last on the right inset, gaps equal; a line holding a single item is
///   centred (also when the item is wider than the available width, as Apple's LineLayout relies
///   on). The last line of a *uniform* section sits on the grid columns of a full line (as if
///   padded with invisible copies); the last line of a *mixed* section is left-aligned with gaps of
///   exactly minimumInteritemSpacing. "Uniform" (unconfirmed in UIKit, §1.4) is decided here as:
///   every item of the section has the same size (delegate sizes included).
/// - Cross-axis (§1.5): the line is as tall as its tallest item; every item is centred vertically in it.
/// - Sections (§1.6): header (full width, height from headerReferenceSize.height; none if 0) →
///   inset.top → lines separated by minimumLineSpacing → inset.bottom → footer. Empty sections
///   still contribute header, insets and footer.
/// - Content size (§1.7): vertical (collection-view width less the left and right content
///   insets, Σ section heights); horizontal (Σ section widths, collection-view height less the
///   top and bottom content insets). The available width above, headers and footers use the same
///   width less the insets (`CollectionView.adjustedContentInset`); with `sectionInsetReference`
///   `.fromSafeArea` the lines' section insets are measured from the safe area instead (§7c).
/// - Pinning (§1.8): with `sectionHeadersPinToVisibleBounds` the header's y is
///   clamp(contentOffset.y + top inset, natural y, section end − header height), where the section
///   end is the end of its footer (so the next section's header pushes it off) and the top inset
///   the collection view's `adjustedContentInset.top`. Footers pin to the bottom:
///   clamp(contentOffset.y + height − bottom inset − footer height, section start, natural y).
///   Headers of a layout that pins headers (footers: that pins footers) get zIndex 1 so they draw
///   above cells; other headers and footers keep zIndex 0 (they are drawn above cells of the same
///   zIndex anyway).
///
/// Per-section values come from the collection view's delegate when it conforms to
/// `CollectionViewDelegateFlowLayout` and returns non-nil. Negative or non-finite item sizes count as 0.
///
/// The class is `open`: subclass it and override `layoutAttributesForElements(in:)` (calling
/// `super`) to post-process attributes, as the seeds' `LineLayout` does.
///
/// Cost: `prepare()` is O(n) for n items; `layoutAttributesForElements(in:)` is O(log n + k)
/// for k returned elements (sections and lines are found by binary search along the scroll axis).
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The size of every item without a delegate size; 50 × 50 by default.
    open var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// The minimum spacing between lines; 10 by default.
    open var minimumLineSpacing: Double = 10 { didSet { invalidateLayout() } }
    /// The minimum spacing between items in a line; 10 by default.
    open var minimumInteritemSpacing: Double = 10 { didSet { invalidateLayout() } }
    /// The margins around each section's lines; zero by default.
    open var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
    /// What the section insets across the scroll direction are measured from;
    /// `.fromContentInset` by default, as in UIKit.
    open var sectionInsetReference = SectionInsetReference.fromContentInset { didSet { invalidateLayout() } }
    /// The header size (only the scroll-direction dimension is used; 0 = no header); zero by default.
    open var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// The footer size (only the scroll-direction dimension is used; 0 = no footer); zero by default.
    open var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
    /// The scroll direction; vertical by default.
    open var scrollDirection = CollectionView.ScrollDirection.vertical { didSet { invalidateLayout() } }
    /// Whether headers stay pinned to the top of the visible rect while their section is visible; false by default.
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// Whether footers stay pinned to the bottom of the visible rect while their section is visible; false by default.
    open var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }
    /// The kind of a decoration view covering the whole content behind everything (zIndex −2), or
    /// nil for none (UIKit's flow layout has no decorations); nil by default. Setting a kind registers it.
    open var backgroundDecorationKind: String? {
        didSet {
            if let kind = backgroundDecorationKind { register(decorationKind: kind) }
            invalidateLayout()
        }
    }
    /// The kind of a decoration view behind each section's items (zIndex −1), or nil for none; nil
    /// by default. Setting a kind registers it. See `CollectionViewFlowLayout+Decorations.swift`.
    open var sectionBackgroundDecorationKind: String? {
        didSet {
            if let kind = sectionBackgroundDecorationKind { register(decorationKind: kind) }
            invalidateLayout()
        }
    }

    /// Creates a flow layout with UIKit's defaults.
    public override init() { super.init() }

    // MARK: Per-section values

    private var flowDelegate: (CollectionView, CollectionViewDelegateFlowLayout)? {
        guard let cv = collectionView, let d = cv.delegate as? CollectionViewDelegateFlowLayout else { return nil }
        return (cv, d)
    }

    /// The insets of `section`: the delegate's value, else `sectionInset`.
    public func insetForSection(at section: Int) -> EdgeInsets {
        guard let (cv, d) = flowDelegate else { return sectionInset }
        return d.collectionView(cv, layout: self, insetForSectionAt: section)
    }

    /// The line spacing of `section`: the delegate's value, else `minimumLineSpacing`.
    public func minimumLineSpacingForSection(at section: Int) -> Double {
        guard let (cv, d) = flowDelegate else { return minimumLineSpacing }
        return d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section)
    }

    /// The inter-item spacing of `section`: the delegate's value, else `minimumInteritemSpacing`.
    public func minimumInteritemSpacingForSection(at section: Int) -> Double {
        guard let (cv, d) = flowDelegate else { return minimumInteritemSpacing }
        return d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: section)
    }

    /// The header reference size of `section`: the delegate's value, else `headerReferenceSize`.
    public func referenceSizeForHeaderInSection(_ section: Int) -> Size {
        guard let (cv, d) = flowDelegate else { return headerReferenceSize }
        return d.collectionView(cv, layout: self, referenceSizeForHeaderInSection: section)
    }

    /// The footer reference size of `section`: the delegate's value, else `footerReferenceSize`.
    public func referenceSizeForFooterInSection(_ section: Int) -> Size {
        guard let (cv, d) = flowDelegate else { return footerReferenceSize }
        return d.collectionView(cv, layout: self, referenceSizeForFooterInSection: section)
    }

    // MARK: Storage

    struct Section {
        var header: Rect?
        var footer: Rect?
        var frames: [Rect] = []
        /// The first item of each line, in order.
        var lineFirstItems: [Int] = []
        var lines = ExtentIndex()
        /// Along the scroll axis: where the section begins (its header) and ends (after its footer).
        var start: Double = 0
        var end: Double = 0

        /// The items on `lines` (a range of line indices): from the first item of the first line
        /// to the last item of the last.
        func items(onLines lines: Range<Int>) -> Range<Int> {
            guard !lines.isEmpty else { return 0..<0 }
            let end = lines.upperBound < lineFirstItems.count ? lineFirstItems[lines.upperBound] : frames.count
            return lineFirstItems[lines.lowerBound]..<end
        }
    }

    var sections: [Section] = []
    var sectionIndex = ExtentIndex()
    var contentSize = Size.zero
    /// Whether `sections` and `contentSize` hold the frames for the current data and bounds.
    private var hasValidFrames = false
    /// How many times `prepare()` computed the frames (not counting the prepares a scroll skips).
    private(set) var framePreparationCount = 0
    private var isVertical = true
    /// Whether lines stack vertically (from the last `prepare()`).
    var isVerticalLayout: Bool { isVertical }

    /// The untransformed rect of an element given along-axis and across-axis coordinates.
    @inline(__always) private func rect(across: Double, along: Double, acrossLength: Double, alongLength: Double)
        -> Rect
    {
        isVertical
            ? Rect(x: across, y: along, width: acrossLength, height: alongLength)
            : Rect(x: along, y: across, width: alongLength, height: acrossLength)
    }

    @inline(__always) private func alongRange(_ r: Rect) -> (Double, Double) {
        isVertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
    }

    private static func sanitized(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    // MARK: Prepare

    /// Computes every section's header, lines, item frames and footer.
    ///
    /// - Complexity: O(n) for n items (one delegate size call per item when the delegate
    ///   conforms to `CollectionViewDelegateFlowLayout`).
    open override func prepare() {
        super.prepare()
        // A scroll keeps the frames (see `invalidationContext(forBoundsChange:)`).
        guard !hasValidFrames else { return }
        hasValidFrames = true
        framePreparationCount += 1
        sections = []
        sectionIndex = ExtentIndex()
        isVertical = scrollDirection == .vertical
        guard let cv = collectionView else {
            contentSize = .zero
            return
        }
        let bounds = cv.bounds.size
        // Lines are laid out in the bounds less the collection view's insets across the scroll
        // direction (UIKit's default `sectionInsetReference`, `.fromContentInset`).
        let contentInset = cv.adjustedContentInset
        let crossLength = Swift.max(
            0, isVertical ? bounds.width - contentInset.horizontal : bounds.height - contentInset.vertical)
        let flowDelegate = cv.delegate as? CollectionViewDelegateFlowLayout
        let sectionCount = cv.numberOfSections
        sections.reserveCapacity(sectionCount)
        sectionIndex.reserveCapacity(sectionCount)
        var offset = 0.0
        var acrossSizes: [Double] = []
        var alongSizes: [Double] = []
        for s in 0..<sectionCount {
            let inset = insetForSection(at: s)
            let lineSpacing = minimumLineSpacingForSection(at: s)
            let interitem = minimumInteritemSpacingForSection(at: s)
            let headerSize = referenceSizeForHeaderInSection(s)
            let footerSize = referenceSizeForFooterInSection(s)
            let (alongStart, alongEnd) = isVertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
            let (acrossStart, acrossEnd) = acrossInsets(inset, in: cv)

            var section = Section()
            section.start = offset
            let headerLength = Self.sanitized(isVertical ? headerSize.height : headerSize.width)
            if headerLength > 0 {
                section.header = rect(across: 0, along: offset, acrossLength: crossLength, alongLength: headerLength)
                offset += headerLength
            }
            offset += alongStart

            let n = cv.numberOfItems(inSection: s)
            let defaultAcross = Self.sanitized(isVertical ? itemSize.width : itemSize.height)
            let defaultAlong = Self.sanitized(isVertical ? itemSize.height : itemSize.width)
            var uniform = true
            acrossSizes.removeAll(keepingCapacity: true)
            alongSizes.removeAll(keepingCapacity: true)
            if let d = flowDelegate, n > 0 {
                acrossSizes.reserveCapacity(n)
                alongSizes.reserveCapacity(n)
                let moving = cv.interactiveMovementTargetIndexPath != nil
                for i in 0..<n {
                    let presented = IndexPath(item: i, section: s)
                    let path = moving ? cv.dataIndexPath(forPresentedIndexPath: presented) : presented
                    let size = d.collectionView(cv, layout: self, sizeForItemAt: path)
                    let a = Self.sanitized(isVertical ? size.width : size.height)
                    let b = Self.sanitized(isVertical ? size.height : size.width)
                    acrossSizes.append(a)
                    alongSizes.append(b)
                    if a != acrossSizes[0] || b != alongSizes[0] { uniform = false }
                }
            }
            let available = crossLength - acrossStart - acrossEnd
            let epsilon = 1e-9 * Swift.max(1, abs(available))
            if n > 0 {
                section.frames.reserveCapacity(n)
                if uniform {
                    let w = acrossSizes.first ?? defaultAcross
                    let h = alongSizes.first ?? defaultAlong
                    offset = layOutUniform(
                        &section, count: n, across: w, along: h, available: available, epsilon: epsilon,
                        acrossStart: acrossStart, interitem: interitem, lineSpacing: lineSpacing, offset: offset)
                } else {
                    offset = layOutMixed(
                        &section, acrossSizes: acrossSizes, alongSizes: alongSizes, available: available,
                        epsilon: epsilon, acrossStart: acrossStart, interitem: interitem, lineSpacing: lineSpacing,
                        offset: offset)
                }
            }
            section.lines.finish()
            offset += alongEnd
            let footerLength = Self.sanitized(isVertical ? footerSize.height : footerSize.width)
            if footerLength > 0 {
                section.footer = rect(across: 0, along: offset, acrossLength: crossLength, alongLength: footerLength)
                offset += footerLength
            }
            section.end = offset
            var lo = section.start, hi = section.end
            if section.lines.count > 0 {
                lo = Swift.min(lo, section.lines.lowerBound)
                hi = Swift.max(hi, section.lines.upperBound)
            }
            sectionIndex.append(min: lo, max: hi)
            sections.append(section)
        }
        sectionIndex.finish()
        // Large negative spacings can pull the end above the start; a content size is never negative.
        let length = max(0, offset)
        contentSize =
            isVertical ? Size(width: crossLength, height: length) : Size(width: length, height: crossLength)
    }

    /// A section's insets before and after its lines across the scroll direction, in content
    /// coordinates: its own with `.fromContentInset`; with `.fromSafeArea`, measured from the
    /// safe area instead, but never closer to the view's edge than the adjusted content inset
    /// ("the minimum value of this property is always the collection view's content inset",
    /// Apple's `sectionInsetReference` documentation).
    private func acrossInsets(_ inset: EdgeInsets, in cv: CollectionView) -> (Double, Double) {
        let (start, end) = isVertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
        guard sectionInsetReference == .fromSafeArea else { return (start, end) }
        let safe = cv.safeAreaInsets, adjusted = cv.adjustedContentInset
        let (safeStart, safeEnd) = isVertical ? (safe.left, safe.right) : (safe.top, safe.bottom)
        let (contentStart, contentEnd) = isVertical ? (adjusted.left, adjusted.right) : (adjusted.top, adjusted.bottom)
        // From the view's edge: max(content inset, safe area + section inset); the content
        // starts at the content inset.
        return (
            Swift.max(contentStart, safeStart + start) - contentStart,
            Swift.max(contentEnd, safeEnd + end) - contentEnd
        )
    }

    /// Lays out a section whose items all have the same size; returns the offset after its last line.
    private func layOutUniform(
        _ section: inout Section, count n: Int, across w: Double, along h: Double, available: Double, epsilon: Double,
        acrossStart: Double, interitem: Double, lineSpacing: Double, offset: Double
    ) -> Double {
        func fits(_ k: Int) -> Bool { Double(k) * w + Double(k - 1) * interitem <= available + epsilon }
        // The capacity of a full line, independent of n: the last line uses its grid columns.
        var capacity: Int
        if w + interitem > 0 {
            // At most 10^15 a line: items too small to count (1e-14 points wide, or a pitch
            // that is denormal) would otherwise have the loop below count up to the real
            // capacity one at a time, for hours, or past `Int.max`.
            let limit = 1_000_000_000_000_000
            let estimate = ((available + interitem + epsilon) / (w + interitem)).rounded(.down)
            if estimate.isFinite {
                capacity = Int(Swift.max(1, Swift.min(estimate, Double(limit))))
            } else {
                // A pitch so small that the division overflows: the largest count that fits,
                // by bisection (`fits` grows with the count).
                var low = 1, high = limit
                while low < high {
                    let middle = low + (high - low + 1) / 2
                    if fits(middle) { low = middle } else { high = middle - 1 }
                }
                capacity = low
            }
            while capacity < limit && fits(capacity + 1) { capacity += 1 }
            while capacity > 1 && !fits(capacity) { capacity -= 1 }
        } else {
            capacity = n  // zero-width items and spacing: everything fits on one line
        }
        // Grid column j of a full line: justified, or centred for a single-item line (UIKitBehaviour.md §1.4).
        let first: Double, step: Double
        if capacity == 1 {
            first = acrossStart + (available - w) / 2
            step = 0
        } else {
            let leftover = Swift.max(0, available - Double(capacity) * w - Double(capacity - 1) * interitem)
            first = acrossStart
            step = w + interitem + leftover / Double(capacity - 1)
        }
        let lineCount = (n + capacity - 1) / capacity
        section.lineFirstItems.reserveCapacity(lineCount)
        section.lines.reserveCapacity(lineCount)
        var along = offset
        var item = 0
        for line in 0..<lineCount {
            along = offset + Double(line) * (h + lineSpacing)
            section.lineFirstItems.append(item)
            let end = Swift.min(item + capacity, n)
            var j = 0
            while item < end {
                section.frames.append(
                    rect(across: first + Double(j) * step, along: along, acrossLength: w, alongLength: h))
                item += 1
                j += 1
            }
            section.lines.append(min: along, max: along + h)
        }
        return along + h
    }

    /// Lays out a section with differing item sizes; returns the offset after its last line.
    private func layOutMixed(
        _ section: inout Section, acrossSizes: [Double], alongSizes: [Double], available: Double, epsilon: Double,
        acrossStart: Double, interitem: Double, lineSpacing: Double, offset start: Double
    ) -> Double {
        let n = acrossSizes.count
        var offset = start
        var i = 0
        while i < n {
            let first = i
            var used = acrossSizes[i]
            var lineLength = alongSizes[i]
            i += 1
            while i < n && used + interitem + acrossSizes[i] <= available + epsilon {
                used += interitem + acrossSizes[i]
                lineLength = Swift.max(lineLength, alongSizes[i])
                i += 1
            }
            let count = i - first
            let leftover = available - used
            let isLast = i == n
            var x = acrossStart
            var gap = interitem
            if !isLast {
                if count >= 2 {
                    gap = interitem + Swift.max(0, leftover) / Double(count - 1)
                } else {
                    x = acrossStart + leftover / 2
                }
            }
            section.lineFirstItems.append(first)
            var lo = Double.infinity, hi = -Double.infinity
            for k in first..<i {
                let along = offset + (lineLength - alongSizes[k]) / 2
                let r = rect(across: x, along: along, acrossLength: acrossSizes[k], alongLength: alongSizes[k])
                section.frames.append(r)
                let (a, b) = alongRange(r)
                lo = Swift.min(lo, a)
                hi = Swift.max(hi, b)
                x += acrossSizes[k] + gap
            }
            section.lines.append(min: lo, max: hi)
            offset += lineLength
            if !isLast { offset += lineSpacing }
        }
        return offset
    }

    // MARK: Queries

    /// The size of the content computed by the last `prepare()`.
    open override var collectionViewContentSize: Size { contentSize }

    private func cellAttributes(_ frame: Rect, item: Int, section: Int) -> CollectionViewLayoutAttributes {
        cellAttributes(frame, at: IndexPath(item: item, section: section))
    }

    private func cellAttributes(_ frame: Rect, at indexPath: IndexPath) -> CollectionViewLayoutAttributes {
        var a = CollectionViewLayoutAttributes(forCellWith: indexPath)
        a.frame = frame
        return a
    }

    /// The visible rect's start and end along the scroll axis, less the collection view's insets
    /// there (pinned headers stop below the top inset, pinned footers above the bottom one).
    private var visibleAlong: (Double, Double) {
        guard let cv = collectionView else { return (0, 0) }
        let b = cv.bounds, inset = cv.adjustedContentInset
        return isVertical ? (b.minY + inset.top, b.maxY - inset.bottom) : (b.minX + inset.left, b.maxX - inset.right)
    }

    private func headerAttributes(_ s: Int) -> CollectionViewLayoutAttributes? {
        guard s >= 0, s < sections.count, var frame = sections[s].header else { return nil }
        var a = CollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: s))
        if sectionHeadersPinToVisibleBounds {
            let (top, _) = visibleAlong
            let (natural, _) = alongRange(frame)
            let length = isVertical ? frame.height : frame.width
            let limit = sections[s].end - length
            let pinned = Swift.min(Swift.max(top, natural), Swift.max(limit, natural))
            frame =
                isVertical ? frame.offsetBy(dx: 0, dy: pinned - natural) : frame.offsetBy(dx: pinned - natural, dy: 0)
            a.zIndex = 1
        }
        a.frame = frame
        return a
    }

    private func footerAttributes(_ s: Int) -> CollectionViewLayoutAttributes? {
        guard s >= 0, s < sections.count, var frame = sections[s].footer else { return nil }
        var a = CollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: s))
        if sectionFootersPinToVisibleBounds {
            let (_, bottom) = visibleAlong
            let (natural, _) = alongRange(frame)
            let length = isVertical ? frame.height : frame.width
            let pinned = Swift.max(Swift.min(bottom - length, natural), Swift.min(sections[s].start, natural))
            frame =
                isVertical ? frame.offsetBy(dx: 0, dy: pinned - natural) : frame.offsetBy(dx: pinned - natural, dy: 0)
            a.zIndex = 1
        }
        a.frame = frame
        return a
    }

    /// The attributes of the headers, cells and footers whose frames intersect `rect` (headers
    /// and footers at their pinned positions), section by section: header, cells, footer.
    ///
    /// - Complexity: O(log n + k) for n items and k elements returned.
    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        guard !rect.isEmpty else { return [] }
        let (lo, hi) = alongRange(rect)
        var result = decorationAttributes(in: rect)
        let candidates = sectionIndex.candidates(from: lo, to: hi)
        // Each section's lines are searched once, and the ranges kept (on the stack) for the
        // second loop: on a long layout the searches miss the cache (their loads took a quarter
        // of a query's samples), and they ran twice, once to count and once to append.
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: candidates.count) { linesMet in
            // Room for every item of the candidate lines (and a header and footer each), made
            // once: the attributes are large values, and growing the array by doubling copied
            // them all (a tenth of a query's time).
            var room = 0
            for (k, s) in candidates.enumerated() {
                let lines =
                    sectionIndex.meets(s, from: lo, to: hi) ? sections[s].lines.candidates(from: lo, to: hi) : 0..<0
                linesMet.initializeElement(at: k, to: lines)
                room += sections[s].items(onLines: lines).count + 2
            }
            result.reserveCapacity(result.count + room)
            // One index path, its item replaced for each cell: setting an index of a two-index
            // path took 8 ns here, making one (`IndexPath(item:section:)`, an append) 14 ns.
            var path = IndexPath(item: 0, section: 0)
            for (k, s) in candidates.enumerated() where sectionIndex.meets(s, from: lo, to: hi) {
                if let h = headerAttributes(s), h.frame.intersects(rect) { result.append(h) }
                path.section = s
                let section = sections[s]
                let frames = section.frames
                for line in linesMet[k] where section.lines.meets(line, from: lo, to: hi) {
                    for item in section.items(onLines: line..<line + 1) where frames[item].intersects(rect) {
                        path.item = item
                        result.append(cellAttributes(frames[item], at: path))
                    }
                }
                if let f = footerAttributes(s), f.frame.intersects(rect) { result.append(f) }
            }
            return result
        }
    }

    /// The attributes of the cell at `indexPath`, or nil if it does not exist.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
            indexPath.item < sections[indexPath.section].frames.count
        else { return nil }
        return cellAttributes(
            sections[indexPath.section].frames[indexPath.item], item: indexPath.item, section: indexPath.section)
    }

    /// The attributes of the header (`"header"`) or footer (`"footer"`) of `indexPath.section`, at
    /// its pinned position if pinning is on; nil for other kinds or absent headers / footers.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        switch elementKind {
        case CollectionView.elementKindSectionHeader: return headerAttributes(indexPath.section)
        case CollectionView.elementKindSectionFooter: return footerAttributes(indexPath.section)
        default: return nil
        }
    }

    /// The background decorations' attributes (see `backgroundDecorationKind`,
    /// `sectionBackgroundDecorationKind`); nil for other kinds.
    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        flowDecorationAttributes(ofKind: elementKind, at: indexPath)
    }

    /// True when the size across the scroll direction changes (width for vertical scrolling),
    /// which changes how items pack into lines. Scrolling alone needs no new prepare (pinned
    /// headers are placed at query time).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        let old = cv.bounds
        return scrollDirection == .vertical ? old.width != newBounds.width : old.height != newBounds.height
    }

    /// `CollectionViewFlowLayoutInvalidationContext`.
    open override class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
        CollectionViewFlowLayoutInvalidationContext.self
    }

    /// A context that keeps the item frames when only the bounds' origin (or the size along the
    /// scroll direction) changes — nothing the frames depend on — and recomputes them otherwise.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> CollectionViewLayoutInvalidationContext {
        let context = CollectionViewFlowLayoutInvalidationContext()
        if let cv = collectionView {
            let old = cv.bounds
            let sameCross =
                scrollDirection == .vertical ? old.width == newBounds.width : old.height == newBounds.height
            context.invalidateFlowLayoutAttributes = !sameCross
            context.invalidateFlowLayoutDelegateMetrics = !sameCross
        }
        return context
    }

    /// Records whether the frames are stale: for `invalidateLayout()`, any context that is not a
    /// flow context, and a flow context that invalidates its attributes or delegate metrics.
    open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        let flow = context as? CollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts || flow == nil
            || flow!.invalidateFlowLayoutAttributes || flow!.invalidateFlowLayoutDelegateMetrics
        {
            hasValidFrames = false
        }
        super.invalidateLayout(with: context)
    }

    /// Every element's attributes, cells then headers and footers (for tests and tools).
    ///
    /// - Complexity: O(n).
    func allLayoutAttributes() -> [CollectionViewLayoutAttributes] {
        var result: [CollectionViewLayoutAttributes] = []
        for (s, section) in sections.enumerated() {
            if let h = headerAttributes(s) { result.append(h) }
            for (i, f) in section.frames.enumerated() { result.append(cellAttributes(f, item: i, section: s)) }
            if let f = footerAttributes(s) { result.append(f) }
        }
        result += decorationAttributes(in: Rect(origin: .zero, size: contentSize).insetBy(dx: -1, dy: -1))
        return result
    }
}
