import CIntrinsics
import Geometry

/// Exact-area scan conversion of polygons into runs of coverage.
///
/// The algorithm is the signed-area accumulation used by FreeType's smooth
/// rasterizer and Raph Levien's font-rs (written anew here): every edge
/// piece inside a pixel row adds, for the pixel column it crosses, the
/// signed height it spans times the fraction of that pixel lying to the
/// right of it, and the rest of its height to the next cell. A prefix sum
/// along the row then gives each pixel the exact area of the polygon inside
/// it (for non-overlapping contours; overlaps accumulate winding area, which
/// the fill rule folds). Rows are swept with an active-edge list and only
/// the cells an edge touches are visited: between touched cells the
/// coverage is constant, so interiors come out as single runs whatever
/// their length.
///
/// Accuracy: the accumulation is in `Double`; quantising to 8 bits rounds to
/// nearest, so a straight-edged shape's coverage is within 0.5/255 of the
/// true area.
///
/// - Complexity: O(e log e + Σ rows·cells touched) for e edges; independent
///   of the filled area.
final class ScanConverter {
    /// A straight edge (`ScanEdge`, declared in C for the AVX2 kernel that reads it).
    typealias Edge = ScanEdge

    /// Per-row scratch memory, replaced (not resized) when a wider row is needed,
    /// so hot loops work on plain pointers without exclusivity checks.
    final class RowScratch {
        let capacity: Int
        /// Two rows of cells: the shape's (or a ring's outer shape's), then a ring's inner shape's.
        let accumulation: UnsafeMutablePointer<Double>
        let runs: UnsafeMutablePointer<CoverageRun>
        /// A second row of runs: a ring's, beside its shape's fill (`sweepFillAndRing`).
        let ringRuns: UnsafeMutablePointer<CoverageRun>
        /// One row of coverage values, for dense rows (and a ring's outer shape's fill).
        let coverage: UnsafeMutablePointer<UInt8>
        /// A second row of coverage values: a ring's, beside its shape's fill; or a dense row's,
        /// while the row before waits in `coverage` to be blitted (and the other way round).
        let ringCoverage: UnsafeMutablePointer<UInt8>
        /// The AVX2 path's pieces, four active edges at a time.
        let batch = PieceBatch.allocate()

        init(capacity: Int) {
            self.capacity = capacity
            accumulation = .allocate(capacity: 2 * Self.cellRowLength(capacity))
            accumulation.initialize(repeating: 0, count: 2 * Self.cellRowLength(capacity))
            runs = .allocate(capacity: capacity + 2)
            ringRuns = .allocate(capacity: capacity + 2)
            // Eight bytes more than a row: `FillAndRingPaintingSink` reads a block of eight from
            // any cell of the row.
            coverage = .allocate(capacity: capacity + 2 + 8)
            ringCoverage = .allocate(capacity: capacity + 2 + 8)
        }

        /// How many cells a row of `capacity` pixels takes: one per pixel, two more for the pieces
        /// that reach a row's last pixel (`accumulate`), and three that stay 0 so that a stretch of
        /// a row's cells can be added up four at a time past its end (`sumFillAndRingCellsAVX2`).
        static func cellRowLength(_ capacity: Int) -> Int { capacity + 2 + 3 }

        /// The second row of `accumulation`: a ring's inner shape's cells.
        var innerCells: UnsafeMutablePointer<Double> { accumulation + Self.cellRowLength(capacity) }

        deinit {
            accumulation.deallocate()
            runs.deallocate()
            ringRuns.deallocate()
            coverage.deallocate()
            ringCoverage.deallocate()
            batch.deallocate()
        }
    }

    /// The cells one edge piece touched in a row: `first...last`, packed into one word with the
    /// first cell in the high half, so that a row's spans sort as plain integers (`sortSpans`).
    /// Cells are at least 0 and at most a row's width plus one, far below 2³².
    struct ColumnSpan {
        var bits: UInt64

        @inline(__always) init(first: Int, last: Int) {
            bits = UInt64(truncatingIfNeeded: first) << 32 | UInt64(truncatingIfNeeded: last)
        }

        @inline(__always) init(bits: UInt64) { self.bits = bits }

        @inline(__always) var first: Int { Int(truncatingIfNeeded: bits >> 32) }
        @inline(__always) var last: Int { Int(truncatingIfNeeded: bits & 0xFFFF_FFFF) }
    }

