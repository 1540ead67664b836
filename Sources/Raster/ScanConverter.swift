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
    private struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var dxdy: Double
        var direction: Double
    }

    private var edges: [Edge] = []
    private var active: [Int] = []
    private var accumulation: [Double] = []
    private var isTouched: [Bool] = []
    private var touched: [Int] = []
    private(set) var runs: [CoverageRun] = []
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
    func sweep(in window: PixelRect, fillRule: FillRule, _ body: (Int, [CoverageRun]) -> Void) {
        let area = window.intersection(edgeBounds)
        guard !area.isEmpty else { return }
        // Columns left of the area still matter: an edge there covers the whole
        // row to its right, so such pieces are credited to the first column.
        let left = area.minX, width = area.maxX - area.minX
        if accumulation.count < width + 2 {
            accumulation = [Double](repeating: 0, count: width + 2)
            isTouched = [Bool](repeating: false, count: width + 2)
        }
        edges.sort { $0.y0 < $1.y0 }
        active.removeAll(keepingCapacity: true)
        var next = 0
        // Skip edges that end above the area.
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
                accumulate(xa: xa - Double(left), xb: xb - Double(left), height: (yb - ya) * e.direction, width: width)
            }
            active.removeLast(active.count - keep)
            emitRow(y: y, left: left, width: width, fillRule: fillRule, body)
        }
        // Leave the scratch buffers clean for the next shape.
        for c in touched {
            accumulation[c] = 0
            isTouched[c] = false
        }
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always) private func touch(_ c: Int) {
        if !isTouched[c] {
            isTouched[c] = true
            touched.append(c)
        }
    }

    /// Adds one edge piece lying inside a single pixel row; x is relative to the area's left edge.
    ///
    /// Parts of the piece left of the area are credited whole to column 0
    /// (they cover everything to their right); parts right of it are dropped.
    @inline(__always) private func accumulate(xa: Double, xb: Double, height d: Double, width: Int) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let limit = Double(width)
        if xr <= 0 {
            accumulation[0] += d
            touch(0)
            return
        }
        if xl >= limit { return }
        if xr - xl < 1e-12 || Int(xl.rounded(.down)) == Int(xr.rounded(.up)) - 1 {
            // The piece stays inside one pixel column.
            let c = max(0, Int(xl.rounded(.down)))
            let inside = min(1, max(0, (xl + xr) * 0.5 - Double(c)))
            accumulation[c] += d * (1 - inside)
            accumulation[c + 1] += d * inside
            touch(c)
            touch(c + 1)
            return
        }
        let span = xr - xl
        var first = 0
        if xl < 0 {
            accumulation[0] += d * ((-xl) / span)
            touch(0)
        } else {
            first = Int(xl.rounded(.down))
        }
        let last = xr >= limit ? width - 1 : Int(xr.rounded(.up)) - 1
        if first > last { return }
        for c in first...last {
            let lo = max(xl, Double(c)), hi = min(xr, Double(c + 1))
            let share = d * ((hi - lo) / span)
            let inside = (lo + hi) * 0.5 - Double(c)
            accumulation[c] += share * (1 - inside)
            accumulation[c + 1] += share * inside
            touch(c)
            touch(c + 1)
        }
    }

    private func emitRow(y: Int, left: Int, width: Int, fillRule: FillRule, _ body: (Int, [CoverageRun]) -> Void) {
        if touched.isEmpty { return }
        if touched.count < 24 {
            // Insertion sort: rows usually touch a handful of cells.
            for i in 1..<max(1, touched.count) {
                let v = touched[i]
                var j = i - 1
                while j >= 0 && touched[j] > v {
                    touched[j + 1] = touched[j]
                    j -= 1
                }
                touched[j + 1] = v
            }
        } else {
            touched.sort()
        }
        runs.removeAll(keepingCapacity: true)
        var sum = 0.0
        for k in 0..<touched.count {
            let c = touched[k]
            sum += accumulation[c]
            accumulation[c] = 0
            isTouched[c] = false
            if c >= width { continue }
            let end = k + 1 < touched.count ? min(touched[k + 1], width) : width
            let cov = ScanConverter.quantize(sum, fillRule)
            if cov == 0 { continue }
            if let last = runs.last, last.coverage == cov, last.x + last.count == c + left {
                runs[runs.count - 1].count += end - c
            } else {
                runs.append(CoverageRun(x: c + left, count: end - c, coverage: cov))
            }
        }
        touched.removeAll(keepingCapacity: true)
        if !runs.isEmpty { body(y, runs) }
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
