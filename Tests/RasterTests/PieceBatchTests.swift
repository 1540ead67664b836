import Geometry
import TestSupport
import Testing

@testable import Raster

/// The active edges' pieces computed four at a time in AVX2 (`PieceBatch`) give every cell of
/// every row the bits, and every row the spans, that the scalar path gives.
@Suite(.enabled(if: Blend.hasAVX2)) struct PieceBatchTests {
    /// Sweeps `scan` both ways, recording with `RowRecorder<Spans>`, and returns the rows compared.
    func compareBothWays<Spans: SweepChoice>(
        _ scan: ScanConverter, _ window: PixelRect, _: Spans.Type, trial: Int
    ) -> Int {
        var vector = RowRecorder<Spans>()
        scan.sweepRows(in: window, &vector)
        var scalar = RowRecorder<Spans>()
        scan.sweepRows(in: window, &scalar, vectorPieces: false)
        #expect(vector.rows == scalar.rows, "trial \(trial), spans \(Spans.recordsSpans)")
        return vector.rows.count
    }

    /// Edges of every kind, many to a row, into a ring's two rows of cells: long and short, steep
    /// and nearly level, on whole and half pixels (ending on a row's top or bottom, lying on a
    /// column's edge), narrower than 10⁻¹² across a column's edge, reaching past both ends of
    /// the window and far outside it, and curves.
    @Test func piecesFourAtATimeAccumulateTheScalarBits() {
        var rng = SplitMix64(seed: 43)
        func number(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(rng.next() % 1_000_000) / 1_000_000
        }
        var sweptRows = 0
        for trial in 0..<300 {
            let scan = ScanConverter()
            for inner in [false, true] where !inner || trial % 2 == 0 {
                var path = Path()
                let start = Point(x: number(-30, 150), y: number(-10, 130))
                path.move(to: start)
                var last = start
                for _ in 0..<(4 + Int(rng.next() % 14)) {
                    var p = Point(x: number(-30, 150), y: number(-10, 130))
                    switch rng.next() % 8 {
                    case 0: p = Point(x: p.x.rounded(), y: p.y.rounded())
                    case 1: p = Point(x: (p.x * 2).rounded() / 2, y: (p.y * 2).rounded() / 2)
                    case 2: p = Point(x: last.x, y: p.y)
                    case 3: p = Point(x: p.x, y: last.y + number(-0.5, 0.5))
                    case 4: p = Point(x: last.x.rounded() + number(-1e-13, 1e-13), y: last.y + number(-3, 3))
                    case 5: p = Point(x: p.x * 1e6, y: p.y)
                    default: break
                    }
                    if rng.next() % 4 == 0 {
                        path.addQuadCurve(to: p, control: Point(x: number(-30, 150), y: number(-10, 130)))
                    } else {
                        path.addLine(to: p)
                    }
                    last = p
                }
                path.closeSubpath()
                scan.addPath(path, transform: .identity, inner: inner)
            }
            let window =
                trial % 3 == 0
                ? PixelRect(minX: 0, minY: 0, maxX: 120, maxY: 120)
                : PixelRect(
                    minX: Int(rng.next() % 40), minY: Int(rng.next() % 40), maxX: 60 + Int(rng.next() % 60),
                    maxY: 60 + Int(rng.next() % 60))
            sweptRows += compareBothWays(scan, window, PaintingSweep.self, trial: trial)
            sweptRows += compareBothWays(scan, window, DenseSweep.self, trial: trial)
        }
        // Tens of thousands of rows were compared.
        #expect(sweptRows > 20000)
    }
}
