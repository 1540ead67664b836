import Geometry

/// A shape made of subpaths of straight lines and quadratic / cubic Bézier
/// curves, in user-space points (Core Graphics' `CGPath`).
public struct Path: Equatable, Sendable {
    /// One drawing command.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at a point (`CGPath`'s move(to:)).
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A quadratic Bézier curve from the current point.
        case quad(control: Point, end: Point)
        /// A cubic Bézier curve from the current point.
        case cubic(control1: Point, control2: Point, end: Point)
        /// A straight line back to the subpath's start, closing it.
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []
    private var subpathStart: Point?
    private var current: Point?

    /// Creates an empty path.
    public init() {}

    /// Whether the path has no drawing commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) {
        elements.append(.move(p))
        subpathStart = p
        current = p
    }

    /// Adds a straight line from the current point to `p` (starting a subpath at `p` if there is none).
    public mutating func addLine(to p: Point) {
        if current == nil { return move(to: p) }
        elements.append(.line(p))
        current = p
    }

    /// Adds a quadratic Bézier curve to `end`.
    public mutating func addQuadCurve(to end: Point, control: Point) {
        if current == nil { move(to: control) }
        elements.append(.quad(control: control, end: end))
        current = end
    }

    /// Adds a cubic Bézier curve to `end`.
    public mutating func addCurve(to end: Point, control1: Point, control2: Point) {
        if current == nil { move(to: control1) }
        elements.append(.cubic(control1: control1, control2: control2, end: end))
        current = end
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard current != nil else { return }
        elements.append(.close)
        current = subpathStart
    }

    /// Adds a closed rectangle, clockwise on screen from its top-left corner.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed polygon through `points` (ignored when there are fewer than two).
    public mutating func addPolygon(_ points: [Point]) {
        guard points.count >= 2 else { return }
        move(to: points[0])
        for p in points.dropFirst() { addLine(to: p) }
        closeSubpath()
    }

    /// The cubic-Bézier constant for a quarter circle: 4/3·(√2 − 1).
    static let kappa = 0.552_284_749_830_793_4

    /// Adds a closed rounded rectangle with per-corner radii, clockwise on screen.
    ///
    /// Radii are first clamped as `CornerRadii.clamped(to:)` does, so that
    /// adjacent corners never overlap. Corners are circular arcs approximated
    /// by one cubic each (maximum radial error 0.027 % of the radius).
    public mutating func addRoundedRect(_ r: Rect, cornerRadii radii: CornerRadii) {
        let rr = radii.clamped(to: r)
        if rr.isZero { return addRect(r) }
        // A move, four lines, four curves and a close: at most one allocation for them. The room
        // at least doubles: `reserveCapacity` makes exactly what it is asked for, so asking for
        // ten more each time reallocated and copied the whole path at every rectangle (10,000
        // rounded rectangles into one path took seconds).
        if elements.capacity < elements.count + 10 {
            elements.reserveCapacity(Swift.max(elements.count + 10, 2 * elements.capacity))
        }
        let k = Path.kappa
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: Point(x: x0 + rr.topLeft, y: y0))
        addLine(to: Point(x: x1 - rr.topRight, y: y0))
        if rr.topRight > 0 {
            addCurve(
                to: Point(x: x1, y: y0 + rr.topRight),
                control1: Point(x: x1 - rr.topRight * (1 - k), y: y0),
                control2: Point(x: x1, y: y0 + rr.topRight * (1 - k)))
        }
        addLine(to: Point(x: x1, y: y1 - rr.bottomRight))
        if rr.bottomRight > 0 {
            addCurve(
                to: Point(x: x1 - rr.bottomRight, y: y1),
                control1: Point(x: x1, y: y1 - rr.bottomRight * (1 - k)),
                control2: Point(x: x1 - rr.bottomRight * (1 - k), y: y1))
        }
        addLine(to: Point(x: x0 + rr.bottomLeft, y: y1))
        if rr.bottomLeft > 0 {
            addCurve(
                to: Point(x: x0, y: y1 - rr.bottomLeft),
                control1: Point(x: x0 + rr.bottomLeft * (1 - k), y: y1),
                control2: Point(x: x0, y: y1 - rr.bottomLeft * (1 - k)))
        }
        addLine(to: Point(x: x0, y: y0 + rr.topLeft))
        if rr.topLeft > 0 {
            addCurve(
                to: Point(x: x0 + rr.topLeft, y: y0),
                control1: Point(x: x0, y: y0 + rr.topLeft * (1 - k)),
                control2: Point(x: x0 + rr.topLeft * (1 - k), y: y0))
        }
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `r`, as four cubics.
    public mutating func addEllipse(in r: Rect) {
        let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let k = Path.kappa
        move(to: Point(x: cx + rx, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ry * k),
            control2: Point(x: cx + rx * k, y: cy + ry))
        addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - rx * k, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + ry * k))
        addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ry * k),
            control2: Point(x: cx - rx * k, y: cy - ry))
        addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + rx * k, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - ry * k))
        closeSubpath()
    }

    /// Appends every subpath of `other`.
    public mutating func addPath(_ other: Path) {
        for e in other.elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quad(let c, let p): addQuadCurve(to: p, control: c)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closeSubpath()
            }
        }
    }

    /// The path with every point mapped by `t`.
    public func applying(_ t: AffineTransform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(to: p))
            case .line(let p): out.addLine(to: t.apply(to: p))
            case .quad(let c, let p): out.addQuadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .cubic(let c1, let c2, let p):
                out.addCurve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .close: out.closeSubpath()
            }
        }
        return out
    }

    /// The bounding box of every point and control point (`Rect.null` when empty).
    public var controlPointBounds: Rect {
        var box = Rect.null
        func add(_ p: Point) { box = box.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return box
    }
}
