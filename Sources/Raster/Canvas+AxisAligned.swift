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
        guard let (outer, inner) = borderShapes(rect, cornerRadii: cornerRadii, width: width, transform: transform)
        else { return false }
        drawAxisAligned(outer, minus: inner, color: color.premultiplied.packedWord)
        return true
    }

    /// Fills `rect` and draws a `CALayer`-style border over it analytically, in one sweep; false
    /// when either needs the path route or the border covers the whole shape (no inner shape).
    /// The bytes are those of `fillAxisAligned` followed by `strokeBorderAxisAligned`.
    func fillAndStrokeBorderAxisAligned(
        _ rect: Rect, cornerRadii: CornerRadii, color: Color, borderWidth: Double, borderColor: Color,
        transform: AffineTransform
    ) -> Bool {
        guard
            let (outer, inner) = borderShapes(
                rect, cornerRadii: cornerRadii, width: borderWidth, transform: transform),
            let inner
        else { return false }
        settleBox(of: outer)
        sweepAxisAligned(
            outer, minus: inner, in: drawableBounds, into: makePainter(borderColor.premultiplied.packedWord),
            under: makePainter(color.premultiplied.packedWord))
        return true
    }

    /// A border's outer shape and inner one (nil when the border fills the whole shape), as
    /// `strokeBorder` builds them as paths; nil when either needs the path route.
    private func borderShapes(
        _ rect: Rect, cornerRadii: CornerRadii, width: Double, transform: AffineTransform
    ) -> (outer: DeviceRoundedRect, inner: DeviceRoundedRect?)? {
        guard let outer = DeviceRoundedRect(rect, radii: cornerRadii, transform: transform) else { return nil }
        let insetRect = rect.insetBy(dx: width, dy: width)
        guard insetRect.width > 0 && insetRect.height > 0 else { return (outer, nil) }
        let radii = cornerRadii.clamped(to: rect).insetBy(width)
        guard let inner = DeviceRoundedRect(insetRect, radii: radii, transform: transform) else { return nil }
        return (outer, inner)
    }

    /// Paints `outer` minus `inner` (which lies inside it) with a packed premultiplied colour.
    func drawAxisAligned(_ outer: DeviceRoundedRect, minus inner: DeviceRoundedRect?, color: UInt32) {
        settleBox(of: outer)
        sweepAxisAligned(outer, minus: inner, in: drawableBounds, into: makePainter(color))
    }

    /// Settles the target's rows in `outer`'s box within `drawableBounds` (a deferred clear's,
    /// `DeferredClear`).
    private func settleBox(of outer: DeviceRoundedRect) {
        let box = PixelRect.enclosing(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: outer.maxY)
        target.settle(drawableBounds.intersection(box))
    }

    /// Hands `blitter` the runs of every row of `window` where `outer` minus
    /// `inner` covers a pixel, as `ScanConverter.sweep` gives them (sorted,
    /// disjoint, coverage above zero, inside `window`).
    ///
    /// With `fill` (and an `inner` shape), every row first hands `fill` the runs of `outer`
    /// alone, the runs this sweep gives without `inner`: a layer's background and border in one
    /// pass, with the outer corners' coverage computed once for both. Each pixel is in one row
    /// only, so painting the background row by row before the border gives the bytes of the
    /// whole background painted first.
    func sweepAxisAligned<Blitter: CoverageBlitter>(
        _ outer: DeviceRoundedRect, minus inner: DeviceRoundedRect?, in window: PixelRect, into blitter: Blitter,
        under fill: RunPainter? = nil
    ) {
        // The scan converter's sweep area for the same shape: `rectangleRow` needs its left edge and width.
        let box = PixelRect.enclosing(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: outer.maxY)
        let area = window.intersection(box)
        guard !area.isEmpty else { return }
        // The corner tables the two shapes look up stay as they are until the next shape.
        cornerTables.beginShape()
        // Coverage is computed relative to the whole pixel at the outer shape's top-left
        // (`DeviceRoundedRect.translated`): `o` and `i` take local rows and columns, which
        // `ox` and `oy` map back to the device's.
        let ox = floorToInt(outer.minX), oy = floorToInt(outer.minY)
        let o = RoundedRectCoverage(outer.translated(byColumns: ox, rows: oy), cache: cornerTables)
        // Without an inner shape `i` is a stand-in that no row ever consults.
        let hasInner = inner != nil
        precondition(fill == nil || hasInner, "a fill under a ring needs the ring's inner shape")
        let i =
            inner.map {
                RoundedRectCoverage($0.translated(byColumns: ox, rows: oy), cache: cornerTables)
            } ?? RoundedRectCoverage(empty: o.shape)
        // A box with rounded corners painted whole with no clip mask: its corner rows may be
        // recorded, or replayed (`CornerRowRecording`).
        var recording: CornerRowRecording? = nil
        var painters: CornerRowRecording.Painters? = nil
        if let ring = blitter.directPainter, area == box, !o.shape.isRectangle || !i.shape.isRectangle,
            fill == nil || fill?.directPainter != nil
        {
            let kind: CornerRowRecording.Kind = fill != nil ? .fillAndBorder : hasInner ? .border : .fill
            recording = cornerRows.recording(
                kind, outer: o.shape, inner: i.shape, columnCount: area.width, rowCount: area.height)
            painters = .init(ring: ring, fill: fill, columnOffset: ox, room: area.width)
        }
        // A complete recording is replayed by pointer (`CornerRowRecording.Replay`); an
        // incomplete one records its rows as the sweep reaches them.
        let replay = recording.flatMap { $0.isComplete ? $0.replay : nil }
        let recorder = replay == nil ? recording : nil
        // Four run buffers: the current row's and the cached plain row's, for the ring and the fill.
        let stride = area.width + 2
        if runScratch.capacity < 4 * stride {
            runScratch.deallocate()
            runScratch = RawBuffer(capacity: 4 * stride)
        }
        let runs = runScratch.base, plainBase = runs + stride
        let fillRuns = runs + 2 * stride, fillPlainBase = runs + 3 * stride
        // Rows that meet no corner depend only on their heights: compute each distinct one once
        // (the device's heights for the scan converter's rows, the local ones for the walk's).
        var plainOuter = Double.nan, plainInner = Double.nan
        var plainRuns = UnsafeBufferPointer<CoverageRun>(start: nil, count: 0)
        var fillPlainHeight = Double.nan
        var fillPlainRuns = UnsafeBufferPointer<CoverageRun>(start: nil, count: 0)
        // The band of whole rows that meet no corner of either shape (a row y of it spans
        // y…y + 1 inside the outer shape, and its local row those of both shapes): every row of
        // it has the runs of its first, painted without classifying each row again. S1's
        // frame 4–5% shorter (interleaved rounds of 200 samples).
        var bandEnd = min(area.maxY, floorToInt(outer.maxY), floorToInt(o.cornerBottom) + oy)
        var bandFirst = max(area.minY, ceilToInt(outer.minY), ceilToInt(o.cornerTop) + oy)
        if hasInner {
            bandFirst = max(bandFirst, ceilToInt(i.cornerTop) + oy)
            bandEnd = min(bandEnd, floorToInt(i.cornerBottom) + oy)
        }
        if !paintsPlainBands { bandEnd = bandFirst }
        // The recording lives while `replay` points into it. The rows are swept in this closure
        // as they were before the closure had anything else to keep alive: with the loop in the
        // function's own body, the compiler stops inlining the painters' `blit` and the replay
        // into it, and S1 takes 5% longer (BENCHMARKS.md, "Reference counting in the boxes' sweep").
        withExtendedLifetime(recording) {
            var y = area.minY - 1
            while y < area.maxY - 1 {
                y += 1
                // From the band's second row on, once its first has left the runs of whole rows.
                if y > bandFirst && y < bandEnd && plainOuter == 1 && (!hasInner || plainInner == 1)
                    && (fill == nil || fillPlainHeight == 1)
                {
                    for row in y..<bandEnd {
                        if let fill, fillPlainRuns.count > 0 { fill.blit(row, fillPlainRuns) }
                        if plainRuns.count > 0 { blitter.blit(row, plainRuns) }
                    }
                    y = bandEnd - 1
                    continue
                }
                let ya = greaterOf(outer.minY, Double(y)), yb = minDouble(outer.maxY, Double(y + 1))
                if yb <= ya { continue }
                let h = yb - ya
                let ly = y - oy
                let la = greaterOf(o.shape.minY, Double(ly)), lb = minDouble(o.shape.maxY, Double(ly + 1))
                let outerPlain = !o.meetsCorner(la, lb)
                if let fill, outerPlain {
                    if h != fillPlainHeight {
                        fillPlainHeight = h
                        let row = scan.rectangleRow(
                            x0: outer.minX, x1: outer.maxX, height: h, left: area.minX, width: area.width)
                        fillPlainBase.update(from: row.baseAddress!, count: row.count)
                        fillPlainRuns = UnsafeBufferPointer(start: fillPlainBase, count: row.count)
                    }
                    if fillPlainRuns.count > 0 { fill.blit(y, fillPlainRuns) }
                }
                if !hasInner {
                    if outerPlain {
                        if h != plainOuter {
                            plainOuter = h
                            plainRuns = scan.rectangleRow(
                                x0: outer.minX, x1: outer.maxX, height: h, left: area.minX, width: area.width)
                        }
                        if plainRuns.count > 0 { blitter.blit(y, plainRuns) }
                        continue
                    }
                    if let replay, let painters {
                        replay(row: ly, y: y, painters)
                        continue
                    }
                    guard let orow = o.row(ly) else { continue }
                    let start = max(area.minX - ox, orow.l0), end = min(area.maxX - ox, orow.r1)
                    if let recorder, let painters,
                        Canvas.record(
                            recorder, row: ly, y: y, painters,
                            { Canvas.walkRing(o, orow, i, nil, from: start, to: end, columnOffset: 0, &$0) })
                    {
                        continue
                    }
                    if let painter = blitter.directPainter {
                        var writer = RingOnlyRowPainter(y, painter)
                        Canvas.walkRing(o, orow, i, nil, from: start, to: end, columnOffset: ox, &writer)
                        continue
                    }
                    let count = Canvas.ringRuns(o, orow, i, nil, from: start, to: end, columnOffset: ox, into: runs)
                    if count > 0 { blitter.blit(y, UnsafeBufferPointer(start: runs, count: count)) }
                    continue
                }
                let lh = lb - la
                let yi = greaterOf(i.shape.minY, Double(ly)), yj = minDouble(i.shape.maxY, Double(ly + 1))
                let hi = yj > yi ? yj - yi : 0
                let plain = outerPlain && (hi == 0 || !i.meetsCorner(yi, yj))
                if plain && lh == plainOuter && hi == plainInner {
                    if plainRuns.count > 0 { blitter.blit(y, plainRuns) }
                    continue
                }
                // The rows the walk paints straight into the surface below (with a background
                // under the border, those through the outer corners) are recorded and replayed.
                let recorded = !plain && (fill == nil || !outerPlain)
                if recorded, let replay, let painters {
                    replay(row: ly, y: y, painters)
                    continue
                }
                guard let orow = o.row(ly) else { continue }
                let irow = hi > 0 ? i.row(ly) : nil
                let base = plain ? plainBase : runs
                let start = max(area.minX - ox, orow.l0), end = min(area.maxX - ox, orow.r1)
                if recorded, let recorder, let painters,
                    Canvas.record(
                        recorder, row: ly, y: y, painters,
                        { Canvas.walkRing(o, orow, i, irow, from: start, to: end, columnOffset: 0, &$0) })
                {
                    continue
                }
                // A row through a corner is painted straight into the surface when the painters
                // have no clip mask. Plain rows keep their runs, which later rows reuse.
                if !plain, let ring = blitter.directPainter {
                    if let fill, !outerPlain {
                        if let fill = fill.directPainter {
                            var painter = RingRowPainter(y, fill: fill, ring: ring)
                            Canvas.walkRing(o, orow, i, irow, from: start, to: end, columnOffset: ox, &painter)
                            continue
                        }
                    } else {
                        var painter = RingOnlyRowPainter(y, ring)
                        Canvas.walkRing(o, orow, i, irow, from: start, to: end, columnOffset: ox, &painter)
                        continue
                    }
                }
                let count: Int
                if let fill, !outerPlain {
                    var writer = RingRunWriter(runs: base, fillRuns: fillRuns)
                    Canvas.walkRing(o, orow, i, irow, from: start, to: end, columnOffset: ox, &writer)
                    count = writer.count
                    if writer.fillCount > 0 {
                        fill.blit(y, UnsafeBufferPointer(start: fillRuns, count: writer.fillCount))
                    }
                } else {
                    count = Canvas.ringRuns(o, orow, i, irow, from: start, to: end, columnOffset: ox, into: base)
                }
                if plain {
                    plainOuter = lh
                    plainInner = hi
                    plainRuns = UnsafeBufferPointer(start: plainBase, count: count)
                }
                if count > 0 { blitter.blit(y, UnsafeBufferPointer(start: base, count: count)) }
            }
        }
        if let recorder, !recorder.isAbandoned { recorder.finish() }
    }

    /// Records local row `row` of a box into `recording` with `walk` and paints it into device
    /// row `y` from the recording; false when the recording is abandoned (or was already), and
    /// the row is to be painted without it.
    @inline(__always) static func record(
        _ recording: CornerRowRecording, row: Int, y: Int, _ painters: CornerRowRecording.Painters,
        _ walk: (inout CornerRowRecording.Recorder) -> Void
    ) -> Bool {
        if recording.isAbandoned { return false }
        recording.record(row: row, walk)
        if recording.isAbandoned { return false }
        recording.replay(row: row, y: y, painters)
        return true
    }

    /// The runs of `outer − inner` on one row between local columns `start` and `end`.
    @inline(__always) static func ringRuns(
        _ o: RoundedRectCoverage, _ orow: RoundedRectCoverage.Row,
        _ i: RoundedRectCoverage, _ irow: RoundedRectCoverage.Row?,
        from start: Int, to end: Int, columnOffset: Int, into runs: UnsafeMutablePointer<CoverageRun>
    ) -> Int {
        var writer = RingRunWriter(runs: runs, fillRuns: nil)
        walkRing(o, orow, i, irow, from: start, to: end, columnOffset: columnOffset, &writer)
        return writer.count
    }

    /// Walks one row of `outer − inner` between the shapes' local columns `start` and `end`,
    /// zone by zone: a stretch where neither shape has an edge has one coverage; elsewhere each
    /// pixel its own. `writer` gets device columns, local ones plus `columnOffset`.
    @inline(__always) static func walkRing<Writer: RingRowWriter>(
        _ o: RoundedRectCoverage, _ orow: RoundedRectCoverage.Row,
        _ i: RoundedRectCoverage, _ irow: RoundedRectCoverage.Row?,
        from start: Int, to end: Int, columnOffset dx: Int, _ writer: inout Writer
    ) {
        var x = start
        while x < end {
            let (ok, oe) = orow.zone(at: x)
            var ik = 0, ie = Int.max
            if let irow { (ik, ie) = irow.zone(at: x) }
            let stop = min(end, oe, ie)
            if ok != 1 && ik != 1 {
                let ov = ok == 2 ? orow.height : 0
                let iv = ik == 2 ? irow!.height : 0
                writer.stretch(x + dx, stop - x, outer: ov, ring: ov - iv)
            } else {
                for px in x..<stop {
                    let ov = ok == 2 ? orow.height : ok == 1 ? o.coverage(px, orow) : 0
                    var v = ov
                    if let irow {
                        v -= ik == 2 ? irow.height : ik == 1 ? i.coverage(px, irow) : 0
                    }
                    writer.pixel(px + dx, outer: ov, ring: v)
                }
            }
            x = stop
        }
    }
}
