/// A rectangle of whole device pixels: columns `minX..<maxX`, rows `minY..<maxY`.
public struct PixelRect: Hashable, Sendable {
    /// The first column and row inside, and the first column and row past the rectangle.
    public var minX: Int, minY: Int, maxX: Int, maxY: Int

    /// Creates a pixel rectangle from its edges (empty when max ≤ min).
    @inlinable public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Columns.
    @inlinable public var width: Int { Swift.max(0, maxX - minX) }
    /// Rows.
    @inlinable public var height: Int { Swift.max(0, maxY - minY) }
    /// Whether no pixel is inside.
    @inlinable public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The pixels in both.
    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(
            minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
            maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
    }

    /// The smallest pixel rectangle covering the real-valued box, clamped to ±2^30
    /// so that non-finite or huge input cannot overflow.
    static func enclosing(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        func lo(_ v: Double) -> Int { v.isNaN ? 0 : Int(Swift.max(-1e9, Swift.min(1e9, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { v.isNaN ? 0 : Int(Swift.max(-1e9, Swift.min(1e9, v)).rounded(.up)) }
        return PixelRect(minX: lo(minX), minY: lo(minY), maxX: hi(maxX), maxY: hi(maxY))
    }
}
