/// The index of a glyph in a font (FreeType's glyph index, TrueType's glyph ID).
///
/// Index 0 is `.notdef`, the glyph a font shows for characters it lacks
/// (a box in DejaVu Sans).
public struct GlyphIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The font's glyph number.
    public let rawValue: UInt32

    /// Wraps a glyph number.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Glyph 0, the font's "missing character" glyph.
    public static let notdef = GlyphIndex(rawValue: 0)

    /// Orders by glyph number.
    public static func < (a: GlyphIndex, b: GlyphIndex) -> Bool { a.rawValue < b.rawValue }

    /// `glyph N`.
    public var description: String { "glyph \(rawValue)" }
}
