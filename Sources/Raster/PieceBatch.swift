import CIntrinsics

/// Up to four edge pieces of one pixel row, accumulated together in AVX2.
///
/// `ScanConverter.accumulate` chooses between a piece inside one column and a piece across
/// several with a branch that goes either way from piece to piece (in S2 57% of the boxes'
/// 59,653 pieces a frame lie in one column, and the others in two or more), and it decides
/// after a chain of two conversions. Here four pieces go through `sharesOfShortPieces` at once:
/// both results for each, one kept by a select, for every piece that lies inside one or two
/// columns of the row; then each piece is added to its cells in the order the pieces came, the
/// others (three columns or more, or reaching past either end of the row) through
/// `accumulate`. Each cell gets the same additions in the same order, so the same bits
/// (`PieceAccumulationTests`).
///
/// A piece inside one column adds 0 to the cell after its two: a cell is never −0 (it starts at
/// +0, and a sum is −0 only when both terms are), so adding +0 leaves its bits as they are.
final class PieceBatch {
    /// How many pieces wait at most.
    static let capacity = 4

    /// The pieces' ends, relative to the sweep area's first column.
    let xa = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    let xb = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    /// The pieces' signed heights.
    let height = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
    /// The row of cells each piece adds to (a ring's outer or inner shape's).
    let cells = UnsafeMutablePointer<UnsafeMutablePointer<Double>>.allocate(capacity: capacity)
    /// `sharesOfShortPieces`' results.
    private let columns = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    private let shares = UnsafeMutablePointer<Double>.allocate(capacity: 4 * capacity)

    init() {
        xa.initialize(repeating: 0, count: Self.capacity)
        xb.initialize(repeating: 0, count: Self.capacity)
        height.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        xa.deallocate()
        xb.deallocate()
        height.deallocate()
        cells.deallocate()
        columns.deallocate()
        shares.deallocate()
    }

    /// Adds the first `count` pieces, in order, to their cells (`ScanConverter.accumulate` with
    /// the same arguments, one after the other). Call only when `Blend.hasAVX2`.
    @inline(__always) func accumulate(
        _ count: Int, width: Int, _ spans: UnsafeMutablePointer<ScanConverter.ColumnSpan>, _ spanCount: inout Int,
        recordsSpans: Bool
    ) {
        let lanes = Int(sharesOfShortPieces(xa, xb, height, Double(width), columns, shares))
        for i in 0..<count {
            guard lanes & (1 << i) != 0 else {
                ScanConverter.accumulate(
                    xa: xa[i], xb: xb[i], height: height[i], width: width, cells[i], spans, &spanCount,
                    recordsSpans: recordsSpans)
                continue
            }
            let c = Int(columns[i]), row = cells[i]
            row[c] += shares[i]
            row[c + 1] = (row[c + 1] + shares[4 + i]) + shares[8 + i]
            row[c + 2] += shares[12 + i]
            if recordsSpans {
                spans[spanCount] = ScanConverter.ColumnSpan(first: c, last: lanes & (16 << i) != 0 ? c + 1 : c + 2)
                spanCount += 1
            }
        }
    }
}
