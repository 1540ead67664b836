import Geometry
import Raster

/// Text set in one font and size: lines broken to a width, aligned, limited
/// and truncated the way UILabel does, as positioned glyphs.
///
/// Coordinates are points in the layout's own space: x from 0 at the left of
/// the layout width, y from 0 at the top of the first line, growing down.
/// Line *i* occupies `i · lineHeight ..< (i + 1) · lineHeight` with its
/// baseline at `i · lineHeight + ascender`, where line height is the font's
/// FreeType `height` (DejaVu Sans: 2384/2048 em). Widths and glyph positions
/// are summed in integer font units and scaled once, so they are exact and
/// identical on every run.
///
/// Shaping is one glyph per Unicode scalar through the font's cmap with pair
/// kerning from its `kern` table (no ligatures, no bidi, no fallback fonts).
///
/// ```swift
/// let layout = try TextLayout("Hello world", font: .bundled(), size: 17,
///                             width: 120, alignment: .center, numberOfLines: 0)
/// try layout.draw(into: canvas, at: layout.origin(centeredVerticallyIn: bounds), color: .black)
/// ```
public struct TextLayout: Sendable {
    /// The font the text is set in.
    public let font: Font
    /// The point size.
    public let fontSize: Double
    /// The width lines were broken to (`.infinity` for no wrapping).
    public let width: Double
    /// The alignment applied.
    public let alignment: TextAlignment
    /// The laid-out lines, top to bottom.
    public let lines: [TextLine]
    /// Whether any text was cut (an ellipsis inserted or text after the last line dropped).
    public let isTruncated: Bool
    /// The font's metrics at `fontSize`.
    public let lineMetrics: ScaledFontMetrics
    /// Every glyph used, once each in order of glyph index, with its outline in font units:
    /// captured at layout time so that drawing cannot fail. A sorted array rather than a
    /// dictionary, since a label holds a handful of glyphs and is laid out on every draw.
    let outlines: [Glyph]
    /// The glyphs of `outlines` with no ink (a space): `draw` skips them before anything else.
    let inklessGlyphs: [GlyphIndex]