    /// The edges and their bounds.
    struct EdgeList {
        var edges = RawBuffer<Edge>(capacity: 64)
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        /// Whether edges being added belong to a ring's inner shape.
        var inner = false

        /// Adds one straight edge in device pixels. Horizontal and non-finite edges are dropped.
        mutating func add(_ a: Point, _ b: Point) {
            withUnsafePointer(to: PathFlattener.Segment(a, b)) { add(UnsafeBufferPointer(start: $0, count: 1)) }
        }

        /// Adds one edge for each of `segments`, in order, dropping horizontal and non-finite
        /// ones; each edge runs downwards and keeps the segment's direction in `direction`.
        ///
        /// The count and the bounds stay in registers for the loop: added one by one through a
        /// closure, each edge waited for the last one's count and bounds to come back from
        /// memory. With AVX2 (unless a test asks for the scalar loop with `vectorEdges: false`),
        /// whole groups of four go through `edgesOfSegments`, one division for four edges and no
        /// branch (a rotated rounded rectangle's segments 9.5 → 6.9–7.2 ns each with their
        /// flattening, S2's labels 2–3% shorter, 0.7M fewer instructions a frame); the scalar
        /// loop takes the rest. `PathFlatteningTests` compares the two.
        mutating func add(_ segments: UnsafeBufferPointer<PathFlattener.Segment>, vectorEdges: Bool = true) {
            var buffer = edges
            buffer.reserve(buffer.count + segments.count)
            let out = buffer.base
            var n = buffer.count
            var lowX = minX, highX = maxX, lowY = minY, highY = maxY
            let inner = inner
            var first = 0
            if vectorEdges && Blend.hasAVX2 && segments.count >= 4, let base = segments.baseAddress {
                var bounds = (lowX, lowY, highX, highY)
                first = withUnsafeMutableBytes(of: &bounds) {
                    edgesOfSegments(
                        base, segments.count, inner, out, &n, $0.baseAddress!.assumingMemoryBound(to: Double.self))
                }
                (lowX, lowY, highX, highY) = bounds
            }
            for s in segments[first...] {
                guard s.y0 != s.y1, s.x0.isFinite, s.y0.isFinite, s.x1.isFinite, s.y1.isFinite else { continue }
                let down = s.y0 < s.y1
                let (x0, y0, x1, y1) = down ? (s.x0, s.y0, s.x1, s.y1) : (s.x1, s.y1, s.x0, s.y0)
                out[n] = Edge(
                    x0: x0, y0: y0, x1: x1, y1: y1, dxdy: (x1 - x0) / (y1 - y0), direction: down ? 1 : -1, inner: inner)
                n += 1
                lowX = min(lowX, min(s.x0, s.x1))
                highX = greaterOf(highX, greaterOf(s.x0, s.x1))
                lowY = min(lowY, y0)
                highY = greaterOf(highY, y1)
            }
            buffer.count = n
            edges = buffer
            minX = lowX
            maxX = highX
            minY = lowY
            maxY = highY
        }
    }

    private var list = EdgeList()
    /// Scratch for a path's flattened segments (`addPath`).
    private var segments = RawBuffer<PathFlattener.Segment>(capacity: 64)
    /// Sweep scratch: edge indices bucketed by first row, the active list, bucket ends.
    private var order = RawBuffer<Int32>(capacity: 64)
    private var active = RawBuffer<Int32>(capacity: 64)
    private var bucketEnds = RawBuffer<Int>(capacity: 64)
    /// The touched cell spans of the current row (at most one per active edge).
    private var spans = RawBuffer<ColumnSpan>(capacity: 64)
    private var scratch = RowScratch(capacity: 64)

    deinit {
        list.edges.deallocate()
        segments.deallocate()
        order.deallocate()
        active.deallocate()
        bucketEnds.deallocate()
        spans.deallocate()
    }

    /// How many edges have been added since the last `reset()`.
    var edgeCount: Int { list.edges.count }

    /// Forgets all edges.
    func reset() {
        list.edges.count = 0
        list.minX = .infinity
        list.minY = .infinity
        list.maxX = -.infinity
        list.maxY = -.infinity
    }

    /// Adds one straight edge in device pixels. Horizontal and non-finite edges are dropped.
    func addSegment(_ a: Point, _ b: Point) {
        list.add(a, b)
    }

