/// An 8-bit coverage bitmap positioned in device pixels: 0 is uncovered, 255 fully covered.
///
/// Glyph bitmaps and rasterized shapes are drawn through a mask.
public struct CoverageMask: Equatable, Sendable {
    /// Device-pixel column of the mask's first column.
    public var originX: Int
    /// Device-pixel row of the mask's first row.
    public var originY: Int
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width · height` coverage values, row-major.
    public var coverage: [UInt8]

    /// Creates a mask; `coverage` must hold `width · height` values.
    public init(originX: Int, originY: Int, width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "mask size mismatch")
        self.originX = originX
        self.originY = originY
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}
