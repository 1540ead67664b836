/// How text that does not fit is wrapped and cut (UIKit's `NSLineBreakMode`, as UILabel applies it).
///
/// As in UILabel, every line but the last one allowed wraps (by word, or by
/// character for `.byCharWrapping`); the mode decides what happens on the last
/// allowed line (`numberOfLines`, or the lines that fit `maximumHeight`)
/// when text remains.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Wrap at spaces (a word wider than the line breaks between characters); text after the last line is dropped.
    case byWordWrapping
    /// Wrap at any character; text after the last line is dropped.
    case byCharWrapping
    /// The last line holds the rest of its paragraph unwrapped, overflowing the width (a `Label` clips it at its bounds).
    case byClipping
    /// The last line starts with "…" (U+2026) followed by the end of its paragraph, cut so that it fits.
    case byTruncatingHead
    /// The last line keeps the start and end of its paragraph with "…" between them, cut so that it fits.
    case byTruncatingMiddle
    /// The last line is cut at a character and ends in "…" (U+2026) so that it fits the width.
    case byTruncatingTail

    /// Whether the mode shortens the last line with an ellipsis.
    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingMiddle || self == .byTruncatingTail }
}
