import Geometry
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
