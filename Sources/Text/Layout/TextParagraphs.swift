/// Splits text into paragraphs of drawable scalars.
///
/// Paragraphs end at LF, CR, CR LF, U+2028 and U+2029. A tab becomes a space;
/// other control characters (Unicode general category Cc) are dropped, since
/// they have no glyph and UIKit draws nothing for them.
enum TextParagraphs {
    /// Whether `string` is one paragraph of printable ASCII (U+0020…U+007E) as it stands,
    /// nearly every label's whole text: its scalars need neither splitting nor copying.
    static func isPrintableASCII(_ string: String) -> Bool {
        !string.isEmpty && string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The paragraphs of `string`; an empty string gives no paragraphs, a
    /// trailing separator gives a final empty paragraph.
    ///
    /// - Complexity: O(n) in the number of scalars.
    static func split(_ string: String) -> [[Unicode.Scalar]] {
        if string.isEmpty { return [] }
        var paragraphs: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var previousWasCR = false
        for scalar in string.unicodeScalars {
            // Printable ASCII, nearly every label's whole text, needs no look-up.
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                current.append(scalar)
                previousWasCR = false
                continue
            }
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n":
                if previousWasCR { continue }
                paragraphs.append(current)
                current = []
            case "\r", "\u{2028}", "\u{2029}":
                paragraphs.append(current)
                current = []
            case "\t":
                current.append(" ")
            default:
                if scalar.properties.generalCategory == .control { continue }
                current.append(scalar)
            }
        }
        paragraphs.append(current)
        return paragraphs
    }
}
