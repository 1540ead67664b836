/// Whether a run of glyphs fits a line: its width in font units, scaled to points at the
/// layout's size as `Font.points(_:size:)` scales, is at most the line's width.
///
/// A value rather than a closure, so that laying out a label allocates no closure context.
struct LineWidthLimit {
    /// The point size the text is set at.
    let size: Double
    /// The font's units per em.
    let unitsPerEm: Int
    /// The line width in points (`.infinity` for no limit).
    let width: Double

    /// Whether `units` font units fit.
    @inline(__always) func fits(_ units: Int) -> Bool {
        FontMetrics.points(units, size: size, unitsPerEm: unitsPerEm) <= width
    }
}
