/// Greedy line breaking over one paragraph of shaped glyphs, in font units.
///
/// Break opportunities are ordinary spaces (U+0020). Spaces at a break hang
/// past the line end: they neither count towards the line's width nor start
/// the next line. A word wider than the whole line is broken between
/// characters, as UIKit does; with `byCharacter` every line breaks at the
/// first character that does not fit. Every line holds at least one glyph, so
/// breaking always makes progress.
struct LineBreaker {
    /// The paragraph.
    let glyphs: [ShapedGlyph]
    /// Which widths in font units fit the line.
    let limit: LineWidthLimit
    /// Break at any character instead of at spaces.
    let byCharacter: Bool

    /// The line starting at `start`: glyphs `start..<end`, and the index the next line starts at.
    ///
    /// - Complexity: O(k) in the number of glyphs examined.
    func nextLine(from start: Int) -> (end: Int, next: Int) {
        let n = glyphs.count
        var units = 0
        var lastBreak: (end: Int, next: Int)?
        var i = start
        while i < n {
            let g = glyphs[i]
            if g.isBreakingSpace && i > start {
                // A run of spaces: a break opportunity; the spaces hang.
                var j = i
                var withSpaces = units
                while j < n && glyphs[j].isBreakingSpace {
                    withSpaces += glyphs[j].advance + glyphs[j].kerningBefore
                    j += 1
                }
                if j == n { return (n, n) }  // spaces ending the paragraph stay on its last line
                lastBreak = (i, j)
                units = withSpaces
                i = j
                continue
            }
            let added = g.advance + (i > start ? g.kerningBefore : 0)
            if limit.fits(units + added) {
                units += added
                i += 1
                continue
            }
            if let lastBreak, !byCharacter || lastBreak.next == i { return lastBreak }
            let end = max(i, start + 1)
            return (end, end)
        }
        return (n, n)
    }
}
