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

    /// Places the view by the element's standard attributes (centre, size, transform, alpha,
    /// hidden): what UIKit's collection view does itself before it calls `apply(_:)`, so that an
    /// `apply(_:)` that does not call `super` still leaves the view where the layout put it.
    ///
    /// The collection view calls it, then `apply(_:)`, whenever the element's attributes change
    /// and when the view is first shown. The default does nothing (a view without geometry, as
    /// in a pixel-free test); `CollectionReusableView` implements it, and its subclasses cannot
    /// override it.
    func applyStandardAttributes(_ layoutAttributes: CollectionViewLayoutAttributes)

    /// Applies the element's layout attributes to the view (UIKit's `apply(_:)`): for a view
    /// that reacts to them beyond the standard ones, which are already applied when it is called.
    func apply(_ layoutAttributes: CollectionViewLayoutAttributes)
}

extension ReusableElementView {
    /// Does nothing: the view has no geometry of its own.
    public func applyStandardAttributes(_ layoutAttributes: CollectionViewLayoutAttributes) {}

    /// The standard attributes, then `apply(_:)`: how a collection view shows an element's
    /// attributes on its view.
    func show(_ layoutAttributes: CollectionViewLayoutAttributes) {
        applyStandardAttributes(layoutAttributes)
        apply(layoutAttributes)
    }
}
