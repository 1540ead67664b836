/// Shortens the last line of a layout with an ellipsis at its head, middle or tail.
///
/// Cuts fall between characters (as UILabel's do, not at word boundaries);
/// spaces next to the ellipsis are dropped. Widths are summed in font units:
/// `prefix[k]` is the width of glyphs `0..<k` of the run, `suffix[m]` of
/// `m..<n`, so every candidate cut is checked in O(1) plus one kerning look-up.
struct Truncation {
    /// The glyphs of the line being cut (the rest of its paragraph).
    let glyphs: [ShapedGlyph]
    /// The ellipsis, shaped ("…", or "..." when the font lacks U+2026).
    let ellipsis: [ShapedGlyph]
    /// Which widths in font units fit the line.
    let limit: LineWidthLimit
    /// Kerning between two glyphs in font units.
    let kerning: (GlyphIndex, GlyphIndex) -> Int

    /// The line cut according to `mode` (`.byTruncatingHead`, `.byTruncatingMiddle`,
    /// anything else cuts the tail), with the ellipsis spliced in and kerned on both sides.
    ///
    /// - Complexity: O(n) in the line's glyphs, with O(n) kerning look-ups.
    func apply(_ mode: LineBreakMode) -> [ShapedGlyph] {
        let n = glyphs.count
        var prefix = [Int](repeating: 0, count: n + 1)
        for k in 0..<n { prefix[k + 1] = prefix[k] + glyphs[k].advance + (k > 0 ? glyphs[k].kerningBefore : 0) }
        var suffix = [Int](repeating: 0, count: n + 1)
        if n > 0 {
            for m in stride(from: n - 1, through: 0, by: -1) {
                suffix[m] = suffix[m + 1] + glyphs[m].advance + (m + 1 < n ? glyphs[m + 1].kerningBefore : 0)
            }
        }
        let ellipsisUnits = ShapedGlyph.width(of: ellipsis[...])
        let first = ellipsis[0].glyph
        let last = ellipsis[ellipsis.count - 1].glyph

        /// Width of glyphs `0..<k` + ellipsis + glyphs `m..<n`.
        func width(_ k: Int, _ m: Int) -> Int {
            var w = prefix[k] + ellipsisUnits + suffix[m]
            if k > 0 { w += kerning(glyphs[k - 1].glyph, first) }
            if m < n { w += kerning(last, glyphs[m].glyph) }
            return w
        }
        func isSpace(_ i: Int) -> Bool { glyphs[i].isBreakingSpace }
        func fits(_ units: Int) -> Bool { limit.fits(units) }

        var k = 0
        var m = n
        switch mode {
        case .byTruncatingHead:
            // The smallest m (not starting at a space) whose suffix fits after the ellipsis.
            var candidate = n - 1
            while candidate >= 0 && fits(suffix[candidate]) {
                if !isSpace(candidate) && fits(width(0, candidate)) { m = candidate }
                candidate -= 1
            }
        case .byTruncatingMiddle:
            // Grow the kept start and end alternately, start first, while the result fits.
            var growStart = true
            var stuck = 0
            while k < m && stuck < 2 {
                if growStart ? fits(width(k + 1, m)) : fits(width(k, m - 1)) {
                    if growStart { k += 1 } else { m -= 1 }
                    stuck = 0
                } else {
                    stuck += 1
                }
                growStart.toggle()
            }
            while k > 0 && isSpace(k - 1) { k -= 1 }
            while m < n && isSpace(m) { m += 1 }
        default:
            // The largest k (not ending in a space) whose prefix fits before the ellipsis.
            var candidate = 1
            while candidate <= n && fits(prefix[candidate]) {
                if !isSpace(candidate - 1) && fits(width(candidate, n)) { k = candidate }
                candidate += 1
            }
        }

        var run = Array(glyphs[0..<k])
        for (i, g) in ellipsis.enumerated() {
            let kern = i == 0 ? (run.last.map { kerning($0.glyph, g.glyph) } ?? 0) : g.kerningBefore
            run.append(ShapedGlyph(scalar: g.scalar, glyph: g.glyph, advance: g.advance, kerningBefore: kern))
        }
        for i in m..<n {
            let g = glyphs[i]
            let kern = i == m ? kerning(last, g.glyph) : g.kerningBefore
            run.append(ShapedGlyph(scalar: g.scalar, glyph: g.glyph, advance: g.advance, kerningBefore: kern))
        }
        return run
    }
}
