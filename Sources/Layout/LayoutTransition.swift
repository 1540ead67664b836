import Geometry

/// The start and end of an animated layout change (`setCollectionViewLayout(_:animated:)`).
public struct LayoutTransition: Sendable {
    /// Every element shown before or after the change, with its start and end attributes,
    /// sorted by element key.
    public var transitions: [ElementTransition]
    /// The content offset before the change.
    public var fromContentOffset: Point
    /// The content offset after the change.
    public var toContentOffset: Point
}
