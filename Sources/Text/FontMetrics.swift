/// A font's vertical metrics in font units, as FreeType reports them.
///
/// For DejaVu Sans: 2048 units per em, ascender 1901, descender −483,
/// line height 2384 (so the line gap is 0), cap height 1493, x-height 1120.
public struct FontMetrics: Hashable, Sendable {
    /// Font units per em; a glyph coordinate `u` is `u · size / unitsPerEm` points at `size` points.
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the line box (positive).
    public let ascender: Int
    /// Distance from the baseline down to the bottom of the line box (negative, as in FreeType and UIFont).
    public let descender: Int
    /// Baseline-to-baseline distance (FreeType's `face->height`): ascender − descender + line gap.
    public let lineHeight: Int
    /// Height of flat capital letters (OS/2 `sCapHeight`, or the top of "H" when the table lacks it).
    public let capHeight: Int
    /// Height of flat lower-case letters (OS/2 `sxHeight`, or the top of "x" when the table lacks it).
    public let xHeight: Int

    /// Creates metrics from font-unit values.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineHeight: Int, capHeight: Int, xHeight: Int) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
        self.capHeight = capHeight
        self.xHeight = xHeight
    }

    /// Extra space between lines: `lineHeight − (ascender − descender)`.
    public var lineGap: Int { lineHeight - (ascender - descender) }

    /// These metrics in points at `size` points (each value `units · size / unitsPerEm`).
    public func scaled(toSize size: Double) -> ScaledFontMetrics {
        ScaledFontMetrics(
            pointSize: size,
            ascender: FontMetrics.points(ascender, size: size, unitsPerEm: unitsPerEm),
            descender: FontMetrics.points(descender, size: size, unitsPerEm: unitsPerEm),
            lineHeight: FontMetrics.points(lineHeight, size: size, unitsPerEm: unitsPerEm),
            capHeight: FontMetrics.points(capHeight, size: size, unitsPerEm: unitsPerEm),
            xHeight: FontMetrics.points(xHeight, size: size, unitsPerEm: unitsPerEm))
    }

    /// Converts font units to points at `size`: `units · size / unitsPerEm`.
    ///
    /// Every conversion in the module goes through this one formula so that a
    /// width summed in integer units and scaled once is the same number
    /// wherever it is computed.
    @inlinable public static func points(_ units: Int, size: Double, unitsPerEm: Int) -> Double {
        Double(units) * size / Double(unitsPerEm)
    }
}

/// A font's vertical metrics in points at one point size (UIFont's properties).
public struct ScaledFontMetrics: Hashable, Sendable {
    /// The point size these metrics are for.
    public let pointSize: Double
    /// Baseline to top of the line box (positive).
    public let ascender: Double
    /// Baseline to bottom of the line box (negative).
    public let descender: Double
    /// Baseline-to-baseline distance; the height of one laid-out line.
    public let lineHeight: Double
    /// Height of flat capital letters.
    public let capHeight: Double
    /// Height of flat lower-case letters.
    public let xHeight: Double
}
