import Geometry
import Raster

extension TextLayout {
    /// The transform that maps glyph `glyph`'s outline (font units, origin on
    /// the baseline) to device space: scale to `fontSize`, move to the glyph's
    /// origin offset by `origin`, then apply `transform`.
    public func glyphTransform(
        for glyph: PositionedGlyph, at origin: Point = .zero, transform: AffineTransform = .identity
    ) -> AffineTransform {
        let s = fontSize / Double(font.metrics.unitsPerEm)
        return AffineTransform(a: s, b: 0, c: 0, d: s, tx: origin.x + glyph.origin.x, ty: origin.y + glyph.origin.y)
            .concatenating(transform)
    }

    /// Fills every glyph's outline into `canvas` with `color`.
    ///
    /// Glyphs are drawn one by one in order (as Core Text does): where two
    /// glyphs' ink overlaps, a translucent colour composites twice. Each glyph
    /// goes one of two ways, chosen by its transform alone:
    ///
    /// - Scaled (positively) and translated only, with an em of at most 512
    ///   device pixels — all ordinary text: the glyph's device origin is split
    ///   into whole pixels and a phase rounded to 1/4 px, the outline is
    ///   rasterized with exact-area coverage in its own frame at that phase
    ///   (`CoverageMask(filling:transform:)`), and the mask is composited at
    ///   the whole-pixel origin through the canvas's clips and layers. Masks
    ///   come from `maskCache` when given; a cached mask is the very mask the
    ///   uncached route computes, so the cache changes speed, never bytes.
    ///   Rounding the phase moves a glyph by at most 1/8 px (see
    ///   `GlyphPlacement.phaseSteps`).
    /// - Rotated, skewed, mirrored or huge: the outline is filled as a path
    ///   through `Canvas.fill(_:color:transform:fillRule:)` with the exact
    ///   transform.
    ///
    /// - Parameters:
    ///   - canvas: The canvas (device pixels).
    ///   - origin: Where the layout's (0, 0) goes, in the space `transform` maps from
    ///     (for UILabel placement use `origin(centeredVerticallyIn:)`).
    ///   - color: The text colour.
    ///   - transform: User space → device pixels (include the canvas scale).
    ///   - maskCache: Where glyph masks are kept between draws, or nil to rasterize every glyph.
    /// - Complexity: O(g) glyphs, each O(its pixels) (plus rasterization on a cache miss).
    public func draw(
        into canvas: Canvas, at origin: Point = .zero, color: Color, transform: AffineTransform = .identity,
        maskCache: GlyphMaskCache? = .shared
    ) {
        guard color.alpha > 0 else { return }
        let unitsPerEm = font.metrics.unitsPerEm
        for line in lines {
            for glyph in line.glyphs {
                if !inklessGlyphs.isEmpty && inklessGlyphs.contains(glyph.glyph) { continue }
                let t = glyphTransform(for: glyph, at: origin, transform: transform)
                // The outline is looked up only when it is drawn: a glyph whose mask is cached
                // (most, in an animation's frames) never needs it.
                guard let placement = GlyphPlacement(t, unitsPerEm: unitsPerEm) else {
                    if let path = outline(of: glyph.glyph), !path.isEmpty {
                        canvas.fill(path, color: color, transform: t, fillRule: .nonZero)
                    }
                    continue
                }
                // Looked up, and kept after a miss, without a closure: a closure that made the
                // mask on a miss captured a copy of the layout for every glyph, drawn or cached,
                // retaining and releasing each of its references.
                var made = maskCache?.mask(font: font, glyph: glyph.glyph, placement: placement)
                if made == nil, let path = outline(of: glyph.glyph), !path.isEmpty {
                    made = CoverageMask(filling: path, transform: placement.localTransform, fillRule: .nonZero)
                    if let made { maskCache?.keep(made, font: font, glyph: glyph.glyph, placement: placement) }
                }
                guard var mask = made else {
                    // An outline too large for a mask is filled as a path.
                    if let path = outline(of: glyph.glyph), !path.isEmpty {
                        canvas.fill(path, color: color, transform: t, fillRule: .nonZero)
                    }
                    continue
                }
                mask.originX += placement.originX
                mask.originY += placement.originY
                canvas.fill(mask, color: color)
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
    public func draw(
        into canvas: Canvas, verticallyCenteredIn bounds: Rect, color: Color, transform: AffineTransform = .identity
    ) {
        draw(into: canvas, at: origin(centeredVerticallyIn: bounds), color: color, transform: transform)
    }
}
