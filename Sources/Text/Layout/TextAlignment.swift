/// Horizontal placement of each line within the layout width (UIKit's `NSTextAlignment`).
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Lines start at x = 0.
    case left
    /// Lines are centred: offset (width − line width) / 2.
    case center
    /// Lines end at x = width.
    case right

    /// The x at which a line `lineWidth` wide starts in a container `containerWidth` wide.
    func offset(ofLineWidth lineWidth: Double, in containerWidth: Double) -> Double {
        switch self {
        case .left: 0
        case .center: (containerWidth - lineWidth) / 2
        case .right: containerWidth - lineWidth
        }
    }
}
