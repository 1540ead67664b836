import Geometry
import TestSupport
import Testing

@testable import Raster

/// Exact-area anti-aliasing: coverage equals the true area within 1/255.
@Suite struct CoverageTests {
    func alpha(_ canvas: Canvas, _ x: Int, _ y: Int) -> UInt8 { canvas.image[x, y].alpha }

    /// The ring sweep's branch-free coverage equals the general quantizers' on accumulated
    /// sums of every kind: inside, outside, beyond one winding, negative, and on the exact
    /// halves where rounding turns.
    @Test func branchFreeRingCoverageMatchesTheQuantizers() {
        var rng = SplitMix64(seed: 21)
        var sums: [Double] = [0, 1, -1, 2, -2.5, 0.5, -0.5, 1e-300, -0.0, 0.999_999_999]
        sums += (0...255).map { (Double($0) + 0.5) / 255 }
        sums += (0..<2000).map { _ in Double(Int64(bitPattern: rng.next()) % 3_000_000) / 1_000_000 }
        var cells = [Double](repeating: 0, count: 2)
        cells.withUnsafeMutableBufferPointer { cells in
            var sum = RingPrefixSum(outerCells: cells.baseAddress!, innerCells: cells.baseAddress! + 1)
            for (k, outer) in sums.enumerated() {
                for inner in [sums[(k * 7919) % sums.count], outer * 0.5, 0, outer] {
                    sum.outer = outer
                    sum.inner = inner
                    let (fill, ring) = sum.fillAndRingCoverage
                    #expect(fill == ScanConverter.quantize(outer, .nonZero), "outer \(outer)")
                    #expect(
                        ring == quantizeCoverage(min(abs(outer), 1) - min(abs(inner), 1)),
                        "outer \(outer), inner \(inner)")
                }
            }
        }
    }

    /// Quantizing through the unchecked conversion (`unitToByte`) gives the bytes of Swift's
    /// checked `UInt8(v * 255 + 0.5)`, on and next to every value where the rounding turns.
    @Test func uncheckedQuantizingEqualsTheCheckedConversion() {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = []
        for k in 0...255 {
            for v in [Double(k) / 255, (Double(k) + 0.5) / 255] where v > 0 && v < 1 {
                values += [v.nextDown, v, v.nextUp]
            }
        }
        values += (0..<100_000).map { _ in Double(rng.next() >> 11) * 0x1p-53 }
        for v in values where v > 0 && v < 1 {
            #expect(quantizeCoverage(v) == UInt8(v * 255 + 0.5), "\(v)")
            #expect(ScanConverter.quantize(v, .nonZero) == UInt8(v * 255 + 0.5), "\(v)")
        }
        // Outside 0…1 the clamp without branches gives what the tests of the bounds gave.
        for v in [0, -0.0, -1e-300, -3, 1, 1 + 1e-15, 7, .infinity, -.infinity, .nan] {
            #expect(quantizeCoverage(v) == (v >= 1 ? 255 : 0), "\(v)")
        }
    }

    /// Stretches of equal coverage merge into one run only when nothing uncovered lies between
    /// them; empty stretches change nothing.
    /// The rasterizer's floor and ceiling (a truncating conversion without range checks) equal
    /// the standard library's rounding over the range callers clamp to: whole numbers, the
    /// values either side of them, halves, negatives and zero's two signs.
    @Test func floorAndCeilingEqualTheStandardRounding() {
        var rng = SplitMix64(seed: 21)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 1e9, -1e9, 0x1p52, -0x1p52, 0x1p52 + 1, 4_503_599_627_370_495.5,
        ]
        for k in -3...3 { values += [Double(k).nextUp, Double(k).nextDown] }
        for _ in 0..<20_000 {
            let magnitude = Double(rng.next() % 1 << 40) / Double(1 << (rng.next() % 40))
            values.append(rng.next() % 2 == 0 ? magnitude : -magnitude)
        }
        for v in values {
            #expect(floorToInt(v) == Int(v.rounded(.down)), "floor of \(v)")
            #expect(ceilToInt(v) == Int(v.rounded(.up)), "ceiling of \(v)")
        }
    }

    @Test func runsMergeOnlyAcrossCoveredStretches() {
        let runs = UnsafeMutablePointer<CoverageRun>.allocate(capacity: 8)
        defer { runs.deallocate() }
        var appender = RunAppender(runs: runs, left: 10)
        for (c, length, coverage) in [(0, 2, 5), (2, 1, 5), (3, 0, 9), (3, 2, 0), (5, 1, 5), (6, 3, 255), (9, 1, 7)] {
            appender.emit(c, length, UInt8(coverage))
        }
        let written = (0..<appender.count).map { [runs[$0].x, runs[$0].count, Int(runs[$0].coverage)] }
        #expect(written == [[10, 3, 5], [15, 1, 5], [16, 3, 255], [19, 1, 7]])
    }

    /// A quadratic is split into ⌈√(|p0 − 2p1 + p2| / 4·tolerance)⌉ steps, capped: a control
    /// point thrown 10^150 px away gets the cap (the uncapped ceiling trapped converting to Int).
    @Test func curveStepsAreTheBoundsCeilingCapped() {
        func segments(control: Point) -> Int {
            var path = Path()
            path.move(to: Point(x: 0, y: 0))
            path.addQuadCurve(to: Point(x: 10, y: 10), control: control)
            var segments = RawBuffer<PathFlattener.Segment>(capacity: 1)
            defer { segments.deallocate() }
            PathFlattener.flatten(path, transform: .identity, into: &segments)
            return segments.count - 1  // the closing segment
        }
        // |(0, 0) − 2·(10, 0) + (10, 10)| = √200; √(√200 / 0.08) = 13.3.
        #expect(segments(control: Point(x: 10, y: 0)) == 14)
        #expect(segments(control: Point(x: 1e150, y: -1e150)) == PathFlattener.maximumSteps)
    }

    /// The sweep's inlined `min` gives the standard function's bits for every pair, signed
    /// zeros, infinities and NaN included.
    @Test func inlinedMinimumEqualsTheStandardOne() {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, .infinity, -.infinity, .nan, 2532, 2532.25]
        for x in values {
            for y in values {
                #expect(minDouble(x, y).bitPattern == min(x, y).bitPattern, "min(\(x), \(y))")
            }
        }
    }

    /// `greaterOf` gives `Swift.max`'s bits for every pair without a NaN, signed zeros and
    /// infinities included, and the second value when either is NaN.
    @Test func greaterOfEqualsTheStandardMaximumWithoutNaN() {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, .infinity, -.infinity, .nan, 2532, 2532.25]
        for x in values {
            for y in values {
                let expected = x.isNaN || y.isNaN ? y : max(x, y)
                #expect(greaterOf(x, y).bitPattern == expected.bitPattern, "greaterOf(\(x), \(y))")
            }
        }
    }

    @Test func quarterAndHalfCoveredColumns() throws {
        let canvas = try Canvas(width: 20, height: 4)
        canvas.fillRect(Rect(x: 10.25, y: 0, width: 5.5, height: 4), color: .black)
        // Column 10 is 75 % inside, column 15 is 75 % inside, 11…14 fully.
        #expect(alpha(canvas, 9, 1) == 0)
        #expect(alpha(canvas, 10, 1) == 191)  // 0.75 · 255 = 191.25
        #expect(alpha(canvas, 12, 1) == 255)
        #expect(alpha(canvas, 15, 1) == 191)
        #expect(alpha(canvas, 16, 1) == 0)

        let half = try Canvas(width: 4, height: 4)
        half.fillRect(Rect(x: 0, y: 0, width: 4, height: 1.5), color: .black)
        #expect(alpha(half, 2, 1) == 128)  // 127.5 rounds up
        #expect(alpha(half, 2, 0) == 255)
        #expect(alpha(half, 2, 2) == 0)
    }

    @Test func cornerPixelGetsProductOfCoverages() throws {
        let canvas = try Canvas(width: 4, height: 4)
        canvas.fillRect(Rect(x: 1.5, y: 1.25, width: 2, height: 2), color: .black)
        #expect(alpha(canvas, 1, 1) == 96)  // 0.5 · 0.75 = 0.375 → 95.6
        #expect(alpha(canvas, 2, 2) == 255)
        #expect(alpha(canvas, 3, 3) == 32)  // x 3…3.5 (0.5) · y 3…3.25 (0.25) = 0.125 → 31.9
    }

    @Test func diagonalEdgeHalvesPixels() throws {
        let canvas = try Canvas(width: 4, height: 4)
        var p = Path()
        p.addPolygon([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)])
        canvas.fill(p, color: .black)
        for i in 0..<4 { #expect(alpha(canvas, i, 3 - i) == 128) }
        #expect(alpha(canvas, 0, 0) == 255)
        #expect(alpha(canvas, 3, 3) == 0)
    }

    @Test func totalCoverageOfCircleMatchesItsArea() throws {
        let canvas = try Canvas(width: 64, height: 64)
        var p = Path()
        p.addEllipse(in: Rect(x: 7.3, y: 9.1, width: 40, height: 40))
        canvas.fill(p, color: .black)
        var total = 0.0
        for y in 0..<64 { for x in 0..<64 { total += Double(alpha(canvas, x, y)) / 255 } }
        // The cubic approximation of a circle is 0.027 % off in radius.
        #expect(abs(total - Double.pi * 400) < 0.002 * Double.pi * 400)
    }

    @Test func evenOddAndNonZeroDifferForNestedContours() throws {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(Rect(x: 3, y: 3, width: 4, height: 4))
        let a = try Canvas(width: 10, height: 10), b = try Canvas(width: 10, height: 10)
        a.fill(p, color: .black, fillRule: .nonZero)
        b.fill(p, color: .black, fillRule: .evenOdd)
        #expect(alpha(a, 5, 5) == 255)
        #expect(alpha(b, 5, 5) == 0)
        #expect(alpha(b, 1, 1) == 255)
    }

    @Test func shapesOutsideTheCanvasAreClippedExactly() throws {
        let canvas = try Canvas(width: 8, height: 8)
        var p = Path()
        p.addPolygon([Point(x: -100, y: -3), Point(x: 4.5, y: -3), Point(x: 4.5, y: 100), Point(x: -100, y: 100)])
        canvas.fill(p, color: .black)
        #expect(alpha(canvas, 0, 0) == 255)
        #expect(alpha(canvas, 4, 7) == 128)
        #expect(alpha(canvas, 5, 7) == 0)
    }

    @Test func hugeAndNonFiniteCoordinatesDoNotTrap() throws {
        let canvas = try Canvas(width: 8, height: 8)
        var p = Path()
        p.addPolygon([Point(x: -1e300, y: -1e300), Point(x: 1e300, y: 0), Point(x: .nan, y: 4)])
        canvas.fill(p, color: .black)
        canvas.fillRect(Rect(x: 0, y: 0, width: .infinity, height: 2), color: .black)
        #expect(canvas.width == 8)
    }
}
