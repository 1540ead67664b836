/// One row of a sweep once every edge piece in it has been accumulated.
struct SweptRow {
    /// The device row.
    let y: Int
    /// The device column of cell 0.
    let left: Int
    /// The number of columns in the sweep area.
    let width: Int
    /// The row's cells (a ring's outer shape's, or the shape's) and scratch for its output.
    let buffers: ScanConverter.RowBuffers
    /// A ring's inner shape's cells.
    let innerCells: UnsafeMutablePointer<Double>
    /// The cell spans the row's pieces touched (unsorted, possibly overlapping), with room for
    /// `ScanConverter.sortPadding` more after them.
    let spans: UnsafeMutablePointer<ScanConverter.ColumnSpan>
}

/// What a sweep does with each row: turns the accumulated cells into coverage, clears every
/// cell it read for the next row (and resets `spanCount`), and paints or hands on the result.
protocol SweepRowSink {
    /// Finishes `row`, whose pieces touched `spanCount` spans.
    mutating func finish(_ row: SweptRow, spanCount: inout Int)
    /// Completes whatever `finish` left for later, once the sweep's last row is finished.
    mutating func finishSweep()
    /// Whether `finish` reads the row's spans (a sink that sums every cell does not, and the
    /// sweep then records none).
    static var usesSpans: Bool { get }
    /// Whether the shapes swept for this sink have edges that mostly cross whole rows, so that
    /// the sweep tests for that first (a glyph at text sizes has edges a row or two long, and
    /// the test would go either way).
    static var edgesCrossManyRows: Bool { get }
}

extension SweepRowSink {
    /// Nothing is left for later.
    @inline(__always) mutating func finishSweep() {}
    /// The spans are read.
    @inline(__always) static var usesSpans: Bool { true }
    /// Edges cross many rows.
    @inline(__always) static var edgesCrossManyRows: Bool { true }
}

/// Runs of one shape under a fill rule, to a blitter (`ScanConverter.sweep`).
struct RunRowSink<Blitter: CoverageBlitter>: SweepRowSink {
    let blitter: Blitter
    let fillRule: FillRule

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        let runCount = ScanConverter.emitRow(
            left: row.left, width: row.width, fillRule: fillRule, row.buffers, row.spans, &spanCount)
        if runCount > 0 {
            let runs = UnsafeBufferPointer(start: row.buffers.runs, count: runCount)
            blitter.blit(row.y, runs)
            ScanConverter.prefetchNextRow(after: row.y, runs, blitter)
        }
    }
}

/// Every pixel of the area's width, one coverage value each, to a blitter
/// (`ScanConverter.sweepDense`).
///
/// Each row goes to the blitter once the next row's coverage is written (into the other of two
/// rows of bytes), and the last when the sweep ends: blitted at once, its last four-byte
/// coverage loads waited for the byte stores just made (S2's rotated labels 1–3% shorter in
/// interleaved runs).
struct DenseRowSink<Blitter: CoverageBlitter>: SweepRowSink {
    let blitter: Blitter
    let fillRule: FillRule
    /// The row whose coverage was written last, blitted once the next row's is written.
    private var pending: (y: Int, left: Int, width: Int, coverage: UnsafePointer<UInt8>)?
    /// Whether the next row writes its coverage to the second row of bytes.
    private var second = false
    /// `Blend.hasAVX2`, read once for the sweep.
    private let avx2 = Blend.hasAVX2

    init(blitter: Blitter, fillRule: FillRule) {
        self.blitter = blitter
        self.fillRule = fillRule
    }

