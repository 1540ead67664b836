import TestSupport
import Testing

@testable import Raster

/// `ScanConverter.accumulate`, which adds one edge piece's signed area to a row's cells, against
/// the column-by-column form it is written from.
@Suite struct PieceAccumulationTests {
    /// The straightforward accumulation: every column the piece crosses gets the height of the
    /// part of the piece above it, split between the column and the next by where that part's
    /// middle lies. `accumulate` takes the columns a piece crosses whole without the bounds and
    /// the middle (`slope · 0.5` to each cell), which must come to the same bits.
    func reference(xa: Double, xb: Double, height d: Double, width: Int, _ cells: inout [Double]) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let limit = Double(width)
        if xr <= 0 {
            cells[0] += d
            return
        }
        if xl >= limit { return }
        let firstColumn = Int(max(xl, -1).rounded(.down))
        if xr - xl < 1e-12 || Int(min(xr, limit + 1).rounded(.up)) - 1 == firstColumn {
            let c = max(0, firstColumn)
            let inside = min(1, max((xl + xr) * 0.5 - Double(c), 0))
            cells[c] += d * (1 - inside)
            cells[c + 1] += d * inside
            return
        }
        let slope = d / (xr - xl)
        var first = 0
        if xl < 0 {
            cells[0] += slope * -xl
        } else {
            first = firstColumn
        }
        let last = xr >= limit ? width - 1 : Int(xr.rounded(.up)) - 1
        if first > last { return }
        for c in first...last {
            let left = Double(c)
            let lo = max(xl, left), hi = min(xr, left + 1)
            let share = slope * (hi - lo)
            let inside = (lo + hi) * 0.5 - left
            cells[c] += share * (1 - inside)
            cells[c + 1] += share * inside
        }
    }

    /// Pieces of every kind (inside one column, across two, across dozens, starting left of the
    /// row, ending past it, on whole columns), added on top of one another into the same cells
    /// as a row's pieces are, give the reference's cells bit for bit.
    @Test func piecesAddTheReferenceBitsToTheCells() {
        var rng = SplitMix64(seed: 21)
        func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let width = 48
        for round in 0..<3000 {
            var expected = [Double](repeating: 0, count: width + 2)
            var cells = expected
            var spans = [ScanConverter.ColumnSpan](repeating: ScanConverter.ColumnSpan(bits: 0), count: 16)
            var count = 0
            for piece in 0..<8 {
                let start = uniform() * 60 - 6
                let run: Double
                switch (round + piece) % 4 {
                case 0: run = uniform() * 0.9
                case 1: run = uniform() * 2.5
                case 2: run = uniform() * 50
                default: run = Double(Int(uniform() * 6))
                }
                var xa = (start * 4).rounded() / 4, xb = xa + (rng.next() % 2 == 0 ? run : -run)
                if piece % 3 == 0 { (xa, xb) = (start, start + run) }
                let d = (uniform() * 2 - 1) * (piece % 2 == 0 ? 1 : 0.25)
                reference(xa: xa, xb: xb, height: d, width: width, &expected)
                cells.withUnsafeMutableBufferPointer { c in
                    spans.withUnsafeMutableBufferPointer { s in
                        ScanConverter.accumulate(
                            xa: xa, xb: xb, height: d, width: width, c.baseAddress!, s.baseAddress!, &count)
                    }
                }
                count = 0
            }
            #expect(
                cells.map(\.bitPattern) == expected.map(\.bitPattern), "round \(round)")
        }
    }
}
