import Geometry
import TestSupport
import Testing

@testable import Raster

/// The two-pass flattener (`PathFlattener.flatten(_:transform:tolerance:into:)`) against the
/// flattening it replaced, written here as the definition: one pass, each curve's step count
/// found when the curve is reached, each segment handed on as it is made.
struct PathFlatteningTests {
    /// A pen that draws straight segments: a move closes the open subpath first, a close
    /// draws back to the subpath's start unless the pen is there, and so does the end.
    struct Pen {
        var segments: [PathFlattener.Segment] = []
        var start = Point.zero, current = Point.zero
        var open = false

        mutating func move(to p: Point) {
            close()
            (start, current, open) = (p, p, true)
        }

        mutating func line(to q: Point) {
            segments.append(PathFlattener.Segment(current, q))
            current = q
        }

        /// Closes the subpath; the pen then stands at its start.
        mutating func close() {
            if open && current != start { segments.append(PathFlattener.Segment(current, start)) }
            open = false
            current = start
        }
    }

    /// One pass over `path`: the definition of the segments and their order, each curve's
    /// step count found when the curve is reached.
    func definitionSegments(_ path: Path, _ t: AffineTransform, tolerance: Double) -> [PathFlattener.Segment] {
        var pen = Pen()
        func stepsFor(_ squared: Double) -> Int {
            if !squared.isFinite || squared <= 1 { return 1 }
            return Int(min(squared.squareRoot().rounded(.up), Double(PathFlattener.maximumSteps)))
        }
        func curve(steps n: Int, end: Point, point: (Double, Double) -> Point) {
            for i in 1...n {
                let u = Double(i) / Double(n)
                pen.line(to: i == n ? end : point(u, 1 - u))
            }
        }
        for element in path.elements {
            switch element {
            case .move(let p): pen.move(to: t.apply(to: p))
            case .line(let p): pen.line(to: t.apply(to: p))
            case .quad(let c, let p):
                let p0 = pen.current, p1 = t.apply(to: c), p2 = t.apply(to: p)
                let d = Point(x: p0.x - 2 * p1.x + p2.x, y: p0.y - 2 * p1.y + p2.y)
                curve(steps: stepsFor((d.x * d.x + d.y * d.y).squareRoot() / (4 * tolerance)), end: p2) { u, v in
                    Point(
                        x: v * v * p0.x + 2 * u * v * p1.x + u * u * p2.x,
                        y: v * v * p0.y + 2 * u * v * p1.y + u * u * p2.y)
                }
            case .cubic(let c1, let c2, let p):
                let p0 = pen.current, p1 = t.apply(to: c1), p2 = t.apply(to: c2), p3 = t.apply(to: p)
                let a = Point(x: p0.x - 2 * p1.x + p2.x, y: p0.y - 2 * p1.y + p2.y)
                let b = Point(x: p1.x - 2 * p2.x + p3.x, y: p1.y - 2 * p2.y + p3.y)
                let dd = max((a.x * a.x + a.y * a.y).squareRoot(), (b.x * b.x + b.y * b.y).squareRoot())
                curve(steps: stepsFor(0.75 * dd / tolerance), end: p3) { u, v in
                    Point(
                        x: v * v * v * p0.x + 3 * v * v * u * p1.x + 3 * v * u * u * p2.x + u * u * u * p3.x,
                        y: v * v * v * p0.y + 3 * v * v * u * p1.y + 3 * v * u * u * p2.y + u * u * u * p3.y)
                }
            case .close: pen.close()
            }
        }
        pen.close()
        return pen.segments
    }

    func bits(_ s: PathFlattener.Segment) -> [UInt64] {
        [s.x0.bitPattern, s.y0.bitPattern, s.x1.bitPattern, s.y1.bitPattern]
    }

