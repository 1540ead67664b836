/// What a collection view needs of a view it shows for one element and recycles through its
/// reuse queue.
///
/// The Layout module knows no pixels, so it manages its views through this protocol; the drawable
/// class, UIKit's `UICollectionReusableView`, is the Rendering module's `CollectionReusableView`,
/// which conforms. A class of your own can conform too (a pixel-free test does). The collection
/// view keeps the reuse identifier and the attributes it applied itself.
public protocol ReusableElementView: AnyObject {
    /// Called just before a recycled view is returned from a dequeue call; resets per-item state.
    func prepareForReuse()

    /// Applies the element's layout attributes to the view (UIKit's `apply(_:)`).
    ///
    /// The collection view calls it whenever the element's attributes change and when the view
    /// is first shown.
    func apply(_ layoutAttributes: CollectionViewLayoutAttributes)
}

/// What a collection view needs of a view that shows an item: a reusable view with selected and
/// highlighted states (the pixel-free side of UIKit's `UICollectionViewCell`, which is the
/// Rendering module's `CollectionViewCell`).
///
/// The collection view sets `isSelected` and `isHighlighted` as its selection state machine runs;
/// a drawing class shows its selected-background view when either is true
/// (UIKitBehaviour.md §6).
public protocol ReusableCellView: ReusableElementView {
    /// Whether the cell's item is selected. Set by the collection view.
    var isSelected: Bool { get set }
    /// Whether the cell is highlighted (touched down). Set by the collection view.
    var isHighlighted: Bool { get set }
}

/// The view a collection view shows for a decoration kind that nobody registered a view for: it
/// takes part in reuse and drawing order and draws nothing.
final class UnregisteredDecorationView: ReusableElementView {
    func prepareForReuse() {}
    func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}