    /// Lays out `text`.
    ///
    /// Every line but the last allowed one wraps at spaces when `width` is
    /// finite (a word longer than the width breaks between characters; with
    /// `.byCharWrapping` lines break at any character). The number of lines is
    /// limited by `numberOfLines` (0 = no limit) and by how many whole lines
    /// fit `maximumHeight` (at least one). When text remains after the last
    /// allowed line, `lineBreakMode` decides: `.byTruncatingTail` ends that
    /// line with "…" (U+2026, or "..." if the font lacks it) cut so it fits,
    /// `.byClipping` lets the rest of the paragraph overflow, the wrapping
    /// modes drop it. `.byTruncatingHead` and `.byTruncatingMiddle` put the
    /// ellipsis at the start or in the middle of that line instead. Line separators (LF, CR, CR LF, U+2028, U+2029) start
    /// new lines; tabs are spaces; other control characters are skipped.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - font: The font.
    ///   - fontSize: The point size (finite, > 0).
    ///   - width: The line width in points (≥ 0; `.infinity` = no wrapping).
    ///   - maximumHeight: The height available (≥ 0; `.infinity` = no limit), as a UILabel's bounds limit its lines.
    ///   - alignment: Placement of each line within `width` (within the widest line when `width` is infinite).
    ///   - numberOfLines: The maximum number of lines, 0 for no limit (UILabel's default is 1).
    ///   - lineBreakMode: Wrapping and truncation (UILabel's default is `.byTruncatingTail`).
    ///   - missingGlyphs: What a character the font lacks does.
    /// - Throws: `TextError.invalidParameter` for an out-of-range argument,
    ///   `TextError.missingGlyph` under `.throwError`, `TextError.freeType` for a corrupt glyph.
    /// - Complexity: O(n) in the text's length (truncation adds O(n) kerning look-ups on the last line).
    public init(
        _ text: String, font: Font, size fontSize: Double,
        width: Double = .infinity, maximumHeight: Double = .infinity,
        alignment: TextAlignment = .left, numberOfLines: Int = 1,
        lineBreakMode: LineBreakMode = .byTruncatingTail,
        missingGlyphs: MissingGlyphPolicy = .useNotdef
    ) throws(TextError) {
        guard fontSize.isFinite, fontSize > 0 else {
            throw .invalidParameter(name: "font size", value: "\(fontSize)", rule: "must be a finite number > 0")
        }
        guard !width.isNaN, width >= 0 else {
            throw .invalidParameter(name: "width", value: "\(width)", rule: "must be ≥ 0 (infinity for no wrapping)")
        }
        guard !maximumHeight.isNaN, maximumHeight >= 0 else {
            throw .invalidParameter(
                name: "maximumHeight", value: "\(maximumHeight)", rule: "must be ≥ 0 (infinity for no limit)")
        }
        guard numberOfLines >= 0 else {
            throw .invalidParameter(
                name: "numberOfLines", value: "\(numberOfLines)", rule: "must be ≥ 0 (0 for no limit)")
        }
        self.font = font
        self.fontSize = fontSize
        self.width = width
        self.alignment = alignment
        let metrics = font.metrics(forSize: fontSize)
        lineMetrics = metrics

        var lineLimit = numberOfLines == 0 ? Int.max : numberOfLines
        // A hair of tolerance so that a height of exactly k line heights, computed by the
        // caller with a different rounding order, still holds k lines. A height of more lines
        // than any text has (or a ratio that is not finite: a line height of 0) sets no limit,
        // rather than a line count past what an `Int` holds.
        let fitting = (maximumHeight / metrics.lineHeight + 1e-9).rounded(.down)
        if fitting < 1e15 {
            lineLimit = min(lineLimit, max(1, Int(Swift.max(fitting, 0))))
        }
        let widthLimit = LineWidthLimit(size: fontSize, unitsPerEm: font.metrics.unitsPerEm, width: width)

        // Lines are placed as they are broken. Without a width, centred and right-aligned
        // lines are placed by the widest one: they are shifted once all are known.
        let placesLater = !width.isFinite && alignment != .left
        var lines: [TextLine] = []
        var glyphCount = 0
        /// Positions `run` (`units` wide in font units) as the next line.
        func place(_ run: ArraySlice<ShapedGlyph>, units runUnits: Int, truncated: Bool) {
            let lineWidth = font.points(runUnits, size: fontSize)
            let x = placesLater ? 0 : alignment.offset(ofLineWidth: lineWidth, in: width)
            let top = Double(lines.count) * metrics.lineHeight
            let baseline = top + metrics.ascender
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(run.count)
            var units = 0
            for k in run.indices {
                let g = run[k]
                if k != run.startIndex { units += g.kerningBefore }
                glyphs.append(
                    PositionedGlyph(
                        glyph: g.glyph, scalar: g.scalar,
                        origin: Point(x: x + font.points(units, size: fontSize), y: baseline),
                        advance: font.points(g.advance, size: fontSize)))
                units += g.advance
            }
            glyphCount += glyphs.count
            lines.append(
                TextLine(glyphs: glyphs, x: x, top: top, baseline: baseline, width: lineWidth, isTruncated: truncated))
        }

        // Break each paragraph into lines of shaped glyphs.
        var truncated = false
        let isASCII = TextParagraphs.isPrintableASCII(text)
        let paragraphs = isASCII ? [] : TextParagraphs.split(text)
        let paragraphCount = isASCII ? 1 : paragraphs.count
        paragraphLoop: for p in 0..<paragraphCount {
            let shaped =
                isASCII
                ? try font.shape(text.utf8.lazy.map { Unicode.Scalar($0) }, policy: missingGlyphs)
                : try font.shape(paragraphs[p], policy: missingGlyphs)
            let isLastParagraph = p == paragraphCount - 1
            let breaker = LineBreaker(glyphs: shaped, limit: widthLimit, byCharacter: lineBreakMode == .byCharWrapping)
            var start = 0
            repeat {
                let isLastAllowed = lines.count == lineLimit - 1
                if isLastAllowed && (lineBreakMode.truncates || lineBreakMode == .byClipping) {
                    let rest = shaped[start...]
                    let units = ShapedGlyph.width(of: rest)
                    if widthLimit.fits(units) && isLastParagraph {
                        place(rest, units: units, truncated: false)
                    } else if lineBreakMode == .byClipping {
                        place(rest, units: units, truncated: true)
                        truncated = true
                    } else {
                        let cut = try TextLayout.truncated(
                            Array(rest), mode: lineBreakMode, font: font, limit: widthLimit)
                        place(cut[...], units: ShapedGlyph.width(of: cut[...]), truncated: true)
                        truncated = true
                    }
                    break paragraphLoop
                }
                let (end, next) = breaker.nextLine(from: start)
                let cutsText = isLastAllowed && (next < shaped.count || !isLastParagraph)
                place(shaped[start..<end], units: ShapedGlyph.width(of: shaped[start..<end]), truncated: cutsText)
                start = next
                if cutsText {
                    truncated = true
                    break paragraphLoop
                }
            } while start < shaped.count
        }
        isTruncated = truncated
        if placesLater {
            let containerWidth = lines.reduce(0) { Swift.max($0, $1.width) }
            lines = lines.map { $0.aligned(in: containerWidth, alignment) }
        }
        self.lines = lines
        outlines = try font.glyphs(usedBy: lines, count: glyphCount)
        inklessGlyphs = outlines.filter(\.path.isEmpty).map(\.index)
    }

