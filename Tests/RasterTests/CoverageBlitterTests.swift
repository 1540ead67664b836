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
}
