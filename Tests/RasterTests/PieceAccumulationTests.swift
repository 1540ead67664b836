import TestSupport
import Testing

@testable import Raster

/// `ScanConverter.accumulate`, which adds one edge piece's signed area to a row's cells.
@Suite struct PieceAccumulationTests {
    /// The columns a piece crosses whole take a shortcut (`slope · 0.5` to each of two cells,
    /// without the bounds and the middle of the general formula). Pieces of every kind (inside
    /// one column, across two, across dozens, starting left of the row, ending past it, on
    /// whole columns), added on top of one another into the same cells as a row's pieces are,
    /// give the bits the general formula gives for every column.
    @Test func wholeColumnsAddTheGeneralFormulasBits() {
        var rng = SplitMix64(seed: 21)
        func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let width = 48
        var crossedWhole = 0
        for round in 0..<3000 {
            var cells = [Double](repeating: 0, count: width + 2)
            var general = cells
            var spans = [ScanConverter.ColumnSpan](repeating: ScanConverter.ColumnSpan(bits: 0), count: 2)
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
                if min(xa, xb) >= 0 && max(xa, xb) < Double(width) && max(xa, xb) - min(xa, xb) > 2 {
                    crossedWhole += 1
                }
                func add(into target: inout [Double], wholeColumns: Bool) {
                    var count = 0
                    target.withUnsafeMutableBufferPointer { c in
                        spans.withUnsafeMutableBufferPointer { s in
                            ScanConverter.accumulate(
                                xa: xa, xb: xb, height: d, width: width, c.baseAddress!, s.baseAddress!, &count,
                                wholeColumns: wholeColumns)
                        }
                    }
                }
                add(into: &cells, wholeColumns: true)
                add(into: &general, wholeColumns: false)
            }
            #expect(cells.map(\.bitPattern) == general.map(\.bitPattern), "round \(round)")
        }
        // Many pieces cross whole columns, so the shortcut was taken.
        #expect(crossedWhole > 2000)
    }
}
