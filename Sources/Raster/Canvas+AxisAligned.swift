import Geometry

/// The analytic fast path for rectangles, rounded rectangles and borders
/// under transforms that only scale and translate (`b == 0 && c == 0`):
/// every cell, background and border of a collection view.
///
/// Plain rectangles go row by row through `ScanConverter.rectangleRow`, the
/// scan converter's own arithmetic, so their bytes equal what filling the
/// rectangle's path gives (only three distinct rows exist: top, middle,
/// bottom; each is computed once). Rounded rectangles use those rows too
/// where a row meets no corner; rows through a corner take the exact area
/// of the corner's ellipse from `CornerCutTable` (closed form, not a
/// flattened cubic: the cubic is 0.027 % of the radius off the circle, and
/// the 0.02 px flattening tolerance adds up to a few 1/255 more). A border
/// is the ring between the outer and inner shapes, coverage(outer) −
/// coverage(inner) per pixel, where the path route uses the even-odd rule.
///
/// Everything is painted through `RunPainter`, so clips and transparency
/// layers apply exactly as on the general path. Shapes the fast path does
/// not take (rotation, skew, non-finite or huge coordinates, corners over
/// `DeviceRoundedRect.maximumRadius`) return false and are scan converted.
extension Canvas {
    /// Fills `rect` with `cornerRadii` under `transform` analytically; false when the path route is needed.
    func fillAxisAligned(_ rect: Rect, cornerRadii: CornerRadii, color: Color, transform: AffineTransform) -> Bool {
        guard let shape = DeviceRoundedRect(rect, radii: cornerRadii, transform: transform) else { return false }
        drawAxisAligned(shape, minus: nil, color: color.premultiplied.packedWord)
        return true
    }

    /// Draws a `CALayer`-style border analytically; false when the path route is needed.
    func strokeBorderAxisAligned(
        _ rect: Rect, cornerRadii: CornerRadii, width: Double, color: Color, transform: AffineTransform
    ) -> Bool {
        guard let outer = DeviceRoundedRect(rect, radii: cornerRadii, transform: transform) else { return false }
        let insetRect = rect.insetBy(dx: width, dy: width)
        var inner: DeviceRoundedRect?
        if insetRect.width > 0 && insetRect.height > 0 {
            // The same inner shape `strokeBorder` builds as a path.
            let radii = cornerRadii.clamped(to: rect).insetBy(width)
            guard let shape = DeviceRoundedRect(insetRect, radii: radii, transform: transform) else { return false }
            inner = shape
        }
        drawAxisAligned(outer, minus: inner, color: color.premultiplied.packedWord)
        return true
    }

    /// Paints `outer` minus `inner` (which lies inside it) with a packed premultiplied colour.
    func drawAxisAligned(_ outer: DeviceRoundedRect, minus inner: DeviceRoundedRect?, color: UInt32) {
        sweepAxisAligned(outer, minus: inner, in: drawableBounds, into: makePainter(color))
    }