    /// Adds every edge of `path` mapped by `transform`, flattening curves to `tolerance` pixels.
    /// With `inner`, the path is the inner shape of a ring for `sweepRing`.
    func addPath(
        _ path: Path, transform: AffineTransform, tolerance: Double = PathFlattener.tolerance, inner: Bool = false
    ) {
        var buffer = segments
        buffer.count = 0
        PathFlattener.flatten(path, transform: transform, tolerance: tolerance, into: &buffer)
        segments = buffer
        list.inner = inner
        list.add(UnsafeBufferPointer(start: buffer.base, count: buffer.count))
        list.inner = false
    }

    /// The pixels the added edges can touch.
    var edgeBounds: PixelRect {
        if list.edges.count == 0 { return PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return PixelRect.enclosing(minX: list.minX, minY: list.minY, maxX: list.maxX, maxY: list.maxY)
    }

    /// The scratch row buffers for a row of `width` pixels.
    func rowBuffers(width: Int) -> RowBuffers {
        if scratch.capacity < width { scratch = RowScratch(capacity: width) }
        return RowBuffers(scratch)
    }

    /// Sweeps the rows of `window ∩ edgeBounds`, handing `blitter` the runs of
    /// every row that has a covered pixel. Runs are sorted by x, do not
    /// overlap, and have a coverage above zero.
    ///
    /// Edges enter the active list in order of their first row, and within a
    /// row in the order they were added (a counting sort: O(e + rows), where
    /// an insertion sort by exact top was O(e²) on the reversed half of every
    /// closed contour).
    func sweep<Blitter: CoverageBlitter>(in window: PixelRect, fillRule: FillRule, into blitter: Blitter) {
        var sink = RunRowSink(blitter: blitter, fillRule: fillRule)
        sweepRows(in: window, &sink)
    }

    /// Sweeps like `sweep(in:fillRule:into:)`, but hands `blitter` every row that an edge
    /// reaches as one dense row of coverage values over the area's full width.
    ///
    /// The accumulation is the same; only the row's output differs: one prefix sum over every
    /// cell instead of a walk over the touched spans. For small areas crossed by many edges (a
    /// glyph mask) that is cheaper than building runs, and the values are the same bytes.
    func sweepDense<Blitter: CoverageBlitter>(in window: PixelRect, fillRule: FillRule, into blitter: Blitter) {
        var sink = DenseRowSink(blitter: blitter, fillRule: fillRule)
        sweepRows(in: window, &sink)
    }

    /// Sweeps like `sweep(in:fillRule:_:)`, but for a ring: the coverage of the
    /// outer shape (edges added without `inner`) minus that of the inner one,
    /// each under the non-zero rule, accumulated apart. Where both contours
    /// cross one pixel this is the exact area between them; the even-odd rule
    /// on one accumulation would fold "partly covered twice" into "covered
    /// once" there (a 1 px border was up to 20/255 too dark at its corners).
    func sweepRing<Blitter: CoverageBlitter>(in window: PixelRect, into blitter: Blitter) {
        var sink = RingRowSink(blitter: blitter)
        sweepRows(in: window, &sink)
    }

    /// Paints the shape with `painter`: the runs `sweep(in:fillRule:into:)` gives, painted
    /// as the walk finds them when there is no clip mask (`PaintingRowSink`).
    func paint(in window: PixelRect, fillRule: FillRule, with painter: RunPainter) {
        guard painter.clipOrigin == nil else { return sweep(in: window, fillRule: fillRule, into: painter) }
        var sink = PaintingRowSink(painter: painter) {
            FillPrefixSum(cells: $0.buffers.accumulation, fillRule: fillRule)
        }
        sweepRows(in: window, &sink)
    }

    /// Paints the ring with `painter`: the runs `sweepRing(in:into:)` gives, painted as the
    /// walk finds them when there is no clip mask (`PaintingRowSink`).
    func paintRing(in window: PixelRect, with painter: RunPainter) {
        guard painter.clipOrigin == nil else { return sweepRing(in: window, into: painter) }
        var sink = PaintingRowSink(painter: painter) {
            RingPrefixSum(outerCells: $0.buffers.accumulation, innerCells: $0.innerCells)
        }
        sweepRows(in: window, &sink)
    }

    /// Sweeps a ring like `sweepRing(in:into:)` and, from the same accumulation, its outer
    /// shape's fill under the non-zero rule: row by row, `fill` gets the runs
    /// `sweep(in:fillRule:into:)` gives for the outer edges alone, then `ring` the ring's.
    ///
    /// The outer cells hold the same sums in both sweeps (the outer edges accumulate in the
    /// same order; the inner ones go to cells of their own), so a shape filled and then
    /// bordered this way gets the bytes of the two sweeps one after the other, with its outer
    /// contour accumulated once instead of twice. Without a clip mask the two are painted as
    /// the walk over each row finds them (`FillAndRingPaintingSink`); `window` must then lie
    /// inside the painters' surface.
    func sweepFillAndRing(in window: PixelRect, fill: RunPainter, ring: RunPainter) {
        if fill.clipOrigin == nil && ring.clipOrigin == nil {
            var sink = FillAndRingPaintingSink(fill: fill, ring: ring, windowMaxX: window.maxX)
            sweepRows(in: window, &sink)
        } else {
            var sink = FillAndRingRowSink(fill: fill, ring: ring)
            sweepRows(in: window, &sink)
        }
    }

    /// Accumulates the edges row by row over `window ∩ edgeBounds` and hands `sink` each row
    /// that an edge reaches (internal, not private, for the tests' recording sinks).
    ///
    /// `vectorPieces: false` takes the scalar path even where the processor has AVX2
    /// (`PieceBatch`); the tests compare the two.
    @inline(__always) func sweepRows<Sink: SweepRowSink>(
        in window: PixelRect, _ sink: inout Sink, vectorPieces: Bool = true
    ) {
        let area = window.intersection(edgeBounds)
        guard !area.isEmpty else { return }
        // Columns left of the area still matter: an edge there covers the whole
        // row to its right, so such pieces are credited to the first column.
        let left = area.minX, width = area.maxX - area.minX
        let row = rowBuffers(width: width)
        let edges = list.edges
        let n = edges.count
        let rows = area.height
        let top = Double(area.minY), bottom = Double(area.maxY)

        // Bucket the edges that reach into the area by their first row.
        var ends = bucketEnds
        ends.reserve(rows + 1)
        let counts = ends.base
        counts.update(repeating: 0, count: rows + 1)
        // Four entries of room past each list (past the order's last, zeros): a row's arriving
        // edges are copied four at a time.
        var orderBuffer = order
        orderBuffer.reserve(n + 4)
        var activeBuffer = active
        activeBuffer.reserve(n + 4)
        var spanBuffer = spans
        spanBuffer.reserve(n + ScanConverter.sortPadding)
        bucketEnds = ends
        order = orderBuffer
        active = activeBuffer
        spans = spanBuffer
        let sorted = orderBuffer.base, activeList = activeBuffer.base, touched = spanBuffer.base
        let innerCells = scratch.innerCells
        @inline(__always) func firstRow(_ e: Edge) -> Int {
            if e.y1 <= top || e.y0 >= bottom { return -1 }
            return e.y0 <= top ? 0 : floorToInt(e.y0) - area.minY
        }
        for i in 0..<n {
            let r = firstRow(edges[i])
            if r >= 0 { counts[r + 1] += 1 }
        }
        for r in 0..<rows { counts[r + 1] += counts[r] }
        // counts[r] is now the start of bucket r; fill, advancing it to the bucket's end.
        for i in 0..<n {
            let r = firstRow(edges[i])
            if r >= 0 {
                sorted[counts[r]] = Int32(truncatingIfNeeded: i)
                counts[r] += 1
            }
        }
        let total = rows > 0 ? counts[rows - 1] : 0
        UnsafeMutableRawPointer(sorted + total).storeBytes(of: SIMD4<Int32>(), as: SIMD4<Int32>.self)

        var next = 0
        var activeCount = 0
        var touchedCount = 0
        // With AVX2 (unless a test asks for the scalar path), the active edges' pieces are
        // computed four at a time (`PieceBatch`), without the branches of the scalar path that
        // went either way: S2's frame 12–13% shorter, its labels 16%.
        let batched = vectorPieces && Blend.hasAVX2
        let batch = row.batch
        for r in 0..<rows {
            let y = area.minY + r
            let rowTop = Double(y), rowBottom = Double(y + 1)
            // The edges arriving in this row join the list, the first four copied whatever their
            // number (the usual none to two, without a loop whose exit went either way; the
            // entries past the arrivals are overwritten before they are read).
            let end = counts[r]
            UnsafeMutableRawPointer(activeList + activeCount).storeBytes(
                of: UnsafeRawPointer(sorted + next).loadUnaligned(as: SIMD4<Int32>.self), as: SIMD4<Int32>.self)
            if end - next > 4 {
                for j in 4..<(end - next) { activeList[activeCount + j] = sorted[next + j] }
            }
            activeCount += end - next
            next = end
            if activeCount == 0 {
                if next == total { break }
                continue
            }
            // Every edge in the list reaches into this row: one that ends in it is dropped here,
            // for the next row, by the count of those kept (a test at the next row went the
            // other way once for every edge, at its end).
            var keep = 0
            if batched {
                var i = 0
                while i < activeCount {
                    let group = min(PieceBatch.capacity, activeCount - i)
                    let lanes = batch.compute(
                        edges.base, activeList + i, group, rowTop: rowTop, rowBottom: rowBottom, left: left,
                        width: width)
                    // The pieces inside one or two columns in C (`addShortPieces`), each other
                    // one through `accumulate` where it comes, in the active list's order.
                    var k = 0
                    while true {
                        k = batch.addShortPieces(
                            lanes, from: k, group, edges.base, activeList, activeList + i, &keep, rowBottom: rowBottom,
                            outerCells: row.accumulation, innerCells: innerCells, touched, &touchedCount,
                            recordsSpans: Sink.usesSpans)
                        if k >= group { break }
                        batch.accumulate(
                            k, width: width, edges[Int(activeList[i + k])].inner ? innerCells : row.accumulation,
                            touched, &touchedCount, recordsSpans: Sink.usesSpans)
                        k += 1
                    }
                    i += group
                }
            } else {
                for i in 0..<activeCount {
                    let index = activeList[i]
                    let e = edges[Int(index)]
                    activeList[keep] = index
                    keep += e.y1 > rowBottom ? 1 : 0
                    let xa: Double, xb: Double, height: Double
                    if Sink.edgesCrossManyRows && e.y0 < rowTop && e.y1 > rowBottom {
                        // The edge crosses the whole row: the general case's values, without its
                        // selects (the top and bottom are the row's, the height exactly 1). S2
                        // 0.84M fewer instructions a frame, 1–2.5% shorter; `WholeRowEdgeTests`
                        // compares the cells' bits with the general case's.
                        xa = e.x0 + (rowTop - e.y0) * e.dxdy
                        xb = e.x0 + (rowBottom - e.y0) * e.dxdy
                        height = e.direction
                    } else {
                        let ya = greaterOf(e.y0, rowTop), yb = min(e.y1, rowBottom)
                        if yb <= ya { continue }
                        xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * e.dxdy
                        xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
                        height = (yb - ya) * e.direction
                    }
                    ScanConverter.accumulate(
                        xa: xa - Double(left), xb: xb - Double(left), height: height,
                        width: width, e.inner ? innerCells : row.accumulation, touched, &touchedCount,
                        recordsSpans: Sink.usesSpans)
                }
            }
            activeCount = keep
            sink.finish(
                SweptRow(y: y, left: left, width: width, buffers: row, innerCells: innerCells, spans: touched),
                spanCount: &touchedCount)
        }
        sink.finishSweep()
    }

    /// Hints `blitter` that row `y + 1` comes next, over the columns of `runs` (row `y`'s) and
    /// a cache line beyond on each side: an edge moves by its slope from row to row.
    @inline(__always) static func prefetchNextRow<Blitter: CoverageBlitter>(
        after y: Int, _ runs: UnsafeBufferPointer<CoverageRun>, _ blitter: Blitter
    ) {
        let last = runs[runs.count - 1]
        blitter.prefetch(y + 1, from: runs[0].x - 16, to: last.x + last.count + 16)
    }

    /// The runs of one row of an axis-aligned rectangle whose vertical edges
    /// are at `x0` < `x1` and which covers `height` of the row: exactly the
    /// runs `sweep` produces for that row of the rectangle's path, because it
    /// is the same arithmetic on the same values (a vertical edge adds to two
    /// cells; two edges make every cell's sum a sum of at most two terms, so
    /// the order the edges come in cannot change a bit).
    ///
    /// - Parameters:
    ///   - left: the sweep area's first column, `window ∩ edgeBounds`.
    ///   - width: the sweep area's width.
    func rectangleRow(x0: Double, x1: Double, height: Double, left: Int, width: Int) -> UnsafeBufferPointer<CoverageRun>
    {
        let row = rowBuffers(width: width)
        spans.reserve(2 + ScanConverter.sortPadding)
        let touched = spans.base
        var touchedCount = 0
        ScanConverter.accumulate(
            xa: x1 - Double(left), xb: x1 - Double(left), height: height, width: width, row.accumulation, touched,
            &touchedCount)
        ScanConverter.accumulate(
            xa: x0 - Double(left), xb: x0 - Double(left), height: -height, width: width, row.accumulation, touched,
            &touchedCount)
        let runCount = ScanConverter.emitRow(left: left, width: width, fillRule: .nonZero, row, touched, &touchedCount)
        return UnsafeBufferPointer(start: row.runs, count: runCount)
    }

    /// The scratch pointers, copied into a value for the hot loops.
    struct RowBuffers {
        let accumulation: UnsafeMutablePointer<Double>
        let runs: UnsafeMutablePointer<CoverageRun>
        let ringRuns: UnsafeMutablePointer<CoverageRun>
        let coverage: UnsafeMutablePointer<UInt8>
        let ringCoverage: UnsafeMutablePointer<UInt8>
        let batch: PieceBatch

        init(_ s: RowScratch) {
            accumulation = s.accumulation
            runs = s.runs
            ringRuns = s.ringRuns
            coverage = s.coverage
            ringCoverage = s.ringCoverage
            batch = s.batch
        }
    }

    /// Adds one edge piece lying inside a single pixel row; x is relative to the area's left edge.
    /// Records the cells it touched in `spans[count]`, unless `recordsSpans` is off (a dense row
    /// sums every cell and reads no spans).
    ///
    /// Parts of the piece left of the area are credited whole to column 0
    /// (they cover everything to their right); parts right of it are dropped. With
    /// `wholeColumns` off, the columns the piece crosses whole go through the general formula
    /// too: the reference `PieceAccumulationTests` holds the shortcut to.
    @inline(__always) static func accumulate(
        xa: Double, xb: Double, height d: Double, width: Int, _ cells: UnsafeMutablePointer<Double>,
        _ spans: UnsafeMutablePointer<ColumnSpan>, _ count: inout Int, wholeColumns: Bool = true,
        recordsSpans: Bool = true
    ) {
        let xl = min(xa, xb), xr = greaterOf(xa, xb)
        let limit = Double(width)
        if xr <= 0 {
            cells[0] += d
            if recordsSpans {
                spans[count] = ColumnSpan(first: 0, last: 0)
                count += 1
            }
            return
        }
        if xl >= limit { return }
        // Clamped so that huge coordinates cannot overflow the conversions.
        let firstColumn = floorToInt(greaterOf(xl, -1))
        // ⌈min(xr, limit + 1)⌉ − 1 == firstColumn, which it exceeds, tested without a conversion.
        if xr - xl < 1e-12 || min(xr, limit + 1) <= Double(firstColumn + 1) {
            // The piece stays inside one pixel column.
            let c = max(0, firstColumn)
            let inside = min(1, greaterOf((xl + xr) * 0.5 - Double(c), 0))
            cells[c] += d * (1 - inside)
            cells[c + 1] += d * inside
            if recordsSpans {
                spans[count] = ColumnSpan(first: c, last: c + 1)
                count += 1
            }
            return
        }
        // Height per unit of x: each column gets the height of the part of the piece above it.
        let slope = d / (xr - xl)
        var first = 0
        if xl < 0 {
            cells[0] += slope * -xl
        } else {
            first = firstColumn
        }
        let last = xr >= limit ? width - 1 : ceilToInt(xr) - 1
        if recordsSpans {
            spans[count] = ColumnSpan(first: xl < 0 ? 0 : first, last: max(0, last + 1))
            count += 1
        }
        if first > last { return }
        @inline(__always) func column(_ c: Int) {
            let left = Double(c)
            let lo = greaterOf(xl, left), hi = min(xr, left + 1)
            let share = slope * (hi - lo)
            let inside = (lo + hi) * 0.5 - left
            cells[c] += share * (1 - inside)
            cells[c + 1] += share * inside
        }
        column(first)
        if last > first {
            if wholeColumns {
                // A column the piece crosses whole gets slope · 1 at its middle (inside = 0.5,
                // both exact), so both of its shares are slope · 0.5: the same values as above.
                let half = slope * 0.5
                var c = first + 1
                while c < last {
                    cells[c] += half
                    cells[c + 1] += half
                    c += 1
                }
            } else {
                for c in (first + 1)..<last { column(c) }
            }
            column(last)
        }
    }

    /// Turns the row's accumulated cells into runs (a prefix sum over the
    /// touched spans, constant between them), clears them, and returns the run count.
    @inline(__always) static func emitRow(
        left: Int, width: Int, fillRule: FillRule, _ row: RowBuffers,
        _ spans: UnsafeMutablePointer<ColumnSpan>, _ spanCount: inout Int
    ) -> Int {
        var sum = FillPrefixSum(cells: row.accumulation, fillRule: fillRule)
        var runs = RowRuns<FillPrefixSum>(runs: RunAppender(runs: row.runs, left: left))
        walkSpans(width: width, spans, &spanCount, &sum, &runs)
        return runs.runs.count
    }

    /// Turns the row's accumulated cells into one coverage value per pixel in `out` (a prefix
    /// sum over every cell) and clears the cells, the two spare ones included. With `avx2`, the
    /// non-zero rule's row goes four cells a step (`sumDenseCellsAVX2`; `out` gets bytes for up
    /// to three cells past the row as well).
    @inline(__always) static func emitDenseRow(
        width: Int, fillRule: FillRule, _ row: RowBuffers, into out: UnsafeMutablePointer<UInt8>, avx2: Bool = false
    ) {
        let cells = row.accumulation
        var sum = 0.0
        if fillRule == .nonZero && avx2 {
            sumDenseCellsAVX2(cells, width, out)
        } else if fillRule == .nonZero {
            for c in 0..<width {
                sum += cells[c]
                cells[c] = 0
                // quantize(sum, .nonZero) without the branch: min(|sum|, 1) · 255, rounded.
                out[c] = unitToByte(min(abs(sum), 1))
            }
        } else {
            for c in 0..<width {
                sum += cells[c]
                cells[c] = 0
                out[c] = quantize(sum, fillRule)
            }
        }
        cells[width] = 0
        cells[width + 1] = 0
    }

    /// `emitRow` for a ring: two prefix sums, the outer shape's cells in `row`
    /// and the inner shape's in `innerCells`; coverage is
    /// min(|outer|, 1) − min(|inner|, 1).
    @inline(__always) static func emitRingRow(
        left: Int, width: Int, _ row: RowBuffers, _ innerCells: UnsafeMutablePointer<Double>,
        _ spans: UnsafeMutablePointer<ColumnSpan>, _ spanCount: inout Int
    ) -> Int {
        var sum = RingPrefixSum(outerCells: row.accumulation, innerCells: innerCells)
        var runs = RowRuns<RingPrefixSum>(runs: RunAppender(runs: row.runs, left: left))
        walkSpans(width: width, spans, &spanCount, &sum, &runs)
        return runs.runs.count
    }

    /// `emitRingRow` that also writes the outer shape's own runs (non-zero rule) to
    /// `row.runs`, the ring's to `row.ringRuns`; returns both counts.
    @inline(__always) static func emitFillAndRingRow(
        left: Int, width: Int, _ row: RowBuffers, _ innerCells: UnsafeMutablePointer<Double>,
        _ spans: UnsafeMutablePointer<ColumnSpan>, _ spanCount: inout Int
    ) -> (fill: Int, ring: Int) {
        var sum = RingPrefixSum(outerCells: row.accumulation, innerCells: innerCells)
        var runs = FillAndRingRuns(
            fill: RunAppender(runs: row.runs, left: left), ring: RunAppender(runs: row.ringRuns, left: left))
        walkSpans(width: width, spans, &spanCount, &sum, &runs)
        return (runs.fill.count, runs.ring.count)
    }

    /// The prefix-sum walk the emitters share: sorts and merges the row's
    /// touched spans, adds (and clears) each touched cell into `sum`, and writes
    /// one run per touched pixel plus one constant run between spans.
    @inline(__always) static func walkSpans<Runs: RowRunWriter>(
        width: Int, _ spans: UnsafeMutablePointer<ColumnSpan>, _ spanCount: inout Int, _ sum: inout Runs.Sum,
        _ out: inout Runs
    ) {
        if spanCount == 0 { return }
        var groups = SpanGroups(sorting: spans, count: spanCount)
        spanCount = 0
        var next = 0  // The first cell not yet summed.
        while let (first, last) = groups.next() {
            // Between spans the coverage is constant.
            if first > next { out.emit(next, min(first, width) - next, sum) }
            for c in max(first, next)...last {
                sum.addAndClear(c)
                if c < width { out.emit(c, 1, sum) }
            }
            next = max(next, last + 1)
        }
        if next < width { out.emit(next, width - next, sum) }
    }

    /// A row's touched spans sorted by their first cell and merged where they overlap or meet
    /// (or, with `joinedGap`, where at most that many untouched cells lie between them): the
    /// stretches of cells a row's walk adds up one by one, in order.
    struct SpanGroups {
        let spans: UnsafeMutablePointer<ColumnSpan>
        let count: Int
        /// One more than the most untouched cells a group may hold between two spans.
        private let reach: Int
        private var k = 0

        /// Sorts the `count` spans at `spans` in place.
        @inline(__always) init(sorting spans: UnsafeMutablePointer<ColumnSpan>, count: Int, joinedGap: Int = 0) {
            ScanConverter.sortSpans(spans, count)
            self.spans = spans
            self.count = count
            reach = joinedGap + 1
        }

        /// The next group's first and last cell, or nil after the last.
        @inline(__always) mutating func next() -> (first: Int, last: Int)? {
            guard k < count else { return nil }
            let first = spans[k].first
            var last = spans[k].last
            k += 1
            while k < count && spans[k].first <= last + reach {
                last = max(last, spans[k].last)
                k += 1
            }
            return (first, last)
        }
    }

    /// How many spans past a row's last one `sortSpans` may overwrite: buffers of spans keep
    /// this much room beyond their count.
    static let sortPadding = 4

    /// Sorts a row's `n` spans by their first cell. Up to eight, the usual handful, go through a
    /// sorting network (Knuth, *The Art of Computer Programming* vol. 3, §5.3.4: 5
    /// compare-exchanges for four, 19 for eight), each compare-exchange a minimum and a maximum
    /// of the packed words with no branch; the spans are padded to four or eight with words that
    /// sort last, written over the `sortPadding` entries after them. An insertion sort's
    /// branches went the other way on about one row in two (S2: 14,000 mispredicted a frame in
    /// `callgrind --branch-sim`). More spans than eight are sorted by the standard library.
    @inline(__always) static func sortSpans(_ spans: UnsafeMutablePointer<ColumnSpan>, _ n: Int) {
        guard n <= 8 else {
            var buffer = UnsafeMutableBufferPointer(start: spans, count: n)
            buffer.sort { $0.bits < $1.bits }
            return
        }
        for i in 0..<sortPadding { spans[n + i] = ColumnSpan(bits: .max) }
        @inline(__always) func order(_ i: Int, _ j: Int) {
            let a = spans[i].bits, b = spans[j].bits
            spans[i].bits = min(a, b)
            spans[j].bits = max(a, b)
        }
        if n <= 4 {
            order(0, 1); order(2, 3); order(0, 2); order(1, 3); order(1, 2)
        } else {
            order(0, 2); order(1, 3); order(4, 6); order(5, 7)
            order(0, 4); order(1, 5); order(2, 6); order(3, 7)
            order(0, 1); order(2, 3); order(4, 5); order(6, 7)
            order(2, 4); order(3, 5)
            order(1, 4); order(3, 6)
            order(1, 2); order(3, 4); order(5, 6)
        }
    }

    /// Converts accumulated signed area to 8-bit coverage under a fill rule.
    @inline(__always) static func quantize(_ sum: Double, _ rule: FillRule) -> UInt8 {
        var a = abs(sum)
        switch rule {
        case .nonZero:
            if a >= 1 { return 255 }
        case .evenOdd:
            // a mod 2 (windings beyond 2⁵² are not a concern: they are not finite shapes).
            if a >= 2 { a -= 2 * Double(floorToInt(min(a, 0x1p52) * 0.5)) }
            if a > 1 { a = 2 - a }
        }
        return unitToByte(a)
    }
}
