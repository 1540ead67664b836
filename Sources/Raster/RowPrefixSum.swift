/// A running sum along a row of accumulated cells and the coverage it gives.
protocol RowPrefixSum {
    /// Adds cell `c` to the sum and clears the cell for the next row.
    mutating func addAndClear(_ c: Int)
    /// The 8-bit coverage of the pixels the sum currently stands for.
    var coverage: UInt8 { get }
}

/// The prefix sum of one shape, folded by a fill rule.
struct FillPrefixSum: RowPrefixSum {
    let cells: UnsafeMutablePointer<Double>
    let fillRule: FillRule
    var sum = 0.0

    @inline(__always) mutating func addAndClear(_ c: Int) {
        sum += cells[c]
        cells[c] = 0
    }

    @inline(__always) var coverage: UInt8 { ScanConverter.quantize(sum, fillRule) }
}

/// The prefix sums of a ring's outer and inner shapes: coverage(outer) − coverage(inner).
struct RingPrefixSum: RowPrefixSum {
    let outerCells: UnsafeMutablePointer<Double>
    let innerCells: UnsafeMutablePointer<Double>
    var outer = 0.0, inner = 0.0

    @inline(__always) mutating func addAndClear(_ c: Int) {
        outer += outerCells[c]
        inner += innerCells[c]
        outerCells[c] = 0
        innerCells[c] = 0
    }

    @inline(__always) var coverage: UInt8 {
        quantizeCoverage(min(abs(outer), 1) - min(abs(inner), 1))
    }
}