    /// Hands `blitter` the runs of every row of `window` where `outer` minus
    /// `inner` covers a pixel, as `ScanConverter.sweep` gives them (sorted,
    /// disjoint, coverage above zero, inside `window`).
    func sweepAxisAligned<Blitter: CoverageBlitter>(
        _ outer: DeviceRoundedRect, minus inner: DeviceRoundedRect?, in window: PixelRect, into blitter: Blitter
    ) {
        // The scan converter's sweep area for the same shape: `rectangleRow` needs its left edge and width.
        let area = window.intersection(
            PixelRect.enclosing(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: outer.maxY))
        guard !area.isEmpty else { return }
        var tables: RoundedRectCoverage.Tables = (nil, nil, nil, nil)
        var innerTables: RoundedRectCoverage.Tables = (nil, nil, nil, nil)
        let o = RoundedRectCoverage(outer, cache: cornerTables, tables: &tables)
        // Without an inner shape `i` is a stand-in that no row ever consults.
        let hasInner = inner != nil
        let i =
            inner.map { RoundedRectCoverage($0, cache: cornerTables, tables: &innerTables) }
            ?? RoundedRectCoverage(empty: outer)
        // Two run buffers: the current row's, and the cached plain row's.
        let stride = area.width + 2
        if runScratch.capacity < 2 * stride {
            runScratch.deallocate()
            runScratch = RawBuffer(capacity: 2 * stride)
        }
        let runs = runScratch.base, plainBase = runs + stride
        // Rows that meet no corner depend only on their heights: compute each distinct one once.
        var plainOuter = Double.nan, plainInner = Double.nan
        var plainRuns = UnsafeBufferPointer<CoverageRun>(start: nil, count: 0)
        withExtendedLifetime((tables, innerTables)) {
            for y in area.minY..<area.maxY {
                let ya = max(outer.minY, Double(y)), yb = min(outer.maxY, Double(y + 1))
                if yb <= ya { continue }
                let h = yb - ya
                if !hasInner {
                    if !o.meetsCorner(ya, yb) {
                        if h != plainOuter {
                            plainOuter = h
                            plainRuns = scan.rectangleRow(
                                x0: outer.minX, x1: outer.maxX, height: h, left: area.minX, width: area.width)
                        }
                        if plainRuns.count > 0 { blitter.blit(y, plainRuns) }
                        continue
                    }
                    guard let orow = o.row(y) else { continue }
                    let count = Canvas.ringRuns(
                        o, orow, i, nil, from: max(area.minX, orow.l0), to: min(area.maxX, orow.r1), into: runs)
                    if count > 0 { blitter.blit(y, UnsafeBufferPointer(start: runs, count: count)) }
                    continue
                }
                let yi = max(i.shape.minY, Double(y)), yj = min(i.shape.maxY, Double(y + 1))
                let hi = yj > yi ? yj - yi : 0
                let plain = !o.meetsCorner(ya, yb) && (hi == 0 || !i.meetsCorner(yi, yj))
                if plain && h == plainOuter && hi == plainInner {
                    if plainRuns.count > 0 { blitter.blit(y, plainRuns) }
                    continue
                }
                guard let orow = o.row(y) else { continue }
                let irow = hi > 0 ? i.row(y) : nil
                let base = plain ? plainBase : runs
                let count = Canvas.ringRuns(
                    o, orow, i, irow, from: max(area.minX, orow.l0), to: min(area.maxX, orow.r1), into: base)
                if plain {
                    plainOuter = h
                    plainInner = hi
                    plainRuns = UnsafeBufferPointer(start: plainBase, count: count)
                }
                if count > 0 { blitter.blit(y, UnsafeBufferPointer(start: base, count: count)) }
            }
        }
    }

    /// The runs of `outer − inner` on one row between columns `start` and `end`.
    @inline(__always) static func ringRuns(
        _ o: RoundedRectCoverage, _ orow: RoundedRectCoverage.Row,
        _ i: RoundedRectCoverage, _ irow: RoundedRectCoverage.Row?,
        from start: Int, to end: Int, into runs: UnsafeMutablePointer<CoverageRun>
    ) -> Int {
        var count = 0
        @inline(__always) func emit(_ x: Int, _ n: Int, _ c: UInt8) {
            if c == 0 || n <= 0 { return }
            if count > 0, runs[count - 1].coverage == c, runs[count - 1].x + runs[count - 1].count == x {
                runs[count - 1].count += n
            } else {
                runs[count] = CoverageRun(x: x, count: n, coverage: c)
                count += 1
            }
        }
        var x = start
        while x < end {
            let (ok, oe) = orow.zone(at: x)
            var ik = 0, ie = Int.max
            if let irow { (ik, ie) = irow.zone(at: x) }
            let stop = min(end, oe, ie)
            if ok != 1 && ik != 1 {
                let ov = ok == 2 ? orow.height : 0
                let iv = ik == 2 ? irow!.height : 0
                emit(x, stop - x, quantizeCoverage(ov - iv))
            } else {
                for px in x..<stop {
                    var v = ok == 2 ? orow.height : ok == 1 ? o.coverage(px, orow) : 0
                    if let irow {
                        v -= ik == 2 ? irow.height : ik == 1 ? i.coverage(px, irow) : 0
                    }
                    emit(px, 1, quantizeCoverage(v))
                }
            }
            x = stop
        }
        return count
    }
}
