import Geometry

/// One horizontal run of pixels sharing a coverage value, in device pixels.
struct CoverageRun {
    var x: Int
    var count: Int
    var coverage: UInt8
}

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
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var direction: Double
    }

    /// Per-row scratch memory, replaced (not resized) when a wider row is needed,
    /// so hot loops work on plain pointers without exclusivity checks.
    final class RowScratch {
        let capacity: Int
        let accumulation: UnsafeMutablePointer<Double>
        let isTouched: UnsafeMutablePointer<Bool>
        let touched: UnsafeMutablePointer<Int>
        let runs: UnsafeMutablePointer<CoverageRun>

        init(capacity: Int) {
            self.capacity = capacity
            accumulation = .allocate(capacity: capacity + 2)
            accumulation.initialize(repeating: 0, count: capacity + 2)
            isTouched = .allocate(capacity: capacity + 2)
            isTouched.initialize(repeating: false, count: capacity + 2)
            touched = .allocate(capacity: capacity + 2)
            runs = .allocate(capacity: capacity + 2)
        }

        deinit {
            accumulation.deallocate()
            isTouched.deallocate()
            touched.deallocate()
            runs.deallocate()
        }
    }

    private var edges: [Edge] = []
    private var active: [Int] = []
    private var scratch = RowScratch(capacity: 64)
    private var boundsMinX = Double.infinity, boundsMinY = Double.infinity
    private var boundsMaxX = -Double.infinity, boundsMaxY = -Double.infinity

    /// Forgets all edges.
    func reset() {
        edges.removeAll(keepingCapacity: true)
        boundsMinX = .infinity
        boundsMinY = .infinity
        boundsMaxX = -.infinity
        boundsMaxY = -.infinity
    }

    /// Adds one straight edge in device pixels. Horizontal and non-finite edges are dropped.
    func addSegment(_ a: Point, _ b: Point) {
        guard a.y != b.y, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        let down = a.y < b.y
        let (p, q) = down ? (a, b) : (b, a)
        edges.append(Edge(x0: p.x, y0: p.y, x1: q.x, y1: q.y, dxdy: (q.x - p.x) / (q.y - p.y), direction: down ? 1 : -1))
        boundsMinX = min(boundsMinX, min(a.x, b.x))
        boundsMaxX = max(boundsMaxX, max(a.x, b.x))
        boundsMinY = min(boundsMinY, p.y)
        boundsMaxY = max(boundsMaxY, q.y)
    }

    /// Adds every edge of `path` mapped by `transform`.
    func addPath(_ path: Path, transform: AffineTransform) {
        PathFlattener.flatten(path, transform: transform) { a, b in addSegment(a, b) }
    }

    /// The pixels the added edges can touch.
    var edgeBounds: PixelRect {
        if edges.isEmpty { return PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return PixelRect.enclosing(minX: boundsMinX, minY: boundsMinY, maxX: boundsMaxX, maxY: boundsMaxY)
    }

    /// Sweeps the rows of `window ∩ edgeBounds`, calling `body(y, runs)` for
    /// every row that has a covered pixel. Runs are sorted by x, do not
    /// overlap, and have a coverage above zero.
    func sweep(in window: PixelRect, fillRule: FillRule, _ body: (Int, UnsafeBufferPointer<CoverageRun>) -> Void) {
        let area = window.intersection(edgeBounds)
        guard !area.isEmpty else { return }
        // Columns left of the area still matter: an edge there covers the whole
        // row to its right, so such pieces are credited to the first column.
        let left = area.minX, width = area.maxX - area.minX
        if scratch.capacity < width { scratch = RowScratch(capacity: width) }
        let row = RowBuffers(scratch)
        ScanConverter.sortByTop(&edges)
        // Work on a local active list (no exclusivity checks in the loop), then keep its storage.
        var active = self.active
        self.active = []
        active.removeAll(keepingCapacity: true)
        defer { self.active = active }
        edges.withUnsafeBufferPointer { edges in
            var next = 0
            var touchedCount = 0
            for y in area.minY..<area.maxY {
                let rowTop = Double(y), rowBottom = Double(y + 1)
                while next < edges.count && edges[next].y0 < rowBottom {
                    if edges[next].y1 > rowTop { active.append(next) }
                    next += 1
                }
                if active.isEmpty {
                    if next == edges.count { break }
                    continue
                }
                var keep = 0
                for i in 0..<active.count {
                    let e = edges[active[i]]
                    if e.y1 <= rowTop { continue }
                    active[keep] = active[i]
                    keep += 1
                    let ya = max(e.y0, rowTop), yb = min(e.y1, rowBottom)
                    if yb <= ya { continue }
                    let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * e.dxdy
                    let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
                    ScanConverter.accumulate(
                        xa: xa - Double(left), xb: xb - Double(left), height: (yb - ya) * e.direction,
                        width: width, row, &touchedCount)
                }
                active.removeLast(active.count - keep)
                let runCount = ScanConverter.emitRow(left: left, width: width, fillRule: fillRule, row, &touchedCount)
                if runCount > 0 { body(y, UnsafeBufferPointer(start: row.runs, count: runCount)) }
            }
            // Leave the scratch buffers clean for the next shape.
            for k in 0..<touchedCount {
                row.accumulation[row.touched[k]] = 0
                row.isTouched[row.touched[k]] = false
            }
        }
    }

    /// Sorts edges by their top y. Flattened paths arrive in runs that are
    /// already nearly ordered, so small sets use an insertion sort.
    static func sortByTop(_ edges: inout [Edge]) {
        let n = edges.count
        guard n > 1 else { return }
        if n > 256 {
            edges.sort { $0.y0 < $1.y0 }
            return
        }
        edges.withUnsafeMutableBufferPointer { e in
            for i in 1..<n {
                let v = e[i]
                var j = i - 1
                while j >= 0 && e[j].y0 > v.y0 {
                    e[j + 1] = e[j]
                    j -= 1
                }
                e[j + 1] = v
            }
        }
    }

    /// The scratch pointers, copied into a value for the hot loops.
    struct RowBuffers {
        let accumulation: UnsafeMutablePointer<Double>
        let isTouched: UnsafeMutablePointer<Bool>
        let touched: UnsafeMutablePointer<Int>
        let runs: UnsafeMutablePointer<CoverageRun>

        init(_ s: RowScratch) {
            accumulation = s.accumulation
            isTouched = s.isTouched
            touched = s.touched
            runs = s.runs
        }

        @inline(__always) func add(_ c: Int, _ v: Double, _ count: inout Int) {
            accumulation[c] += v
            if !isTouched[c] {
                isTouched[c] = true
                touched[count] = c
                count += 1
            }
        }
    }

    /// Adds one edge piece lying inside a single pixel row; x is relative to the area's left edge.
    ///
    /// Parts of the piece left of the area are credited whole to column 0
    /// (they cover everything to their right); parts right of it are dropped.
    @inline(__always) static func accumulate(
        xa: Double, xb: Double, height d: Double, width: Int, _ row: RowBuffers, _ count: inout Int
    ) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let limit = Double(width)
        if xr <= 0 {
            row.add(0, d, &count)
            return
        }
        if xl >= limit { return }
        let firstColumn = Int(xl.rounded(.down))
        if xr - xl < 1e-12 || firstColumn == Int(xr.rounded(.up)) - 1 {
            // The piece stays inside one pixel column.
            let c = max(0, firstColumn)
            let inside = min(1, max(0, (xl + xr) * 0.5 - Double(c)))
            row.add(c, d * (1 - inside), &count)
            row.add(c + 1, d * inside, &count)
            return
        }
        let span = xr - xl
        var first = 0
        if xl < 0 {
            row.add(0, d * ((-xl) / span), &count)
        } else {
            first = firstColumn
        }
        let last = xr >= limit ? width - 1 : Int(xr.rounded(.up)) - 1
        if first > last { return }
        for c in first...last {
            let lo = max(xl, Double(c)), hi = min(xr, Double(c + 1))
            let share = d * ((hi - lo) / span)
            let inside = (lo + hi) * 0.5 - Double(c)
            row.add(c, share * (1 - inside), &count)
            row.add(c + 1, share * inside, &count)
        }
    }

    /// Turns the row's touched cells into runs (prefix sum), clears them, and returns the run count.
    @inline(__always) static func emitRow(
        left: Int, width: Int, fillRule: FillRule, _ row: RowBuffers, _ touchedCount: inout Int
    ) -> Int {
        let n = touchedCount
        if n == 0 { return 0 }
        let touched = row.touched
        if n < 32 {
            // Insertion sort: rows usually touch a handful of cells.
            var i = 1
            while i < n {
                let v = touched[i]
                var j = i - 1
                while j >= 0 && touched[j] > v {
                    touched[j + 1] = touched[j]
                    j -= 1
                }
                touched[j + 1] = v
                i += 1
            }
        } else {
            var buffer = UnsafeMutableBufferPointer(start: touched, count: n)
            buffer.sort()
        }
        var runCount = 0
        var sum = 0.0
        for k in 0..<n {
            let c = touched[k]
            sum += row.accumulation[c]
            row.accumulation[c] = 0
            row.isTouched[c] = false
            if c >= width { continue }
            let end = k + 1 < n ? min(touched[k + 1], width) : width
            let cov = quantize(sum, fillRule)
            if cov == 0 { continue }
            if runCount > 0, row.runs[runCount - 1].coverage == cov,
                row.runs[runCount - 1].x + row.runs[runCount - 1].count == c + left
            {
                row.runs[runCount - 1].count += end - c
            } else {
                row.runs[runCount] = CoverageRun(x: c + left, count: end - c, coverage: cov)
                runCount += 1
            }
        }
        touchedCount = 0
        return runCount
    }

    /// Converts accumulated signed area to 8-bit coverage under a fill rule.
    @inline(__always) static func quantize(_ sum: Double, _ rule: FillRule) -> UInt8 {
        var a = abs(sum)
        switch rule {
        case .nonZero:
            if a >= 1 { return 255 }
        case .evenOdd:
            a -= 2 * (a * 0.5).rounded(.down)
            if a > 1 { a = 2 - a }
        }
        return UInt8(a * 255 + 0.5)
    }
}
