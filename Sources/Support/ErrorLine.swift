/// The text of a one-line error message.
///
/// Errors are reported as one line (on standard error, or in a batch manifest), so a message that
/// quotes user text never spans several lines.
public enum ErrorLine {
    /// `text` with every line break (`\n`, `\r`, U+2028, …) replaced by a space.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func flattening(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
