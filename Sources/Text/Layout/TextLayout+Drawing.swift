import Geometry
import Raster

extension TextLayout {
    /// The transform that maps glyph `glyph`'s outline (font units, origin on
    /// the baseline) to device space: scale to `fontSize`, move to the glyph's
    /// origin offset by `origin`, then apply `transform`.
    public func glyphTransform(for glyph: PositionedGlyph, at origin: Point = .zero, transform: AffineTransform = .identity) -> AffineTransform {
        let s = fontSize / Double(font.metrics.unitsPerEm)
        return AffineTransform(a: s, b: 0, c: 0, d: s, tx: origin.x + glyph.origin.x, ty: origin.y + glyph.origin.y)
            .concatenating(transform)
    }

    /// Fills every glyph's outline into `canvas` with `color`.
    ///
    /// Each glyph is its cached outline filled with the non-zero rule through
    /// `Canvas.fill(_:color:transform:fillRule:)`, the same path as any shape,
    /// so under rotation, scale or skew the outlines transform exactly and the
    /// result carries the canvas's clips and layers. Glyphs are filled one by
    /// one in order (as Core Text does): where two glyphs' ink overlaps, a
    /// translucent colour composites twice.
    ///
    /// There is deliberately no per-size coverage-mask cache: Raster's scan
    /// converter accumulates exact areas in `Double` device coordinates, so a
    /// glyph rasterized at phase φ and blitted at k + φ is not guaranteed to
    /// give the same bytes as the path filled at k + φ (the sums round
    /// differently), and text must render identically through either route.
    ///
    /// - Parameters:
    ///   - canvas: The canvas (device pixels).
    ///   - origin: Where the layout's (0, 0) goes, in the space `transform` maps from
    ///     (for UILabel placement use `origin(centeredVerticallyIn:)`).
    ///   - color: The text colour.
    ///   - transform: User space → device pixels (include the canvas scale).
    /// - Complexity: O(g) fills, g the number of glyphs.
    public func draw(into canvas: Canvas, at origin: Point = .zero, color: Color, transform: AffineTransform = .identity) {
        for line in lines {
            for glyph in line.glyphs {
                guard let path = outlines[glyph.glyph], !path.isEmpty else { continue }
                canvas.fill(path, color: color, transform: glyphTransform(for: glyph, at: origin, transform: transform), fillRule: .nonZero)
            }
        }
    }
}

extension TextLayout {
    /// Draws the text the way UILabel draws into its bounds: the layout's
    /// width is assumed to be `bounds.width` (alignment places each line), and
    /// the block of lines is centred vertically in `bounds`.
    ///
    /// - Parameters:
    ///   - canvas: The canvas (device pixels).
    ///   - bounds: The label's bounds in the space `transform` maps from.
    ///   - color: The text colour.
    ///   - transform: User space → device pixels (include the canvas scale).
    /// - Complexity: O(g) fills, g the number of glyphs.
    public func draw(into canvas: Canvas, verticallyCenteredIn bounds: Rect, color: Color, transform: AffineTransform = .identity) {
        draw(into: canvas, at: origin(centeredVerticallyIn: bounds), color: color, transform: transform)
    }
}
