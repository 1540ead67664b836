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

    /// Pieces accumulated four at a time (`PieceBatch`, in AVX2) give the cells the bits, and the
    /// spans, that `accumulate` gives them one piece after another: pieces in one column, across
    /// two, across many, ending exactly on column edges, narrower than 10⁻¹² across an edge, at
    /// and past both ends of the row, and far outside it, into the two rows of a ring.
    @Test(.enabled(if: Blend.hasAVX2)) func piecesInBatchesAddAccumulatesBits() {
        var rng = SplitMix64(seed: 22)
        func uniform() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let width = 40, rowLength = width + 2
        let batch = PieceBatch.allocate()
        defer { batch.deallocate() }
        var batched = 0
        for round in 0..<4000 {
            let count = 1 + round % PieceBatch.capacity
            var pieces: [(xa: Double, xb: Double, d: Double, inner: Bool)] = []
            for piece in 0..<count {
                let start = uniform() * 50 - 5
                var xa: Double, xb: Double
                switch (round / PieceBatch.capacity + piece) % 8 {
                case 0: (xa, xb) = (start, start + uniform() * 0.9)
                case 1: (xa, xb) = (start, start + uniform() * 2.2)
                case 2: (xa, xb) = (start, start + uniform() * 30)
                case 3:
                    let edge = Double(Int(uniform() * 44) - 2)
                    (xa, xb) = (edge - uniform() * 1e-13, edge + uniform() * 1e-13)
                case 4:
                    let left = Double(Int(uniform() * 44) - 2)
                    (xa, xb) = (left + Double(rng.next() % 2) * uniform(), left + Double(1 + rng.next() % 2))
                case 5: (xa, xb) = ([0, Double(width), -1, Double(width + 1)][Int(rng.next() % 4)], start)
                case 6: (xa, xb) = ((start * 4).rounded() / 4, (start * 4).rounded() / 4)
                default: (xa, xb) = (start * 1e300, start)
                }
                if rng.next() % 2 == 0 { (xa, xb) = (xb, xa) }
                pieces.append((xa, xb, (uniform() * 2 - 1) * (piece % 2 == 0 ? 1 : 0.25), rng.next() % 2 == 0))
            }
            var cells = [Double](repeating: 0, count: 2 * rowLength)
            var reference = cells
            var spans = [ScanConverter.ColumnSpan](repeating: ScanConverter.ColumnSpan(bits: 0), count: count)
            var referenceSpans = spans
            var spanCount = 0, referenceCount = 0
            cells.withUnsafeMutableBufferPointer { c in
                spans.withUnsafeMutableBufferPointer { s in
                    for (i, p) in pieces.enumerated() {
                        batch.xa[i] = p.xa
                        batch.xb[i] = p.xb
                        batch.height[i] = p.d
                        batch.cells[i] = c.baseAddress! + (p.inner ? rowLength : 0)
                    }
                    batch.accumulate(count, width: width, s.baseAddress!, &spanCount, recordsSpans: true)
                }
            }
            reference.withUnsafeMutableBufferPointer { c in
                referenceSpans.withUnsafeMutableBufferPointer { s in
                    for p in pieces {
                        ScanConverter.accumulate(
                            xa: p.xa, xb: p.xb, height: p.d, width: width, c.baseAddress! + (p.inner ? rowLength : 0),
                            s.baseAddress!, &referenceCount)
                    }
                }
            }
            batched += pieces.filter { min($0.xa, $0.xb) >= 0 && max($0.xa, $0.xb) < Double(width) }.count
            #expect(cells.map(\.bitPattern) == reference.map(\.bitPattern), "round \(round)")
            #expect(spanCount == referenceCount, "round \(round)")
            #expect(
                spans.prefix(spanCount).map(\.bits) == referenceSpans.prefix(referenceCount).map(\.bits),
                "round \(round)")
        }
        #expect(batched > 4000)
    }
}
