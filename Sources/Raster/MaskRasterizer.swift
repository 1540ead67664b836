import Geometry

/// Exact-area rasterization of a small path into a dense coverage mask: the
/// signed-area accumulation of `ScanConverter` (FreeType's "smooth"
/// rasterizer, Raph Levien's font-rs), but over a dense w × h grid with no
/// edge sorting, no active list and no run building: each edge piece adds to
/// the cells of its row, and one prefix sum per row turns the sums into
/// coverage. For a glyph (tens of edges over a few hundred pixels) that is
/// cheaper than sweeping, and the result depends only on the path and the
/// transform, which is what a glyph-mask cache needs.
///
/// - Complexity: O(edge length in pixels + w · h).
enum MaskRasterizer {
    /// The largest mask, in pixels, `CoverageMask(filling:transform:fillRule:)` builds.
    static let maximumArea = 1 << 22

    /// Rasterizes `path` under `transform`; nil when the bounds exceed `maximumArea`.
    static func rasterize(_ path: Path, transform: AffineTransform, fillRule: FillRule) -> CoverageMask? {
        var list = ScanConverter.EdgeList()
        defer { list.edges.deallocate() }
        PathFlattener.flatten(path, transform: transform) { a, b in list.add(a, b) }
        if list.edges.count == 0 { return CoverageMask(originX: 0, originY: 0, width: 0, height: 0, coverage: []) }
        let bounds = PixelRect.enclosing(minX: list.minX, minY: list.minY, maxX: list.maxX, maxY: list.maxY)
        let width = bounds.width, height = bounds.height
        guard width > 0, height > 0, width <= maximumArea / height else { return nil }
        // Each row has two spare cells: an edge on the right border credits the cell after it.
        let stride = width + 2
        let cellCount = stride * height
        // Small masks (every glyph at text sizes) accumulate on the stack.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: cellCount) { buffer in
            let cells = buffer.baseAddress!
            cells.initialize(repeating: 0, count: cellCount)
            let left = Double(bounds.minX)
            for k in 0..<list.edges.count {
                let e = list.edges[k]
                let first = max(bounds.minY, floorToInt(e.y0)), last = min(bounds.maxY, ceilToInt(e.y1))
                guard first < last else { continue }
                for y in first..<last {
                    let rowTop = Double(y), rowBottom = Double(y + 1)
                    let ya = max(e.y0, rowTop), yb = min(e.y1, rowBottom)
                    if yb <= ya { continue }
                    let xa = ya == e.y0 ? e.x0 : e.x0 + (ya - e.y0) * e.dxdy
                    let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
                    accumulate(
                        xa: xa - left, xb: xb - left, height: (yb - ya) * e.direction, width: width,
                        cells + (y - bounds.minY) * stride)
                }
            }
            let coverage = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
                for r in 0..<height {
                    let row = cells + r * stride
                    let o = out.baseAddress! + r * width
                    var sum = 0.0
                    if fillRule == .nonZero {
                        for c in 0..<width {
                            sum += row[c]
                            // min(|sum|, 1) · 255, rounded to nearest (as ScanConverter.quantize).
                            o[c] = UInt8(min(abs(sum), 1) * 255 + 0.5)
                        }
                    } else {
                        for c in 0..<width {
                            sum += row[c]
                            o[c] = ScanConverter.quantize(sum, fillRule)
                        }
                    }
                }
                initialized = width * height
            }
            return CoverageMask(
                originX: bounds.minX, originY: bounds.minY, width: width, height: height, coverage: coverage)
        }
    }

    /// Adds one edge piece lying inside a single pixel row of a dense row of
    /// cells; x is relative to the row's first column and lies in 0…width.
    /// The same split as `ScanConverter.accumulate`, without clipping.
    @inline(__always) static func accumulate(
        xa: Double, xb: Double, height d: Double, width: Int, _ row: UnsafeMutablePointer<Double>
    ) {
        // Clamped against rounding just outside the bounds.
        let xl = min(max(min(xa, xb), 0), Double(width)), xr = min(max(max(xa, xb), 0), Double(width))
        let firstColumn = floorToInt(xl)
        if xr - xl < 1e-12 || firstColumn == ceilToInt(xr) - 1 {
            // The piece stays inside one pixel column.
            let c = firstColumn
            let inside = min(1, max(0, (xl + xr) * 0.5 - Double(c)))
            row[c] += d * (1 - inside)
            row[c + 1] += d * inside
            return
        }
        // Height per unit of x: each column gets the height of the part of the piece above it.
        let slope = d / (xr - xl)
        let last = ceilToInt(xr) - 1
        for c in firstColumn...last {
            let left = Double(c)
            let lo = max(xl, left), hi = min(xr, left + 1)
            let share = slope * (hi - lo)
            let inside = (lo + hi) * 0.5 - left
            row[c] += share * (1 - inside)
            row[c + 1] += share * inside
        }
    }
}

extension CoverageMask {
    /// Rasterizes `path` mapped by `transform` into a mask over every pixel it
    /// touches, with exact-area coverage under `fillRule`.
    ///
    /// The mask depends only on the path and the transform (not on any
    /// canvas), so it can be cached and composited with
    /// `Canvas.fill(_:color:)`. To reuse one mask at many places, rasterize
    /// in a local frame whose translation is only the sub-pixel phase and
    /// move the mask's origin by whole pixels (glyph masks do this).
    ///
    /// - Returns: nil when the path's pixel bounds exceed 2²² pixels.
    /// - Complexity: O(edge length in pixels + mask width · height).
    public init?(filling path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero) {
        guard let mask = MaskRasterizer.rasterize(path, transform: transform, fillRule: fillRule) else { return nil }
        self = mask
    }
}
