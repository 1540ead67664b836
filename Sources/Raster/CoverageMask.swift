import Geometry

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

extension CoverageMask {
    /// The largest mask, in pixels, `init(filling:transform:fillRule:)` builds.
    static let maximumArea = 1 << 22

    /// Rasterizes `path` mapped by `transform` into a mask over every pixel it
    /// touches, with exact-area coverage under `fillRule`.
    ///
    /// The coverage is the scan converter's (its sweep writes into the mask through a
    /// `MaskBlitter`), so a glyph drawn through a mask and the same path filled directly have
    /// the same bytes. The mask depends only on the path and the transform (not on any
    /// canvas), so it can be cached and composited with `Canvas.fill(_:color:)`. To reuse one
    /// mask at many places, rasterize in a local frame whose translation is only the sub-pixel
    /// phase and move the mask's origin by whole pixels (glyph masks do this).
    ///
    /// - Returns: nil when the path's pixel bounds exceed 2²² pixels (or have no area while
    ///   the path has edges).
    /// - Complexity: O(e log e + edge length in pixels + mask width · height) for e edges.
    public init?(filling path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero) {
        let mask = ScanConverterPool.withConverter { scan -> CoverageMask? in
            scan.addPath(path, transform: transform)
            if scan.edgeCount == 0 { return CoverageMask(originX: 0, originY: 0, width: 0, height: 0, coverage: []) }
            let bounds = scan.edgeBounds
            let width = bounds.width, height = bounds.height
            guard width > 0, height > 0, width <= CoverageMask.maximumArea / height else { return nil }
            let count = width * height
            let coverage = [UInt8](unsafeUninitializedCapacity: count) { values, initialized in
                let base = values.baseAddress!
                base.initialize(repeating: 0, count: count)
                scan.sweepDense(in: bounds, fillRule: fillRule, into: MaskBlitter(values: base, bounds: bounds))
                initialized = count
            }
            return CoverageMask(
                originX: bounds.minX, originY: bounds.minY, width: width, height: height, coverage: coverage)
        }
        guard let mask else { return nil }
        self = mask
    }
}
