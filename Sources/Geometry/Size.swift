/// A width and a height, in points (UIKit's `CGSize`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size (0, 0).
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }

    /// The size as "widthxheight", e.g. "390.0x844.0".
    public var description: String { "\(width)x\(height)" }
}
