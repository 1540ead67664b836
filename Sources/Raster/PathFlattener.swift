import Geometry

/// Turns a path into straight device-space segments.
///
/// Curves are split into uniform parameter steps whose count bounds the
/// distance between the curve and its chords by `tolerance` pixels: for a
/// quadratic the deviation is at most |p0 − 2p1 + p2| / (4n²), for a cubic at
/// most 3/4 · max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|) / n² (the standard
/// second-difference bound, as in Wang's formula).
struct PathFlattener {
    /// Maximum distance in pixels between a curve and its polyline.
    static let tolerance = 0.02
    static let maximumSteps = 4096

    /// Calls `segment(a, b)` for every straight segment of `path` mapped by `transform`,
    /// closing every subpath (fills treat open subpaths as closed). Curves are
    /// within `tolerance` pixels of their chords (tests use a finer tolerance
    /// for reference renderings).
    static func flatten(
        _ path: Path, transform t: AffineTransform, tolerance: Double = tolerance, segment: (Point, Point) -> Void
    ) {
        var start = Point.zero
        var current = Point.zero
        var open = false
        func closeIfOpen() {
            if open && current != start { segment(current, start) }
            open = false
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                closeIfOpen()
                start = t.apply(to: p)
                current = start
                open = true
            case .line(let p):
                let q = t.apply(to: p)
                segment(current, q)
                current = q
            case .quad(let c, let p):
                let p1 = t.apply(to: c), p2 = t.apply(to: p), p0 = current
                let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                let n = steps(dd / (4 * tolerance))
                var prev = p0
                for i in 1...n {
                    let u = Double(i) / Double(n), v = 1 - u
                    let q =
                        i == n
                        ? p2
                        : Point(
                            x: v * v * p0.x + 2 * u * v * p1.x + u * u * p2.x,
                            y: v * v * p0.y + 2 * u * v * p1.y + u * u * p2.y)
                    segment(prev, q)
                    prev = q
                }
                current = p2
            case .cubic(let c1, let c2, let p):
                let p0 = current, p1 = t.apply(to: c1), p2 = t.apply(to: c2), p3 = t.apply(to: p)
                let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
                let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
                let dd = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                let n = steps(0.75 * dd / tolerance)
                var prev = p0
                for i in 1...n {
                    let u = Double(i) / Double(n), v = 1 - u
                    let q =
                        i == n
                        ? p3
                        : Point(
                            x: v * v * v * p0.x + 3 * v * v * u * p1.x + 3 * v * u * u * p2.x + u * u * u * p3.x,
                            y: v * v * v * p0.y + 3 * v * v * u * p1.y + 3 * v * u * u * p2.y + u * u * u * p3.y)
                    segment(prev, q)
                    prev = q
                }
                current = p3
            case .close:
                closeIfOpen()
                current = start
            }
        }
        closeIfOpen()
    }

    /// ⌈√squared⌉ steps, at least 1 and at most `maximumSteps`. The ceiling is `ceilToInt`, not
    /// `rounded(.up)` (a libm call on baseline x86-64), and the bound is applied first, so a
    /// curve thrown far off by a huge transform gets `maximumSteps` instead of a trap in the
    /// conversion.
    private static func steps(_ squared: Double) -> Int {
        guard squared.isFinite, squared > 1 else { return 1 }
        let root = squared.squareRoot()
        return root >= Double(maximumSteps) ? maximumSteps : ceilToInt(root)
    }
}
