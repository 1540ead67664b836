import Geometry

/// A glyph placed by `TextLayout`: which glyph, and where its origin sits on its line's baseline.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph to draw.
    public let glyph: GlyphIndex
    /// The character it stands for (U+2026 for an inserted ellipsis).
    public let scalar: Unicode.Scalar
    /// The glyph origin (left end of its advance, on the baseline) in the layout's coordinate space, in points.
    public let origin: Point
    /// The advance width in points (without kerning).
    public let advance: Double

    /// Creates a positioned glyph.
    public init(glyph: GlyphIndex, scalar: Unicode.Scalar, origin: Point, advance: Double) {
        self.glyph = glyph
        self.scalar = scalar
        self.origin = origin
        self.advance = advance
    }
}
