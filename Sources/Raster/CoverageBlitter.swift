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
}
