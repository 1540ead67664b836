/// How one element moves in an animated change — a batch update, a layout change, an item
/// settling after a drag, or standing still during a pause: from `start` to `end`.
///
/// The Animation module interpolates between the two with `CollectionViewLayoutAttributes.interpolated(to:fraction:)`.
public struct ElementTransition: Hashable, Sendable {
    /// Why the element animates.
    public enum Change: String, Hashable, Sendable {
        /// Shown before and after the update (maybe at a new index path).
        case persisting
        /// Shown only after the update (inserted, or moved into the visible rect).
        case appearing
        /// Shown only before the update (deleted, or moved out of the visible rect).
        case disappearing
    }

    /// The element after the update (for disappearing elements: before it).
    public var key: ElementKey
    /// Why it animates.
    public var change: Change
    /// The attributes at the start of the animation.
    public var start: CollectionViewLayoutAttributes
    /// The attributes at the end of the animation.
    public var end: CollectionViewLayoutAttributes

    /// Creates a transition.
    public init(
        key: ElementKey, change: Change, start: CollectionViewLayoutAttributes, end: CollectionViewLayoutAttributes
    ) {
        self.key = key
        self.change = change
        self.start = start
        self.end = end
    }
}
