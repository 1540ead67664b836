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
///
/// The batch is a value of pointers, like `ScanConverter.RowBuffers`, its memory owned by the
/// scan converter's row scratch: the same batch as a class was 2% slower in S2 (four pairs).
struct PieceBatch {
    /// How many pieces wait at most.
    static let capacity = 4

    /// The pieces' ends, relative to the sweep area's first column.
    let xa: UnsafeMutablePointer<Double>
    let xb: UnsafeMutablePointer<Double>
    /// The pieces' signed heights.
    let height: UnsafeMutablePointer<Double>
    /// The row of cells each piece adds to (a ring's outer or inner shape's).
    let cells: UnsafeMutablePointer<UnsafeMutablePointer<Double>>
    /// `sharesOfShortPieces`' results.
    private let columns: UnsafeMutablePointer<Int32>
    private let shares: UnsafeMutablePointer<Double>

    /// A batch in memory of its own, which `deallocate()` gives back.
    static func allocate() -> PieceBatch {
        PieceBatch(
            xa: .allocate(capacity: capacity), xb: .allocate(capacity: capacity),
            height: .allocate(capacity: capacity), cells: .allocate(capacity: capacity),
            columns: .allocate(capacity: capacity), shares: .allocate(capacity: 4 * capacity))
    }

    private init(
        xa: UnsafeMutablePointer<Double>, xb: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>,
        cells: UnsafeMutablePointer<UnsafeMutablePointer<Double>>, columns: UnsafeMutablePointer<Int32>,
        shares: UnsafeMutablePointer<Double>
    ) {
        self.xa = xa
        self.xb = xb
        self.height = height
        self.cells = cells
        self.columns = columns
        self.shares = shares
        for p in [xa, xb, height] { p.initialize(repeating: 0, count: Self.capacity) }
    }

    /// Gives the batch's memory back.
    func deallocate() {
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
