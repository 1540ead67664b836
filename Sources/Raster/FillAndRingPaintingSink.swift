import CIntrinsics

/// A ring and its outer shape's fill (a layer's background and border) painted straight into
/// the surface as the walk over each row finds them: `ScanConverter.sweepFillAndRing` without a
/// clip mask.
///
/// The walk goes over each stretch of touched cells (the row's spans sorted and merged, gaps
/// of at most `longestJoinedGap` untouched cells joined in: `ScanConverter.SpanGroups`),
/// adds up every cell of it, the untouched ones too (they hold 0, which changes no coverage),
/// four at a time in AVX2 (`sumFillAndRingCellsAVX2`, else `sumCells`, its reference),
/// and writes each cell's two coverages (the fill's and the ring's) to rows of bytes that
/// `Blend.overScaledTwice` composites four pixels a step (eight in AVX2, a short stretch as one
/// block of eight whose pixels past it get coverage 0: S2 1.5% fewer instructions, about 1%
/// shorter). A layer's border makes a row's touched cells come in short groups (3.5 cells on
/// average in S2) a pixel or two apart, so joined they make stretches long enough for that
/// (S2 without its labels 41.0M → 40.1M instructions a frame; four at a time but group by
/// group, the instructions rose 0.7M), and one loop a stretch, where a loop a group and a fill
/// a gap had exits that no branch predictor foresees (S2's frame 2–3% shorter for 0.5% fewer
/// instructions). Every pixel is composited with the fill's colour and then the ring's, with
/// no branch on the values: coverage 0 leaves a pixel as it is, bit for bit, and 255 gives the
/// colour over it. Longer stretches between touched cells are painted as spans, the fill's
/// and then the ring's. Pixels are independent, so this gives the bytes of the fill's runs
/// painted and then the ring's (`FillAndRingRowSink`), without collecting runs and without the
/// branches on each edge pixel's coverage that flip along an edge. `LayerBoxTests` checks the
/// bytes.
struct FillAndRingPaintingSink: SweepRowSink {
    let fill: RunPainter
    let ring: RunPainter
    /// The first device column past the sweep's window, which lies inside the surface: a stretch
    /// shorter than eight pixels is blended as a block of eight (`Blend.overScaledTwice` with
    /// room) only where the block ends before it. The block's pixels past the stretch are read
    /// and written back unchanged, so no other thread may write them meanwhile (a canvas is
    /// drawn by one thread at a time).
    let windowMaxX: Int

    /// `Blend.hasAVX2`, read once for the sweep.
    private let avx2 = Blend.hasAVX2

    /// The longest stretch of constant coverage between touched cells that is painted with the
    /// touched cells around it rather than as spans of its own. At least 2: stretches are then
    /// at least three untouched cells apart, which `sumFillAndRingCellsAVX2` relies on when it
    /// adds up to three cells past a stretch's end.
    static let longestJoinedGap = 8

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        if spanCount == 0 { return }
        var stretches = ScanConverter.SpanGroups(
            sorting: row.spans, count: spanCount, joinedGap: Self.longestJoinedGap)
        spanCount = 0
        let width = row.width
        let outerCells = row.buffers.accumulation, innerCells = row.innerCells
        let fillCoverage = row.buffers.coverage, ringCoverage = row.buffers.ringCoverage
        let pixels = fill.origin + row.y * fill.stride + row.left
        let fillColor = fill.color, ringColor = ring.color
        var outer = 0.0, inner = 0.0
        var painted = Int.max, paintedEnd = 0
        var next = 0  // The first cell not yet summed.
        // A stretch's pixels are composited once the next stretch has been summed: reading its
        // coverage bytes right after writing them stalled (a load over four byte stores cannot
        // be forwarded from them and waits for them to reach the cache; deferred, S2's frame
        // took 3% less time for 1% more instructions). Carrying the row's last stretch over to
        // the next row as well, with coverage rows used in turn, was slower.
        var pendingFirst = 0, pendingEnd = 0
        let room = windowMaxX - row.left
        @inline(__always) func composite(from first: Int, to end: Int) {
            if end <= first { return }
            Blend.overScaledTwice(
                pixels + first, end - first, room: room - first, fillColor, coverage: fillCoverage + first, ringColor,
                coverage: ringCoverage + first, avx2: avx2)
        }
        while let (first, end) = stretches.next() {
            let gapEnd = min(first, width)
            if gapEnd > next {
                let (f, r) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
                if f != 0 {
                    painted = min(painted, next)
                    paintedEnd = gapEnd
                    Blend.blend(pixels, next, gapEnd - next, fillColor, at: UInt32(f), avx2: avx2)
                    Blend.blend(pixels, next, gapEnd - next, ringColor, at: UInt32(r), avx2: avx2)
                }
            }
            // Every cell of the stretch, those between its groups too: no piece touched them,
            // so they hold 0, and adding 0 leaves a sum's coverage as it is.
            if avx2 {
                sumFillAndRingCellsAVX2(
                    outerCells + first, innerCells + first, end + 1 - first, &outer, &inner, fillCoverage + first,
                    ringCoverage + first)
            } else {
                Self.sumCells(
                    outerCells + first, innerCells + first, end + 1 - first, &outer, &inner, fillCoverage + first,
                    ringCoverage + first)
            }
            composite(from: pendingFirst, to: pendingEnd)
            next = end + 1
            let stretchEnd = min(next, width)
            pendingFirst = first
            pendingEnd = stretchEnd
            if stretchEnd > first {
                painted = min(painted, first)
                paintedEnd = stretchEnd
            }
        }
        // The same four lines as for a gap above, written out: a local function reading
        // `outer` and `inner` kept them in memory through the cell loop (S2 44.1M → 78.3M
        // instructions a frame).
        if width > next {
            let (f, r) = RingPrefixSum.fillAndRingCoverage(outer: outer, inner: inner)
            if f != 0 {
                painted = min(painted, next)
                Blend.blend(pixels, next, width - next, fillColor, at: UInt32(f), avx2: avx2)
                Blend.blend(pixels, next, width - next, ringColor, at: UInt32(r), avx2: avx2)
                paintedEnd = width
            }
        }
        composite(from: pendingFirst, to: pendingEnd)
        if painted != Int.max {
            fill.prefetch(row.y + 1, from: row.left + painted - 16, to: row.left + paintedEnd + 16)
        }
    }

    /// Adds `count` cells of a ring's row, the outer shape's from `outerCells` and the inner
    /// shape's from `innerCells`, one at a time onto the running sums `outer` and `inner`, clears
    /// each, and writes each cell's fill and ring coverage (`RingPrefixSum.fillAndRingCoverage`
    /// of its sums) to `fillCoverage` and `ringCoverage`: the scalar reference for
    /// `sumFillAndRingCellsAVX2`, which does the same additions four cells at a time
    /// (`StretchSumTests` compares them).
    @inline(__always) static func sumCells(
        _ outerCells: UnsafeMutablePointer<Double>, _ innerCells: UnsafeMutablePointer<Double>, _ count: Int,
        _ outer: inout Double, _ inner: inout Double, _ fillCoverage: UnsafeMutablePointer<UInt8>,
        _ ringCoverage: UnsafeMutablePointer<UInt8>
    ) {
        var o = outer, i = inner
        for c in 0..<count {
            o += outerCells[c]
            i += innerCells[c]
            outerCells[c] = 0
            innerCells[c] = 0
            (fillCoverage[c], ringCoverage[c]) = RingPrefixSum.fillAndRingCoverage(outer: o, inner: i)
        }
        outer = o
        inner = i
    }
}
