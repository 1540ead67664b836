/// Writes a row's coverage runs, merging a run into the previous one when it
/// continues it with the same coverage (so interiors come out as one run).
///
/// Stretches must come in order and without gaps, as `ScanConverter.walkSpans` hands them
/// over (zero coverage included): then a stretch continues the last run exactly when the
/// stretch before it had the same, non-zero coverage: one byte of state says so, and the last
/// run is not read back to compare its end and coverage.
struct RunAppender {
    let runs: UnsafeMutablePointer<CoverageRun>
    /// The device column of cell 0.
    let left: Int
    /// One past the last run written.
    private var end: UnsafeMutablePointer<CoverageRun>
    /// The coverage of the last stretch (0 before the first).
    private var lastCoverage: UInt8 = 0

    init(runs: UnsafeMutablePointer<CoverageRun>, left: Int) {
        self.runs = runs
        self.left = left
        end = runs
    }

    /// Runs written so far.
    var count: Int { end - runs }

    @inline(__always) mutating func emit(_ c: Int, _ length: Int, _ coverage: UInt8) {
        if length <= 0 { return }
        if coverage == lastCoverage {
            if coverage != 0 { end[-1].count += length }
            return
        }
        lastCoverage = coverage
        if coverage == 0 { return }
        end.initialize(to: CoverageRun(x: c + left, count: length, coverage: coverage))
        end += 1
    }
}
