/// An axis-aligned rectangle, in points (UIKit's `CGRect`).
///
/// Like `CGRect`, a rectangle may have a negative size; `standardized`
/// gives the equivalent rectangle with a non-negative size, and the
/// `min`/`max` accessors always work on the standardized rectangle.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner with the smallest coordinates (for a standardized rectangle).
    public var origin: Point
    /// The extents.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates the rectangle of `size` centred on `center`.
    @inlinable public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2,
            width: size.width, height: size.height)
    }

    /// The rectangle at the origin with zero size.
    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The null rectangle (UIKit's `CGRect.null`): the identity for `union`.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    /// Whether this is the null rectangle.
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// The smallest x of the rectangle (the origin's x, or origin + width for a negative width).
    @inlinable public var minX: Double { size.width >= 0 ? origin.x : origin.x + size.width }
    /// The largest x of the rectangle.
    @inlinable public var maxX: Double { size.width >= 0 ? origin.x + size.width : origin.x }
    /// The smallest y of the rectangle.
    @inlinable public var minY: Double { size.height >= 0 ? origin.y : origin.y + size.height }
    /// The largest y of the rectangle.
    @inlinable public var maxY: Double { size.height >= 0 ? origin.y + size.height : origin.y }
    /// The x of the rectangle's centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the rectangle's centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative (as `CGRect.width`).
    @inlinable public var width: Double { abs(size.width) }
    /// The height, never negative (as `CGRect.height`).
    @inlinable public var height: Double { abs(size.height) }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has no area (or is null).
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    @inlinable public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Whether the two rectangles share interior area, as `CGRect.intersects(_:)`
    /// (touching edges do not intersect; empty rectangles intersect nothing).
    @inlinable public func intersects(_ other: Rect) -> Bool {
        if isEmpty || other.isEmpty { return false }
        return minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap of the two rectangles, or `.null` when they do not overlap.
    @inlinable public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle that contains both.
    @inlinable public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` lies inside, with the min edges included and the max edges excluded.
    @inlinable public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rectangle.
    @inlinable public func contains(_ other: Rect) -> Bool {
        !isNull && !other.isNull && other.minX >= minX && other.maxX <= maxX
            && other.minY >= minY && other.maxY <= maxY
    }

    /// The rectangle shrunk by `insets` (grown when they are negative).
    @inlinable public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.horizontal, height: height - insets.vertical)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The rectangle moved by `dx`, `dy`.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle as "(x, y, width, height)".
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
