/// A ring and its outer shape's fill (a layer's background and border) painted straight into
/// the surface as the walk over each row finds them: `ScanConverter.sweepFillAndRing` without a
/// clip mask.
///
/// Every pixel a piece touched is composited with the fill's colour and then the ring's, at
/// their coverages, in one pass (`Blend.overScaledTwice`) and with no branch on the values:
/// coverage 0 leaves a pixel as it is, bit for bit, and 255 gives the colour over it. The stretches between
/// touched cells have one coverage each and are painted as spans, the fill's and then the
/// ring's. Pixels are independent, so this gives the bytes of the fill's runs painted and then
/// the ring's (`FillAndRingRowSink`), without collecting runs and without the branches on
/// each edge pixel's coverage that flip along an edge (S2 48.3M → 46.7M instructions a frame;
/// the minimum 3–7% and the median 3–5% shorter in four interleaved pairs, and the two
/// layers in one pass 1–6% more). `LayerBoxTests` checks the bytes.
struct FillAndRingPaintingSink: SweepRowSink {
    let fill: RunPainter
    let ring: RunPainter

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        if spanCount == 0 { return }
        var groups = ScanConverter.SpanGroups(sorting: row.spans, count: spanCount)
        spanCount = 0
        let width = row.width
        let outerCells = row.buffers.accumulation, innerCells = row.innerCells
        let pixels = fill.origin + row.y * fill.stride + row.left
        let fillColor = fill.color, ringColor = ring.color
        var outer = 0.0, inner = 0.0
        var painted = Int.max, paintedEnd = 0
        var next = 0
        while let (first, last) = groups.next() {
            let gapEnd = min(first, width)
            if gapEnd > next {
                let (f, r) = Self.coverages(outer, inner)
                if f != 0 {
                    if painted == Int.max { painted = next }
                    paintedEnd = gapEnd
                    Blend.blend(pixels, next, gapEnd - next, fillColor, at: f)
                    Blend.blend(pixels, next, gapEnd - next, ringColor, at: r)
                }
            }
            var c = max(first, next)
            if painted == Int.max { painted = c }
            while c <= last {
                outer += outerCells[c]
                inner += innerCells[c]
                outerCells[c] = 0
                innerCells[c] = 0
                if c < width {
                    let (f, r) = Self.coverages(outer, inner)
                    let p = pixels + c
                    p.pointee = Blend.overScaledTwice(fillColor, coverage: f, ringColor, coverage: r, p.pointee)
                    paintedEnd = c + 1
                }
                c += 1
            }
            next = max(next, last + 1)
        }
        if width > next {
            let (f, r) = Self.coverages(outer, inner)
            if f != 0 {
                Blend.blend(pixels, next, width - next, fillColor, at: f)
                Blend.blend(pixels, next, width - next, ringColor, at: r)
                paintedEnd = width
            }
        }
        if painted != Int.max {
            fill.prefetch(row.y + 1, from: row.left + painted - 16, to: row.left + paintedEnd + 16)
        }
    }

    /// The fill's and the ring's coverage from the outer and inner prefix sums.
    @inline(__always) private static func coverages(_ outer: Double, _ inner: Double) -> (UInt32, UInt32) {
        let (fill, ring) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
        return (UInt32(fill), UInt32(ring))
    }
}
