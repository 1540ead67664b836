/// A blitter that hands each row to a closure, for a one-off consumer (image drawing).
struct RowCallbackBlitter: CoverageBlitter {
    /// Called with each row.
    let body: (Int, UnsafeBufferPointer<CoverageRun>) -> Void

    @inline(__always) func blit(_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>) { body(y, runs) }
}
