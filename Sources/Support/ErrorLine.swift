/// The text of a one-line error message.
///
/// Errors are reported as one line (on standard error, or in a batch manifest), so a message that
/// quotes user text never spans several lines.
public enum ErrorLine {
    /// `text` with every line break (`\n`, `\r`, U+2028, …) replaced by a space.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func flattening(_ text: String) -> String {
        escapingControlCharacters(String(text.map { $0.isNewline ? " " : $0 }), keepingTabs: true)
    }

    /// `text` with each control character (U+0000–U+001F, U+007F–U+009F) written out as JSON
    /// writes it: `\n`, `\r`, `\t`, or `\u001B`; with `keepingTabs`, tabs stay. A message that
    /// quotes user text then never carries a terminal's escape sequences or a NUL.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func escapingControlCharacters(_ text: String, keepingTabs: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value < 0x20 || (0x7F...0x9F).contains(value), !(keepingTabs && scalar == "\t") else {
                out.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                let hex = String(value, radix: 16, uppercase: true)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }
}
