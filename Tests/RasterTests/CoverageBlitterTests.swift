import Geometry
import TestSupport
import Testing

@testable import Raster

/// The blitter boundary: a dense row handed to a runs-only blitter arrives as the same coverage.
@Suite struct CoverageBlitterTests {
    @Test func aDenseRowArrivesAsMergedRunsWithoutZeros() {
        var received: [(Int, [CoverageRun])] = []
        let blitter = RowCallbackBlitter { y, runs in received.append((y, Array(runs))) }
        let coverage: [UInt8] = [0, 0, 40, 255, 255, 255, 0, 7, 7]
        coverage.withUnsafeBufferPointer { blitter.blit(3, x: 10, count: coverage.count, coverage: $0.baseAddress!) }
        #expect(received.count == 1 && received[0].0 == 3)
        let runs = received[0].1.map { [$0.x, $0.count, Int($0.coverage)] }
        #expect(runs == [[12, 1, 40], [13, 3, 255], [17, 2, 7]])
    }

    @Test func aMaskBlitterStoresRunsAndDenseRowsAtTheirPixels() {
        var values = [UInt8](repeating: 0, count: 4 * 3)
        values.withUnsafeMutableBufferPointer { buffer in
            let blitter = MaskBlitter(
                values: buffer.baseAddress!, bounds: PixelRect(minX: 5, minY: 7, maxX: 9, maxY: 10))
            let runs = [CoverageRun(x: 6, count: 2, coverage: 200), CoverageRun(x: 8, count: 1, coverage: 9)]
            runs.withUnsafeBufferPointer { blitter.blit(8, $0) }
            let dense: [UInt8] = [1, 2, 3, 4]
            dense.withUnsafeBufferPointer { blitter.blit(9, x: 5, count: 4, coverage: $0.baseAddress!) }
        }
        #expect(values == [0, 0, 0, 0, 0, 200, 200, 9, 1, 2, 3, 4])
    }

    /// A canvas to draw on, translucent, under a rotated rounded clip when `clipped`.
    func testCanvas(clipped: Bool) throws -> Canvas {
        let canvas = try Canvas(width: 240, height: 240, background: Color(red: 30, green: 90, blue: 160, alpha: 200))
        // The references below paint through the sweeps directly, which do not settle a
        // deferred clear as the canvas's drawing operations do.
        canvas.target.settleAll()
        if clipped {
            canvas.pushClip(
                Rect(x: 10, y: 10, width: 170, height: 150), cornerRadii: CornerRadii(all: 22),
                transform: AffineTransform(rotationAngle: 0.2))
        }
        return canvas
    }

