/// Where rows of coverage go: the one boundary between computing coverage and writing pixels
/// (the role of tiny-skia's `Blitter`).
///
/// Coverage producers — the scan converter's sweep and the analytic axis-aligned shapes — know
/// nothing of pixels; a blitter receives one row of runs at a time and knows nothing of edges.
/// `RunPainter` composites a colour into a surface, `MaskBlitter` stores the coverage in a mask
/// (glyph masks, clip masks), and image drawing samples an image under the runs. Because every
/// producer hands over the same runs, a glyph mask, a clip and a fill of one shape have the same
/// coverage to the bit.
protocol CoverageBlitter {
    /// Writes `runs` on device row `y`. Runs are sorted by x, do not overlap, have a coverage
    /// above zero and lie inside the window the producer was given.
    func blit(_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>)

    /// Writes `count` pixels of device row `y` from column `x`, one coverage value each (zeros
    /// included): how a producer hands over a row when the area is small and dense (glyph masks)
    /// or when coverage comes as a bitmap (`Canvas.fill(_:color:)` with a mask).
    func blit(_ y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)

    /// A hint that row `y` comes next, between columns `start` and `end` (which may reach past
    /// the window): a blitter writing into memory that is likely out of cache can start loading
    /// it now, so that the row's first pixels do not wait for it. It must not change a pixel.
    func prefetch(_ y: Int, from start: Int, to end: Int)

    /// The painter behind this blitter when it composites one colour straight into a surface
    /// with no clip mask, else nil: producers then paint coverage as they compute it, without
    /// handing over runs (the same bytes; see `RingRowPainter`).
    var directPainter: RunPainter? { get }
}

extension CoverageBlitter {
    /// Ignores the hint: a mask or a callback's memory is small and already in cache.
    func prefetch(_ y: Int, from start: Int, to end: Int) {}

    /// None: a mask or a callback needs its runs.
    var directPainter: RunPainter? { nil }

    /// Hands the row over as runs (pixels of equal coverage merged, zeros left out).
    func blit(_ y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var runs: [CoverageRun] = []
        var i = 0
        while i < count {
            var j = i + 1
            while j < count && coverage[j] == coverage[i] { j += 1 }
            if coverage[i] > 0 { runs.append(CoverageRun(x: x + i, count: j - i, coverage: coverage[i])) }
            i = j
        }
        runs.withUnsafeBufferPointer { blit(y, $0) }
    }
}
