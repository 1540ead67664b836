import CIntrinsics

/// The pieces of up to four active edges in one pixel row, computed together in AVX2
/// (`piecesOfFourEdges`), and their shares for the cells of every piece that lies inside one or
/// two columns of the row.
///
/// `ScanConverter.accumulate` chooses between a piece inside one column and a piece across
/// several with a branch that goes either way from piece to piece (in S2 57% of the boxes'
/// 59,653 pieces a frame lie in one column, and the others in two or more), and it decides
/// after a chain of two conversions; the sweep's own test for an edge that crosses the whole
/// row went either way too. Here four edges at once give their pieces by the general formula
/// (the bits of the whole-row shortcut, `WholeRowEdgeTests`), and each piece both results, one
/// kept by a select. The sweep then adds each piece to its cells in the order of the active
/// list (`addShortPieces`), the others (three columns or more, or reaching past either end of
/// the row) through `accumulate`, so every cell gets the same additions in the same order, and
/// the same bits (`PieceBatchTests`).
///
/// A piece inside one column adds 0 to the cell after its two: a cell is never −0 (it starts at
/// +0, and a sum is −0 only when both terms are), so adding +0 leaves its bits as they are.
///
/// The batch is a value of pointers, like `ScanConverter.RowBuffers`, its memory owned by the
/// scan converter's row scratch: the same batch as a class was 2% slower in S2 (four pairs).
struct PieceBatch {
    /// How many edges go through the kernel at once.
    static let capacity = 4

    /// The pieces' ends, relative to the sweep area's first column, and their signed heights.
    private let xa: UnsafeMutablePointer<Double>
    private let xb: UnsafeMutablePointer<Double>
    private let height: UnsafeMutablePointer<Double>
    /// `piecesOfFourEdges`' shares: the first cell of each piece's two or three, and what they get.
    private let columns: UnsafeMutablePointer<Int32>
    private let shares: UnsafeMutablePointer<Double>

    /// A batch in memory of its own, which `deallocate()` gives back.
    static func allocate() -> PieceBatch {
        PieceBatch(
            xa: .allocate(capacity: capacity), xb: .allocate(capacity: capacity),
            height: .allocate(capacity: capacity), columns: .allocate(capacity: capacity),
            shares: .allocate(capacity: 4 * capacity))
    }

    private init(
        xa: UnsafeMutablePointer<Double>, xb: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>,
        columns: UnsafeMutablePointer<Int32>, shares: UnsafeMutablePointer<Double>
    ) {
        self.xa = xa
        self.xb = xb
        self.height = height
        self.columns = columns
        self.shares = shares
    }

    /// Gives the batch's memory back.
    func deallocate() {
        xa.deallocate()
        xb.deallocate()
        height.deallocate()
        columns.deallocate()
        shares.deallocate()
    }

    /// The pieces of the `count` (1…4) active edges `edges[indices[i]]` in the row from `rowTop`
    /// to `rowBottom`, for a sweep area from column `left` of `width` columns. Returns the lane
    /// marks `addShortPieces` takes: bit 8 + i when edge i has a piece in the row. Call only when
    /// `Blend.hasAVX2`.
    @inline(__always) func compute(
        _ edges: UnsafePointer<ScanConverter.Edge>, _ indices: UnsafePointer<Int32>, _ count: Int, rowTop: Double,
        rowBottom: Double, left: Int, width: Int
    ) -> Int {
        Int(
            piecesOfFourEdges(
                edges, indices, count, rowTop, rowBottom, Double(left), Double(width), xa, xb, height, columns,
                shares))
    }

    /// Adds the pieces of lanes `from..<count` (marked in `lanes`, from `compute`) to their cells
    /// and moves each lane's edge index from `indices` to `activeList[keep]`, advancing `keep`
    /// past an edge that goes on below `rowBottom` (`addShortPieces`), until a lane whose piece
    /// lies across three or more columns or past an end of the row: returns that lane, its edge
    /// moved, for `accumulate(_:width:_:_:_:recordsSpans:)`, or `count` when none is left.
    @inline(__always) func addShortPieces(
        _ lanes: Int, from: Int, _ count: Int, _ edges: UnsafePointer<ScanConverter.Edge>,
        _ activeList: UnsafeMutablePointer<Int32>, _ indices: UnsafePointer<Int32>, _ keep: inout Int,
        rowBottom: Double, outerCells: UnsafeMutablePointer<Double>, innerCells: UnsafeMutablePointer<Double>,
        _ spans: UnsafeMutablePointer<ScanConverter.ColumnSpan>, _ spanCount: inout Int, recordsSpans: Bool
    ) -> Int {
        spans.withMemoryRebound(to: UInt64.self, capacity: 1) { packed in
            CIntrinsics.addShortPieces(
                Int32(truncatingIfNeeded: lanes), from, count, edges, activeList, indices, &keep, rowBottom, columns,
                shares, outerCells, innerCells, packed, &spanCount, recordsSpans)
        }
    }

    /// Adds the piece of lane `i` to `cells` through `ScanConverter.accumulate`, with the
    /// arguments `accumulate` would have had in the scalar path: a lane `addShortPieces` stopped at.
    @inline(__always) func accumulate(
        _ i: Int, width: Int, _ cells: UnsafeMutablePointer<Double>,
        _ spans: UnsafeMutablePointer<ScanConverter.ColumnSpan>, _ spanCount: inout Int, recordsSpans: Bool
    ) {
        ScanConverter.accumulate(
            xa: xa[i], xb: xb[i], height: height[i], width: width, cells, spans, &spanCount, recordsSpans: recordsSpans)
    }
}
