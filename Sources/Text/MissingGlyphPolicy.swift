/// What happens when text contains a character the font has no glyph for.
public enum MissingGlyphPolicy: Hashable, Sendable {
    /// Use glyph 0 (`.notdef`, a box in DejaVu Sans), as UIKit does without a fallback font.
    case useNotdef
    /// Throw `TextError.missingGlyph` naming the character.
    case throwError
}