    /// Paths at most 64 px wide (glyphs filled as outlines) are painted from dense rows of
    /// coverage, wider ones as the walk over each row finds them; the bytes are those of the
    /// runs route, under clip masks too, by either rule.
    @Test func pathsPaintTheBytesOfTheirRuns() throws {
        var rng = SplitMix64(seed: 31)
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 10_000) / 10_000 }
        for trial in 0..<200 {
            let size = trial % 2 == 0 ? 40.0 : 140.0
            var path = Path()
            path.move(to: Point(x: number(0, size), y: number(0, size)))
            for _ in 0..<(2 + Int(rng.next() % 5)) {
                let p = Point(x: number(0, size), y: number(0, size))
                if rng.next() % 2 == 0 {
                    path.addLine(to: p)
                } else {
                    path.addQuadCurve(to: p, control: Point(x: number(0, size), y: number(0, size)))
                }
            }
            path.closeSubpath()
            let transform = AffineTransform(rotationAngle: number(-1, 1))
                .concatenating(AffineTransform(scaleX: number(0.5, 1.5), y: number(0.5, 1.5)))
                .concatenating(AffineTransform(translationX: number(0, 60), y: number(0, 60)))
            let color = Color(
                red: UInt8(rng.next() % 256), green: UInt8(rng.next() % 256), blue: UInt8(rng.next() % 256),
                alpha: trial % 3 == 0 ? 255 : UInt8(1 + rng.next() % 254))
            let rule: FillRule = trial % 4 < 2 ? .nonZero : .evenOdd
            let clipped = trial % 8 >= 6
            let painted = try testCanvas(clipped: clipped)
            painted.fill(path, color: color, transform: transform, fillRule: rule)
            let runs = try testCanvas(clipped: clipped)
            runs.scan.reset()
            runs.scan.addPath(path, transform: transform)
            runs.scan.sweep(
                in: runs.drawableBounds, fillRule: rule, into: runs.makePainter(color.premultiplied.packedWord))
            #expect(painted.image == runs.image, "trial \(trial), \(runs.scan.edgeBounds.width) px wide")
        }
    }

    /// A border under rotation is painted as the walk finds it: the bytes of its ring's runs.
    @Test func rotatedBordersPaintTheBytesOfTheirRuns() throws {
        var rng = SplitMix64(seed: 32)
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 10_000) / 10_000 }
        for trial in 0..<60 {
            let rect = Rect(x: number(-60, -20), y: number(-60, -20), width: number(30, 120), height: number(30, 120))
            let radii = CornerRadii(all: number(0, 25)), width = number(0.3, 9)
            let transform = AffineTransform(rotationAngle: number(0.05, 1.5))
                .concatenating(AffineTransform(translationX: number(80, 140), y: number(80, 140)))
            let color = Color(
                red: UInt8(rng.next() % 256), green: UInt8(rng.next() % 256), blue: UInt8(rng.next() % 256),
                alpha: trial % 3 == 0 ? 255 : UInt8(1 + rng.next() % 254))
            let clipped = trial % 4 == 3
            let painted = try testCanvas(clipped: clipped)
            painted.strokeBorder(rect, cornerRadii: radii, width: width, color: color, transform: transform)
            let runs = try testCanvas(clipped: clipped)
            _ = runs.addBorderEdges(rect, cornerRadii: radii, width: width, transform: transform)
            runs.scan.sweepRing(in: runs.drawableBounds, into: runs.makePainter(color.premultiplied.packedWord))
            #expect(painted.image == runs.image, "trial \(trial)")
        }
    }

    @Test func aPrefetchHintChangesNoPixelEvenOutsideTheSurface() throws {
        let canvas = try Canvas(width: 37, height: 5)
        canvas.clear(Color(red: 50, green: 100, blue: 150, alpha: 200))
        let before = canvas.image.pixels
        let painter = canvas.makePainter(0xFF00_00FF)
        for (y, start, end) in [(0, 0, 37), (4, -40, 80), (-3, 0, 37), (5, 0, 37), (1_000_000, -1_000_000, 20)] {
            painter.prefetch(y, from: start, to: end)
        }
        #expect(canvas.image.pixels == before)
    }

    /// Records each hint and each painted row, in order.
    final class HintLog: CoverageBlitter {
        var events: [String] = []
        func blit(_ y: Int, _ runs: UnsafeBufferPointer<CoverageRun>) {
            events.append("blit \(y) \(runs.first!.x)..<\(runs.last!.x + runs.last!.count)")
        }
        func prefetch(_ y: Int, from start: Int, to end: Int) { events.append("prefetch \(y) \(start)..<\(end)") }
    }

    @Test func theSweepHintsEachNextRowOverItsRunsWithALineToSpare() {
        let scan = ScanConverter()
        scan.addSegment(Point(x: 40, y: 0), Point(x: 40, y: 2))
        scan.addSegment(Point(x: 3, y: 2), Point(x: 3, y: 0))
        let log = HintLog()
        scan.sweep(in: PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 64), fillRule: .nonZero, into: log)
        #expect(
            log.events == [
                "blit 0 3..<40", "prefetch 1 -13..<56", "blit 1 3..<40", "prefetch 2 -13..<56",
            ])
    }
}
