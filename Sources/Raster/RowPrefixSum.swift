import CIntrinsics

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

    @inline(__always) var coverage: UInt8 { fillAndRingCoverage.ring }

    /// The outer shape's own coverage under the non-zero rule (`ScanConverter.quantize`), and
    /// the ring's (`quantizeCoverage` of outer minus inner), without a branch: both areas are
    /// clamped to 0…1 first, so the ring's lies in −1…1 and only its negative side needs a
    /// clamp. Coverage changes from pixel to pixel along an edge, so the branches of the
    /// general quantizers were mispredicted there; `CoverageTests` checks the bytes
    /// against them.
    @inline(__always) var fillAndRingCoverage: (fill: UInt8, ring: UInt8) {
        Self.fillAndRingCoverage(outer: outer, inner: inner)
    }

    /// `fillAndRingCoverage` for the sums `outer` and `inner`.
    @inline(__always) static func fillAndRingCoverage(outer: Double, inner: Double) -> (fill: UInt8, ring: UInt8) {
        let o = min(abs(outer), 1), i = min(abs(inner), 1)
        return (unitToByte(o), unitToByte(greaterOf(o - i, 0)))
    }
}