    /// The outline of `glyph` captured at layout time (nil for a glyph the layout does not use).
    func outline(of glyph: GlyphIndex) -> Path? {
        record(of: glyph)?.path
    }

    /// The glyph record captured at layout time (nil for a glyph the layout does not use).
    private func record(of glyph: GlyphIndex) -> Glyph? {
        var low = 0, high = outlines.count
        while low < high {
            let mid = (low + high) / 2
            if outlines[mid].index < glyph { low = mid + 1 } else { high = mid }
        }
        return low < outlines.count && outlines[low].index == glyph ? outlines[low] : nil
    }

    /// A box holding all the ink the layout draws, in layout coordinates (points):
    /// the union of every glyph's control box as placed. Ink can reach past the
    /// line boxes (italic overhangs, tall accents, a clipped last line), so this is
    /// what decides whether drawing needs a clip. `Rect.null` when nothing is inked.
    ///
    /// - Complexity: O(g log u) for g glyphs of u distinct ones.
    public var inkBounds: Rect {
        let s = fontSize / Double(font.metrics.unitsPerEm)
        var box = Rect.null
        for line in lines {
            for glyph in line.glyphs {
                guard let b = record(of: glyph.glyph)?.controlBounds, !b.isNull else { continue }
                box = box.union(
                    Rect(
                        x: glyph.origin.x + b.minX * s, y: glyph.origin.y + b.minY * s, width: b.width * s,
                        height: b.height * s))
            }
        }
        return box
    }

    /// `rest` shortened with an ellipsis according to `mode` so that it fits.
    private static func truncated(
        _ rest: [ShapedGlyph], mode: LineBreakMode, font: Font, limit: LineWidthLimit
    ) throws(TextError) -> [ShapedGlyph] {
        let ellipsisText: [Unicode.Scalar] = font.glyphIndex(for: "\u{2026}") != nil ? ["\u{2026}"] : [".", ".", "."]
        let ellipsis = try font.shape(ellipsisText, policy: .useNotdef)
        return Truncation(glyphs: rest, ellipsis: ellipsis, limit: limit) { font.kerning(between: $0, and: $1) }.apply(
            mode)
    }

    /// The height of one line in points (the font's line height at `fontSize`).
    public var lineHeight: Double { lineMetrics.lineHeight }

    /// The size the text uses: the widest line's width by the lines' total height
    /// (UILabel's `sizeThatFits`, without rounding up).
    public var size: Size {
        Size(width: lines.map(\.width).max() ?? 0, height: Double(lines.count) * lineMetrics.lineHeight)
    }

    /// The rectangle covering every line as placed (alignment included), in layout coordinates.
    ///
    /// - Complexity: O(n) in the number of lines.
    public var usedRect: Rect {
        guard let minX = lines.map(\.x).min(), let maxX = lines.map({ $0.x + $0.width }).max() else { return .zero }
        return Rect(x: minX, y: 0, width: maxX - minX, height: size.height)
    }

    /// Every positioned glyph, line by line.
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public var glyphs: [PositionedGlyph] { lines.flatMap(\.glyphs) }

    /// The text of each line (an inserted ellipsis included), for inspection and tests.
    public var lineStrings: [String] { lines.map(\.string) }

    /// Where to put the layout's origin so its lines are centred vertically in
    /// `bounds`, as UILabel draws its text: x = `bounds.minX` (alignment already
    /// places lines within the layout width), y = `bounds.minY + (bounds.height − size.height) / 2`.
    public func origin(centeredVerticallyIn bounds: Rect) -> Point {
        Point(x: bounds.minX, y: bounds.minY + (bounds.height - size.height) / 2)
    }
}
