import Geometry

/// One laid-out line: its glyphs, baseline and extent in the layout's coordinate space (points).
public struct TextLine: Hashable, Sendable {
    /// The glyphs in visual order, positioned on `baseline`.
    public let glyphs: [PositionedGlyph]
    /// The x of the line's first glyph origin (the alignment offset).
    public let x: Double
    /// The top of the line box (line index · line height).
    public let top: Double
    /// The y of the baseline (top + ascender).
    public let baseline: Double
    /// The width of the line's glyphs: advances plus kerning, without spaces at a wrap point.
    public let width: Double
    /// Whether this line was cut: it ends in an inserted "…" or text after it was dropped.
    public let isTruncated: Bool

    /// Creates a line.
    public init(glyphs: [PositionedGlyph], x: Double, top: Double, baseline: Double, width: Double, isTruncated: Bool) {
        self.glyphs = glyphs
        self.x = x
        self.top = top
        self.baseline = baseline
        self.width = width
        self.isTruncated = isTruncated
    }

    /// The characters on the line, including an inserted ellipsis.
    public var string: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: glyphs.map(\.scalar))
        return String(s)
    }

    /// This line, placed at x = 0, moved to its place for `alignment` in a container
    /// `containerWidth` wide: the same values as placing it there in the first place,
    /// since x + (0 + offset) = x + offset exactly.
    func aligned(in containerWidth: Double, _ alignment: TextAlignment) -> TextLine {
        if alignment == .left { return self }
        let x = alignment.offset(ofLineWidth: width, in: containerWidth)
        let moved = glyphs.map {
            PositionedGlyph(
                glyph: $0.glyph, scalar: $0.scalar, origin: Point(x: x + $0.origin.x, y: $0.origin.y),
                advance: $0.advance)
        }
        return TextLine(glyphs: moved, x: x, top: top, baseline: baseline, width: width, isTruncated: isTruncated)
    }
}
