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
