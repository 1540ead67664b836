import Geometry
import Raster

/// One glyph's outline and advance in font units, as cached by `Font`.
///
/// The path is in font units with y growing downward (UIKit's orientation)
/// and the glyph origin on the baseline at (0, 0); scale it by
/// `size / unitsPerEm` to draw it at `size` points. Keeping the cache in font
/// units means every point size shares one cached outline.
public struct Glyph: Equatable, Sendable {
    /// Which glyph this is.
    public let index: GlyphIndex
    /// The horizontal advance in font units (hmtx advance width, unhinted).
    public let advance: Int
    /// The outline in font units, y down, origin on the baseline; empty for blank glyphs such as a space.
    public let path: Path
    /// The bounding box of the outline's points and control points in font
    /// units (FreeType's control box; `Rect.null` for blank glyphs). It holds
    /// all the glyph's ink, since a Bézier curve stays inside its control points' hull.
    public let controlBounds: Rect

    /// Creates a glyph record.
    ///
    /// - Complexity: O(n) in the number of path elements (for the control box).
    public init(index: GlyphIndex, advance: Int, path: Path) {
        self.index = index
        self.advance = advance
        self.path = path
        self.controlBounds = path.controlPointBounds
    }
}
