/// Inset distances for the four edges of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// The inset at the top edge.
    public var top: Double
    /// The inset at the left edge.
    public var left: Double
    /// The inset at the bottom edge.
    public var bottom: Double
    /// The inset at the right edge.
    public var right: Double

    /// Creates insets, in UIKit's argument order.
    @inlinable public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates equal insets on all four edges.
    @inlinable public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset on any edge.
    @inlinable public static var zero: EdgeInsets { EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) }

    /// The sum of the left and right insets.
    @inlinable public var horizontal: Double { left + right }
    /// The sum of the top and bottom insets.
    @inlinable public var vertical: Double { top + bottom }
}
