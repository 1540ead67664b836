import Geometry

/// A rounded rectangle in device pixels with its sides parallel to the axes
/// and elliptical corners: what a `Rect` with `CornerRadii` becomes under a
/// transform that only scales and translates (`b == 0 && c == 0`).
///
/// A circular corner of radius r becomes an ellipse with semi-axes
/// r·|a| and r·|d|; a negative `a` or `d` mirrors the shape, so the user's
/// top-right corner may become the device's top-left.
struct DeviceRoundedRect {
    /// The semi-axes of one corner's ellipse in device pixels (both zero for a square corner).
    struct Corner: Equatable {
        var rx: Double
        var ry: Double
        /// Whether the corner is square.
        var isSquare: Bool { !(rx > 0 && ry > 0) }
    }

    var minX: Double, minY: Double, maxX: Double, maxY: Double
    var topLeft: Corner, topRight: Corner, bottomRight: Corner, bottomLeft: Corner

    /// Whether every corner is square.
    var isRectangle: Bool { topLeft.isSquare && topRight.isSquare && bottomRight.isSquare && bottomLeft.isSquare }

    /// The largest radius the corner tables handle; bigger corners use the scan converter.
    static let maximumRadius = 128.0

    /// Maps `rect` with `radii` (clamped as `Path.addRoundedRect` clamps them)
    /// through `t`, or returns nil when `t` rotates or skews, when the shape is
    /// degenerate or not finite, when a coordinate exceeds ±10⁹ pixels, or
    /// when a corner is larger than `maximumRadius` device pixels.
    ///
    /// Corner positions are computed with `AffineTransform.apply(to:)`, the
    /// same arithmetic `PathFlattener` uses, so the straight edges sit at
    /// exactly the coordinates the scan converter would see.
    init?(_ rect: Rect, radii: CornerRadii, transform t: AffineTransform) {
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0, t.a.isFinite, t.d.isFinite else { return nil }
        let p = t.apply(to: Point(x: rect.minX, y: rect.minY))
        let q = t.apply(to: Point(x: rect.maxX, y: rect.maxY))
        minX = min(p.x, q.x)
        maxX = max(p.x, q.x)
        minY = min(p.y, q.y)
        maxY = max(p.y, q.y)
        let limit = 1e9
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite,
            minX > -limit, maxX < limit, minY > -limit, maxY < limit, minX < maxX, minY < maxY
        else { return nil }
        let r = radii.clamped(to: rect)
        let sx = abs(t.a), sy = abs(t.d)
        func corner(_ radius: Double) -> Corner {
            let c = Corner(rx: radius * sx, ry: radius * sy)
            return c.isSquare ? Corner(rx: 0, ry: 0) : c
        }
        // User corners in device order: mirror left/right when a < 0, top/bottom when d < 0.
        var (tl, tr, br, bl) = (corner(r.topLeft), corner(r.topRight), corner(r.bottomRight), corner(r.bottomLeft))
        if t.a < 0 { (tl, tr, br, bl) = (tr, tl, bl, br) }
        if t.d < 0 { (tl, tr, br, bl) = (bl, br, tr, tl) }
        topLeft = tl
        topRight = tr
        bottomRight = br
        bottomLeft = bl
        let largest = DeviceRoundedRect.maximumRadius
        guard max(tl.rx, tl.ry, tr.rx, tr.ry) <= largest, max(br.rx, br.ry, bl.rx, bl.ry) <= largest else { return nil }
    }

    /// The shape moved left by `columns` and up by `rows` whole pixels.
    ///
    /// The axis-aligned fast path computes a shape's coverage relative to the whole pixel at
    /// its top-left, so that shapes a whole number of pixels apart get the same arithmetic and
    /// the same bytes (`CornerRowRecording` replays them). For coordinates that are not
    /// negative the subtraction is exact; the others may round, which only means that two
    /// such shapes a whole number of pixels apart are not recognised as the same.
    func translated(byColumns columns: Int, rows: Int) -> DeviceRoundedRect {
        var s = self
        s.minX -= Double(columns)
        s.maxX -= Double(columns)
        s.minY -= Double(rows)
        s.maxY -= Double(rows)
        return s
    }

    /// Whether both shapes have the same coordinates and corners, bit for bit.
    func isIdentical(to other: DeviceRoundedRect) -> Bool {
        @inline(__always) func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        @inline(__always) func same(_ a: Corner, _ b: Corner) -> Bool { same(a.rx, b.rx) && same(a.ry, b.ry) }
        return same(minX, other.minX) && same(minY, other.minY) && same(maxX, other.maxX) && same(maxY, other.maxY)
            && same(topLeft, other.topLeft) && same(topRight, other.topRight)
            && same(bottomRight, other.bottomRight) && same(bottomLeft, other.bottomLeft)
    }
}
