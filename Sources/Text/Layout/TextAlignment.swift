/// Horizontal placement of each line within the layout width (UIKit's `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Lines start at x = 0.
    case left
    /// Lines are centred: offset (width − line width) / 2.
    case center
    /// Lines end at x = width.
    case right
}
