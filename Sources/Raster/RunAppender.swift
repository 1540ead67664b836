/// Writes a row's coverage runs, merging a run into the previous one when it
/// continues it with the same coverage (so interiors come out as one run).
struct RunAppender {
    let runs: UnsafeMutablePointer<CoverageRun>
    /// The device column of cell 0.
    let left: Int
    /// Runs written so far.
    var count = 0

    @inline(__always) mutating func emit(_ c: Int, _ length: Int, _ coverage: UInt8) {
        if coverage == 0 || length <= 0 { return }
        if count > 0, runs[count - 1].coverage == coverage, runs[count - 1].x + runs[count - 1].count == c + left {
            runs[count - 1].count += length
        } else {
            runs[count] = CoverageRun(x: c + left, count: length, coverage: coverage)
            count += 1
        }
    }
}
