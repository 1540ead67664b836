import CIntrinsics
import Geometry

/// Turns a path into straight device-space segments.
///
/// Curves are split into uniform parameter steps whose count bounds the
/// distance between the curve and its chords by `tolerance` pixels: for a
/// quadratic the deviation is at most |p0 − 2p1 + p2| / (4n²), for a cubic at
/// most 3/4 · max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|) / n² (the standard
/// second-difference bound, as in Wang's formula).
///
/// The work is done in two passes over the path's elements. The first finds every curve's step
/// count: a chain of a square root, a division, another square root and a rounding, which the
/// loop over a curve's steps, done at once, waited for before its exit could be known (a
/// branch that goes the other way at the end of every curve). The second writes the segments
/// into memory reserved for all of them, counted in a register: appended one by one, each
/// segment's append waited for the last one's count to come back from memory. Measured with
/// the edges made from the segments (`ScanConverter.EdgeList.add(_:)`): quadratics like a
/// glyph's 17.0 → 9.8–10.1 ns a segment, a rotated rounded rectangle's cubics 13.7 → 9.5 ns;
/// S2's rotated labels 8% shorter. `PathFlatteningTests` holds the segments to the one-pass
/// flattening's, bit for bit.
struct PathFlattener {
    /// Maximum distance in pixels between a curve and its polyline.
    static let tolerance = 0.02
    static let maximumSteps = 4096

    /// A straight segment from (x0, y0) to (x1, y1), in device pixels (`PathSegment`, declared
    /// in C for the AVX2 kernel that makes edges of it).
    typealias Segment = PathSegment

    /// Appends to `segments` every straight segment of `path` mapped by `transform`, in the
    /// path's order, closing every subpath (fills treat open subpaths as closed). Curves are
    /// within `tolerance` pixels of their chords (tests use a finer tolerance for reference
    /// renderings).
    static func flatten(
        _ path: Path, transform t: AffineTransform, tolerance: Double = tolerance,
        into segments: inout RawBuffer<Segment>
    ) {
        let elements = path.elements
        if elements.isEmpty { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: elements.count) { steps in
            let total = countSteps(elements, transform: t, tolerance: tolerance, into: steps.baseAddress!)
            segments.reserve(segments.count + total)
            let out = segments.base
            var written = segments.count
            var start = Point.zero
            var current = Point.zero
            var open = false
            @inline(__always) func add(_ a: Point, _ b: Point) {
                out[written] = Segment(a, b)
                written += 1
            }
            @inline(__always) func closeIfOpen() {
                if open && current != start { add(current, start) }
                open = false
            }
            for (k, e) in elements.enumerated() {
                switch e {
                case .move(let p):
                    closeIfOpen()
                    start = t.apply(to: p)
                    current = start
                    open = true
                case .line(let p):
                    let q = t.apply(to: p)
                    add(current, q)
                    current = q
                case .quad(let c, let p):
                    let p1 = t.apply(to: c), p2 = t.apply(to: p), p0 = current
                    let n = steps[k]
                    var prev = p0
                    for i in 1..<n {
                        let u = Double(i) / Double(n), v = 1 - u
                        let q = Point(
                            x: v * v * p0.x + 2 * u * v * p1.x + u * u * p2.x,
                            y: v * v * p0.y + 2 * u * v * p1.y + u * u * p2.y)
                        add(prev, q)
                        prev = q
                    }
                    add(prev, p2)
                    current = p2
                case .cubic(let c1, let c2, let p):
                    let p0 = current, p1 = t.apply(to: c1), p2 = t.apply(to: c2), p3 = t.apply(to: p)
                    let n = steps[k]
                    var prev = p0
                    for i in 1..<n {
                        let u = Double(i) / Double(n), v = 1 - u
                        let q = Point(
                            x: v * v * v * p0.x + 3 * v * v * u * p1.x + 3 * v * u * u * p2.x + u * u * u * p3.x,
                            y: v * v * v * p0.y + 3 * v * v * u * p1.y + 3 * v * u * u * p2.y + u * u * u * p3.y)
                        add(prev, q)
                        prev = q
                    }
                    add(prev, p3)
                    current = p3
                case .close:
                    closeIfOpen()
                    current = start
                }
            }
            closeIfOpen()
            segments.count = written
        }
    }

    /// Writes each curve's step count to `steps[k]` for element `k` (other elements' entries are
    /// left as they are) and returns how many segments `flatten` can write at most: one for each
    /// step and line, and one closing segment for each move and at the end.
    private static func countSteps(
        _ elements: [Path.Element], transform t: AffineTransform, tolerance: Double,
        into steps: UnsafeMutablePointer<Int>
    ) -> Int {
        var start = Point.zero
        var current = Point.zero
        var total = 1
        for (k, e) in elements.enumerated() {
            switch e {
            case .move(let p):
                start = t.apply(to: p)
                current = start
                total += 1
            case .line(let p):
                current = t.apply(to: p)
                total += 1
            case .quad(let c, let p):
                let p1 = t.apply(to: c), p2 = t.apply(to: p), p0 = current
                let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                steps[k] = stepCount(dd / (4 * tolerance))
                total += steps[k]
                current = p2
            case .cubic(let c1, let c2, let p):
                let p0 = current, p1 = t.apply(to: c1), p2 = t.apply(to: c2), p3 = t.apply(to: p)
                let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
                let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
                let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                steps[k] = stepCount(0.75 * dd / tolerance)
                total += steps[k]
                current = p3
            case .close:
                current = start
                total += 1
            }
        }
        return total
    }

    /// ⌈√squared⌉ steps, at least 1 and at most `maximumSteps`. The ceiling is `ceilToInt`, not
    /// `rounded(.up)` (a libm call on baseline x86-64), and the bound is applied first, so a
    /// curve thrown far off by a huge transform gets `maximumSteps` instead of a trap in the
    /// conversion.
    private static func stepCount(_ squared: Double) -> Int {
        guard squared.isFinite, squared > 1 else { return 1 }
        let root = squared.squareRoot()
        return root >= Double(maximumSteps) ? maximumSteps : ceilToInt(root)
    }
}

extension PathSegment {
    /// The segment from `a` to `b`.
    @inline(__always) init(_ a: Point, _ b: Point) {
        self.init(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
    }
}
