/// A glyph for one Unicode scalar with its advance and the kerning that
/// precedes it, all in font units (the input to line breaking).
struct ShapedGlyph: Equatable {
    /// The character the glyph stands for.
    let scalar: Unicode.Scalar
    /// The glyph drawn.
    let glyph: GlyphIndex
    /// The advance width in font units.
    let advance: Int
    /// Kerning with the previous glyph in the same paragraph, in font units.
    let kerningBefore: Int

    /// Whether a line may break after this glyph (an ordinary space).
    var isBreakingSpace: Bool { scalar == " " }

    /// The width of `run` set as one line: advances plus the kerning between
    /// glyphs inside the run (not the kerning before its first glyph).
    ///
    /// - Complexity: O(n) in the run's length.
    static func width(of run: ArraySlice<ShapedGlyph>) -> Int {
        var total = 0
        for i in run.indices {
            total += run[i].advance
            if i != run.startIndex { total += run[i].kerningBefore }
        }
        return total
    }
}
