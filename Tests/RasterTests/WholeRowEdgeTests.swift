import Geometry
import TestSupport
import Testing

@testable import Raster

/// The sweep's shortcut for an edge that crosses a whole row (its top and bottom are the row's,
/// its height exactly 1, no selects) leaves every cell with the bits of the general case.
@Suite struct WholeRowEdgeTests {
    /// Random outlines of lines and curves, rotated and scaled, with and without a ring's inner
    /// edges: the cells and spans of every row are the same bits both ways.
    @Test func wholeRowEdgesAccumulateTheGeneralBits() {
        var rng = SplitMix64(seed: 41)
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 100_000) / 100_000 }
        var sweptRows = 0
        for trial in 0..<150 {
            let scan = ScanConverter()
            var path = Path()
            path.move(to: Point(x: number(0, 120), y: number(0, 120)))
            for _ in 0..<(3 + Int(rng.next() % 6)) {
                let p = Point(x: number(0, 120), y: number(0, 120))
                if rng.next() % 2 == 0 {
                    path.addLine(to: p)
                } else {
                    path.addQuadCurve(to: p, control: Point(x: number(0, 120), y: number(0, 120)))
                }
            }
            path.closeSubpath()
            let transform = AffineTransform(rotationAngle: number(-1.5, 1.5))
                .concatenating(AffineTransform(scaleX: number(0.4, 1.6), y: number(0.4, 1.6)))
                .concatenating(AffineTransform(translationX: number(-20, 40), y: number(-20, 40)))
            scan.addPath(path, transform: transform)
            if trial % 2 == 0 {
                var inner = Path()
                inner.addRoundedRect(
                    Rect(x: number(10, 40), y: number(10, 40), width: number(20, 60), height: number(20, 60)),
                    cornerRadii: CornerRadii(all: number(0, 12)))
                scan.addPath(inner, transform: transform, inner: true)
            }
            let window = PixelRect(minX: 0, minY: 0, maxX: 150, maxY: 150)
            // The scalar path: the AVX2 one takes the general formula for every edge.
            var shortcut = RowRecorder<PaintingSweep>()
            scan.sweepRows(in: window, &shortcut, vectorPieces: false)
            var general = RowRecorder<PaintingSweepWithoutShortcut>()
            scan.sweepRows(in: window, &general, vectorPieces: false)
            #expect(shortcut.rows == general.rows, "trial \(trial)")
            sweptRows += shortcut.rows.count
        }
        // Thousands of rows were compared, most of them crossed whole by some edge.
        #expect(sweptRows > 5000)
    }
}
