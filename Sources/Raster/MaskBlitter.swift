/// Stores coverage runs in a dense, row-major mask over `bounds`: how glyph masks and clip masks
/// are filled.
///
/// The mask must start zeroed; pixels no run covers stay 0.
struct MaskBlitter: CoverageBlitter {
    /// `bounds.width · bounds.height` values, row-major.
    let values: UnsafeMutablePointer<UInt8>
    /// The device pixels the mask covers; every run must lie inside it.
    let bounds: PixelRect

    @inline(__always) func blit(_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>) {
        let row = values + ((y - bounds.minY) * bounds.width - bounds.minX)
        for run in runs {
            // Most runs on a glyph's edges are single pixels: store those directly.
            if run.count == 1 {
                row[run.x] = run.coverage
            } else {
                (row + run.x).update(repeating: run.coverage, count: run.count)
            }
        }
    }

    @inline(__always) func blit(_ y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        (values + ((y - bounds.minY) * bounds.width + (x - bounds.minX))).update(from: coverage, count: count)
    }
}