    /// Every cell is summed, so the spans are not needed (S2's rotated labels 4% fewer
    /// instructions without them, 1.5% shorter).
    @inline(__always) static var usesSpans: Bool { false }
    /// Dense rows are a glyph's, whose edges are short.
    @inline(__always) static var edgesCrossManyRows: Bool { false }

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        spanCount = 0
        let out = second ? row.buffers.ringCoverage : row.buffers.coverage
        second.toggle()
        ScanConverter.emitDenseRow(width: row.width, fillRule: fillRule, row.buffers, into: out, avx2: avx2)
        finishSweep()
        pending = (row.y, row.left, row.width, UnsafePointer(out))
    }

    @inline(__always) mutating func finishSweep() {
        if let p = pending { blitter.blit(p.y, x: p.left, count: p.width, coverage: p.coverage) }
        pending = nil
    }
}

/// Runs of a ring, outer minus inner, to a blitter (`ScanConverter.sweepRing`).
struct RingRowSink<Blitter: CoverageBlitter>: SweepRowSink {
    let blitter: Blitter

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        let runCount = ScanConverter.emitRingRow(
            left: row.left, width: row.width, row.buffers, row.innerCells, row.spans, &spanCount)
        if runCount > 0 {
            let runs = UnsafeBufferPointer(start: row.buffers.runs, count: runCount)
            blitter.blit(row.y, runs)
            ScanConverter.prefetchNextRow(after: row.y, runs, blitter)
        }
    }
}

/// A ring's outer shape's runs to one painter, then the ring's runs to another
/// (`ScanConverter.sweepFillAndRing` under a clip mask).
struct FillAndRingRowSink: SweepRowSink {
    let fill: RunPainter
    let ring: RunPainter

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        let (fillCount, ringCount) = ScanConverter.emitFillAndRingRow(
            left: row.left, width: row.width, row.buffers, row.innerCells, row.spans, &spanCount)
        let fillRuns = UnsafeBufferPointer(start: row.buffers.runs, count: fillCount)
        if fillCount > 0 { fill.blit(row.y, fillRuns) }
        if ringCount > 0 { ring.blit(row.y, UnsafeBufferPointer(start: row.buffers.ringRuns, count: ringCount)) }
        if fillCount > 0 { ScanConverter.prefetchNextRow(after: row.y, fillRuns, fill) }
    }
}

/// One colour painted straight into the surface as the walk over each row finds the coverage
/// (`ScanConverter.paint(in:fillRule:with:)` and `paintRing(in:with:)` without a clip mask):
/// each touched pixel composited without a branch on its coverage (0 leaves a pixel as it
/// is, bit for bit), each stretch between touched cells as one span. The bytes of the runs
/// `RunRowSink` or `RingRowSink` hands a `RunPainter`, without collecting them.
struct PaintingRowSink<Sum: RowPrefixSum>: SweepRowSink {
    let painter: RunPainter
    /// The prefix sum a row starts with, over that row's cells.
    let makeSum: (SweptRow) -> Sum

    @inline(__always) mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        var sum = makeSum(row)
        var writer = PixelWriter(pixels: painter.origin + row.y * painter.stride + row.left, color: painter.color)
        ScanConverter.walkSpans(width: row.width, row.spans, &spanCount, &sum, &writer)
        if writer.end > writer.start {
            painter.prefetch(row.y + 1, from: row.left + writer.start - 16, to: row.left + writer.end + 16)
        }
    }

    /// Paints each stretch `walkSpans` hands over.
    struct PixelWriter: RowRunWriter {
        /// The pixel of cell 0.
        let pixels: UnsafeMutablePointer<UInt32>
        let color: UInt32
        /// The cells painted so far: `start..<end` (empty while none are).
        var start = Int.max, end = Int.min

        @inline(__always) mutating func emit(_ c: Int, _ length: Int, _ sum: Sum) {
            let k = UInt32(sum.coverage)
            if length == 1 {
                let p = pixels + c
                p.pointee = Blend.overScaled(color, coverage: k, p.pointee)
            } else if length > 1 && k != 0 {
                Blend.blend(pixels, c, length, color, at: k)
            } else {
                return
            }
            if start == Int.max { start = c }
            end = c + length
        }
    }
}