    /// Random paths of every element kind (subpaths closed and left open, a line straight after
    /// a close, repeated points, curves whose step count is 1 or capped, coordinates that are
    /// huge or not finite) under rotations, scales and translations: the same segments, bit for
    /// bit, in the same order, appended after what the buffer already held.
    @Test func twoPassesGiveTheOnePassSegments() {
        var rng = SplitMix64(seed: 7)
        func number(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(rng.next() % 1_000_000) / 1_000_000
        }
        var buffer = RawBuffer<PathFlattener.Segment>(capacity: 1)
        defer { buffer.deallocate() }
        var compared = 0
        for trial in 0..<400 {
            var path = Path()
            var last = Point(x: number(-50, 50), y: number(-50, 50))
            for _ in 0..<(1 + Int(rng.next() % 12)) {
                var p = Point(x: number(-50, 50), y: number(-50, 50))
                switch rng.next() % 12 {
                case 0: p = last
                case 1: p = Point(x: p.x * 1e200, y: p.y)
                case 2: p = Point(x: .nan, y: p.y)
                case 3: p = Point(x: p.x, y: .infinity)
                default: break
                }
                let near = Point(x: last.x + number(-0.01, 0.01), y: last.y + number(-0.01, 0.01))
                switch rng.next() % 7 {
                case 0: path.move(to: p)
                case 1, 2: path.addLine(to: p)
                case 3: path.addQuadCurve(to: p, control: rng.next() % 3 == 0 ? near : Point(x: number(-80, 80), y: 0))
                case 4:
                    path.addCurve(
                        to: p, control1: Point(x: number(-80, 80), y: number(-80, 80)),
                        control2: rng.next() % 3 == 0 ? near : Point(x: number(-80, 80), y: number(-80, 80)))
                default: path.closeSubpath()
                }
                last = p
            }
            let angle = number(-3.2, 3.2), scale = number(0.1, 30)
            let t = AffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale)
                .concatenating(AffineTransform(translationX: number(-500, 500), y: number(-500, 500)))
            let tolerance = trial % 2 == 0 ? PathFlattener.tolerance : 0.001
            let held = Int(rng.next() % 3)
            buffer.count = 0
            for _ in 0..<held { buffer.append(PathFlattener.Segment(Point(x: 1, y: 2), Point(x: 3, y: 4))) }
            PathFlattener.flatten(path, transform: t, tolerance: tolerance, into: &buffer)
            let expected = definitionSegments(path, t, tolerance: tolerance)
            #expect(buffer.count == held + expected.count, "trial \(trial)")
            guard buffer.count == held + expected.count else { continue }
            for i in 0..<held {
                #expect(bits(buffer[i]) == bits(PathFlattener.Segment(Point(x: 1, y: 2), Point(x: 3, y: 4))))
            }
            for (i, s) in expected.enumerated() where bits(buffer[held + i]) != bits(s) {
                Issue.record("trial \(trial), segment \(i): \(buffer[held + i]) instead of \(s)")
                break
            }
            compared += expected.count
        }
        #expect(compared > 5000)
    }

    /// The edges made four at a time in AVX2 (`edgesOfSegments`) have the scalar loop's bits,
    /// and the bounds its values, for runs of every length (the scalar loop takes a run's last
    /// one to three segments), after edges already in the list, from segments of every kind:
    /// level, vertical, degenerate, huge, with −0, NaN or infinities among their coordinates.
    @Test(.enabled(if: Blend.hasAVX2)) func edgesFourAtATimeHaveTheScalarBits() {
        var rng = SplitMix64(seed: 11)
        func coordinate() -> Double {
            switch rng.next() % 16 {
            case 0: return .nan
            case 1: return rng.next() % 2 == 0 ? .infinity : -.infinity
            case 2: return -0.0
            case 3: return 1e300 * (rng.next() % 2 == 0 ? 1 : -1)
            case 4: return Double(rng.next() % 40)
            default: return Double(Int64(rng.next() % 2_000_001) - 1_000_000) / 997
            }
        }
        func segment() -> PathFlattener.Segment {
            let a = Point(x: coordinate(), y: coordinate())
            switch rng.next() % 6 {
            case 0: return PathFlattener.Segment(a, Point(x: coordinate(), y: a.y))  // level
            case 1: return PathFlattener.Segment(a, Point(x: a.x, y: coordinate()))  // vertical
            case 2: return PathFlattener.Segment(a, a)
            default: return PathFlattener.Segment(a, Point(x: coordinate(), y: coordinate()))
            }
        }
        func edgeBits(_ list: ScanConverter.EdgeList) -> [[UInt64]] {
            (0..<list.edges.count).map {
                let e = list.edges[$0]
                return [e.x0, e.y0, e.x1, e.y1, e.dxdy, e.direction].map(\.bitPattern) + [e.inner ? 1 : 0]
            }
        }
        var kept = 0
        for trial in 0..<600 {
            let runs = (0..<(1 + Int(rng.next() % 3))).map { _ in (0..<Int(rng.next() % 14)).map { _ in segment() } }
            var vector = ScanConverter.EdgeList(), scalar = ScanConverter.EdgeList()
            defer {
                vector.edges.deallocate()
                scalar.edges.deallocate()
            }
            for (k, run) in runs.enumerated() {
                vector.inner = k % 2 == 1
                scalar.inner = k % 2 == 1
                run.withUnsafeBufferPointer {
                    vector.add($0)
                    scalar.add($0, vectorEdges: false)
                }
            }
            #expect(edgeBits(vector) == edgeBits(scalar), "trial \(trial)")
            #expect(
                [vector.minX, vector.minY, vector.maxX, vector.maxY]
                    == [scalar.minX, scalar.minY, scalar.maxX, scalar.maxY], "trial \(trial)")
            kept += scalar.edges.count
        }
        #expect(kept > 1000)
    }

    /// Each segment becomes an edge running downwards, with its slope and its direction; level
    /// and non-finite segments are dropped; the bounds are those of the edges kept.
    @Test func segmentsBecomeDownwardEdgesWithTheirBounds() {
        let points: [(Double, Double, Double, Double)] = [
            (1, 5, 3, 1),  // upwards
            (2, 2, 7, 2),  // level: dropped
            (-4, 0, -1, 6),  // downwards
            (0, 0, .nan, 1),  // not finite: dropped
            (100, -3, .infinity, 4),  // not finite: dropped
            (9, -0.0, 9, 0.5),  // vertical
        ]
        let segments = points.map { PathFlattener.Segment(Point(x: $0.0, y: $0.1), Point(x: $0.2, y: $0.3)) }
        var list = ScanConverter.EdgeList()
        defer { list.edges.deallocate() }
        list.inner = true
        segments.withUnsafeBufferPointer { list.add($0) }
        let edges = (0..<list.edges.count).map { list.edges[$0] }
        #expect(
            edges.map { [$0.x0, $0.y0, $0.x1, $0.y1, $0.dxdy, $0.direction] } == [
                [3, 1, 1, 5, -0.5, -1], [-4, 0, -1, 6, 0.5, 1], [9, -0.0, 9, 0.5, 0, 1],
            ])
        #expect(edges.allSatisfy { $0.inner })
        #expect([list.minX, list.minY, list.maxX, list.maxY] == [-4, 0, 9, 6])
    }
}
