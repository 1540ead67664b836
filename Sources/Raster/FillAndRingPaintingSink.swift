/// A ring and its outer shape's fill (a layer's background and border) painted straight into
/// the surface as the walk over each row finds them: `ScanConverter.sweepFillAndRing` without a
/// clip mask.
///
/// The walk writes each touched cell's two coverages (the fill's and the ring's) to a row of
/// bytes, and the short stretches of constant coverage between touched cells too
/// (`longestJoinedGap`): a layer's border makes a row's touched cells come in short groups (3.5
/// cells on average in S2), a pixel or two apart, so joining them gives stretches long enough
/// for `Blend.overScaledTwice` to composite four pixels a step (S2 without its labels 41.0M →
/// 40.1M instructions a frame, the minimum 1–3% shorter in interleaved runs; four at a time
/// but group by group, as the groups come, the instructions rose 0.7M). Every pixel is
/// composited with the fill's colour and then the ring's, with no branch on the values:
/// coverage 0 leaves a pixel as it is, bit for bit, and 255 gives the colour over it. Longer stretches between touched cells are
/// painted as spans, the fill's and then the ring's. Pixels are independent, so this gives
/// the bytes of the fill's runs painted and then the ring's (`FillAndRingRowSink`), without
/// collecting runs and without the branches on each edge pixel's coverage that flip along an
/// edge. `LayerBoxTests` checks the bytes.
struct FillAndRingPaintingSink: SweepRowSink {
    let fill: RunPainter
    let ring: RunPainter

    /// The longest stretch of constant coverage between touched cells that is painted with the
    /// touched cells around it rather than as spans of its own.
    static let longestJoinedGap = 8

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        if spanCount == 0 { return }
        var groups = ScanConverter.SpanGroups(sorting: row.spans, count: spanCount)
        spanCount = 0
        let width = row.width
        let outerCells = row.buffers.accumulation, innerCells = row.innerCells
        let fillCoverage = row.buffers.coverage, ringCoverage = row.buffers.ringCoverage
        let pixels = fill.origin + row.y * fill.stride + row.left
        let fillColor = fill.color, ringColor = ring.color
        var outer = 0.0, inner = 0.0
        var painted = Int.max, paintedEnd = 0
        // The first cell of the stretch whose coverage is written but not yet painted.
        var stretch = Int.max
        @inline(__always) func paintStretch(to end: Int) {
            if end > stretch {
                Blend.overScaledTwice(
                    pixels + stretch, end - stretch, fillColor, coverage: fillCoverage + stretch, ringColor,
                    coverage: ringCoverage + stretch)
                painted = min(painted, stretch)
                paintedEnd = end
            }
            stretch = Int.max
        }
        var next = 0
        while let (first, last) = groups.next() {
            let gapEnd = min(first, width)
            if gapEnd > next {
                let (f, r) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
                if stretch != Int.max && gapEnd - next <= Self.longestJoinedGap {
                    (fillCoverage + next).update(repeating: f, count: gapEnd - next)
                    (ringCoverage + next).update(repeating: r, count: gapEnd - next)
                } else {
                    paintStretch(to: next)
                    if f != 0 {
                        painted = min(painted, next)
                        paintedEnd = gapEnd
                        Blend.blend(pixels, next, gapEnd - next, fillColor, at: UInt32(f))
                        Blend.blend(pixels, next, gapEnd - next, ringColor, at: UInt32(r))
                    }
                }
            }
            var c = max(first, next)
            if stretch == Int.max { stretch = c }
            while c <= last {
                outer += outerCells[c]
                inner += innerCells[c]
                outerCells[c] = 0
                innerCells[c] = 0
                (fillCoverage[c], ringCoverage[c]) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
                c += 1
            }
            next = max(next, last + 1)
        }
        paintStretch(to: min(next, width))
        // The same four lines as for a gap above, written out: a local function reading
        // `outer` and `inner` kept them in memory through the cell loop (S2 44.1M → 78.3M
        // instructions a frame).
        if width > next {
            let (f, r) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
            if f != 0 {
                painted = min(painted, next)
                Blend.blend(pixels, next, width - next, fillColor, at: UInt32(f))
                Blend.blend(pixels, next, width - next, ringColor, at: UInt32(r))
                paintedEnd = width
            }
        }
        if painted != Int.max {
            fill.prefetch(row.y + 1, from: row.left + painted - 16, to: row.left + paintedEnd + 16)
        }
    }
}
