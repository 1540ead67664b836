/// Where `ScanConverter.walkSpans` writes a row's runs: for each stretch of pixels whose
/// prefix sum is constant, the coverage (or coverages) that sum gives.
protocol RowRunWriter {
    /// The prefix sum the walk keeps along the row.
    associatedtype Sum: RowPrefixSum
    /// Writes the `length` pixels from cell `c`, all covered as `sum` says.
    mutating func emit(_ c: Int, _ length: Int, _ sum: Sum)
}

/// One row of runs, of the coverage a prefix sum gives.
struct RowRuns<Sum: RowPrefixSum>: RowRunWriter {
    var runs: RunAppender

    @inline(__always) mutating func emit(_ c: Int, _ length: Int, _ sum: Sum) {
        runs.emit(c, length, sum.coverage)
    }
}

/// Two rows of runs from one ring's prefix sums: the outer shape filled under the non-zero
/// rule (what `FillPrefixSum` gives for the outer cells alone) and the ring itself.
struct FillAndRingRuns: RowRunWriter {
    var fill: RunAppender
    var ring: RunAppender

    @inline(__always) mutating func emit(_ c: Int, _ length: Int, _ sum: RingPrefixSum) {
        let (fillCoverage, ringCoverage) = sum.fillAndRingCoverage
        fill.emit(c, length, fillCoverage)
        ring.emit(c, length, ringCoverage)
    }
}
