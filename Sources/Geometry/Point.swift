/// A location in a two-dimensional coordinate system, in points (UIKit's `CGPoint`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate; grows to the right.
    public var x: Double
    /// The vertical coordinate; grows downward, as in UIKit.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    /// The distance from this point to `other`.
    @inlinable public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point as "(x, y)".
    public var description: String { "(\(x), \(y))" }

    /// Component-wise sum.
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
}
