import CIntrinsics

/// Composites rows of coverage runs of one colour into a surface, through
/// the innermost clip: the one painting routine behind every filled shape
/// (scan-converted paths and the analytic axis-aligned shapes alike), so
/// both produce the same bytes for the same runs.
///
/// A value of pointers taken once per shape; the canvas keeps the surface
/// and clip mask alive while it is used.
struct RunPainter: CoverageBlitter {
    /// The surface's first word, offset so that `words + y·stride + x` is device (x, y).
    let origin: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// The clip mask, offset the same way, or nil when the clip is a plain rectangle.
    let clipOrigin: UnsafePointer<UInt8>?
    let clipStride: Int
    /// Scratch for one row of combined coverage (at least the drawable width).
    let line: UnsafeMutablePointer<UInt8>
    /// The packed premultiplied colour.
    let color: UInt32
    /// `Blend.hasAVX2`, read once for the shape (every read of the global is a call).
    let avx2: Bool

    /// Paints `runs` on device row `y`. Runs must lie inside the drawable bounds.
    ///
    /// Every pixel gets the same bytes whichever kernel paints it: single
    /// pixels (most anti-aliased edge runs) are composited inline, longer runs
    /// by the span kernels, and under a clip mask by the coverage kernel; all
    /// compute `scale(color, c)` over the destination, full coverage giving
    /// the colour itself.
    @inline(__always) func blit(_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>) {
        let row = origin + y * stride
        if let clipOrigin {
            let clipRow = clipOrigin + y * clipStride
            for run in runs {
                let c = UInt32(run.coverage)
                for i in 0..<run.count {
                    line[i] = UInt8(truncatingIfNeeded: div255(c &* UInt32(clipRow[run.x + i])))
                }
                Blend.blend(row, run.x, run.count, color, coverage: UnsafePointer(line), avx2: avx2)
            }
            return
        }
        let opaque = color >> 24 == 255
        for run in runs {
            if run.count == 1 {
                let p = row + run.x
                if run.coverage == 255 {
                    p.pointee = opaque ? color : Blend.over(color, p.pointee)
                } else {
                    p.pointee = Blend.overScaled(color, coverage: UInt32(run.coverage), p.pointee)
                }
            } else {
                Blend.blend(row, run.x, run.count, color, at: UInt32(run.coverage))
            }
        }
    }

    /// Itself, when no clip mask stands between its colour and the surface.
    var directPainter: RunPainter? { clipOrigin == nil ? self : nil }

    /// Asks the processor to load the cache lines of row `y` from column `start` to `end`: the
    /// first 20 and the last 4 of them (all of a row up to 1,536 bytes, 384 pixels; a longer
    /// row's middle is painted in order, where the hardware's stream detection fetches ahead).
    ///
    /// A shape's rows are a surface row apart (4,680 bytes in a 1170-pixel frame), so every row
    /// starts on lines the hardware's stride detection has not fetched: in a frame larger than
    /// the second-level cache, the first load of each row stalled for the memory (more than a
    /// third of S2's time by `perf annotate`). Rows of a shape take longer to paint than memory
    /// takes to answer, so one row ahead is enough. A prefetch never faults, so rows and
    /// columns outside the surface are harmless (GCC's documentation of `__builtin_prefetch`).
    ///
    /// The lines are asked for by a jump into a run of prefetches (`prefetchLinesForWriting`):
    /// a loop over the row's lines ended after a count that changes from row to row, and its
    /// exit went the wrong way about once a row, and a fixed 24 prefetches with the addresses
    /// clamped to the row cost four instructions each. 32 lines were slower again, 16 the same
    /// as 24.
    @inline(__always) func prefetch(_ y: Int, from start: Int, to end: Int) {
        let row = origin + y * stride
        let first = UInt(bitPattern: row + start) & ~63
        let last = (UInt(bitPattern: row + end) &- 1) & ~63
        prefetchLinesForWriting(first, last)
    }

    /// Paints `count` pixels of row `y` from column `x` with per-pixel `coverage`
    /// (which must lie inside the drawable bounds).
    @inline(__always) func blit(_ y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let row = origin + y * stride
        if let clipOrigin {
            let clipRow = clipOrigin + y * clipStride + x
            for i in 0..<count {
                line[i] = UInt8(truncatingIfNeeded: div255(UInt32(coverage[i]) &* UInt32(clipRow[i])))
            }
            Blend.blend(row, x, count, color, coverage: UnsafePointer(line), avx2: avx2)
        } else {
            Blend.blend(row, x, count, color, coverage: coverage, avx2: avx2)
        }
    }
}

extension Canvas {
    /// A painter for `color` into the current layer through the current clip.
    ///
    /// The result holds raw pointers into the target surface and clip mask:
    /// use it before any layer or clip is pushed or popped.
    func makePainter(_ color: UInt32) -> RunPainter {
        let s = target
        let width = drawableBounds.width
        if lineCapacity < width {
            line.deallocate()
            lineCapacity = max(width, 2 * lineCapacity)
            line = .allocate(capacity: lineCapacity)
        }
        var clipOrigin: UnsafePointer<UInt8>?
        var clipStride = 0
        if let clip = clips.last, let mask = clip.mask {
            clipStride = clip.bounds.width
            clipOrigin = UnsafePointer(mask.values) - clip.bounds.minY * clipStride - clip.bounds.minX
        }
        return RunPainter(
            origin: s.words - s.bounds.minY * s.width - s.bounds.minX, stride: s.width,
            clipOrigin: clipOrigin, clipStride: clipStride, line: line, color: color, avx2: Blend.hasAVX2)
    }
}
