import Geometry
import Layout

/// A view that a collection view shows for one element and recycles: a header, a footer, a
/// section background (UIKit's `UICollectionReusableView`).
///
/// It is a `View`: give it a background colour, a border or subviews as you would in UIKit. The
/// collection view sizes and places it from the element's layout attributes (centre, size,
/// `transform3D`, alpha, hidden), then calls `apply(_:)`; `layoutSubviews()` then lays out its
/// subviews before it is drawn.
open class CollectionReusableView: View, ReusableElementView {
    /// The attributes last applied by the collection view; nil before the view is first shown.
    public private(set) var layoutAttributes: CollectionViewLayoutAttributes?

    /// Creates an empty reusable view.
    public init() { super.init(frame: .zero) }

    /// Creates an empty reusable view with a frame, as UIKit's `init(frame:)`: a view ported
    /// from an app that overrides `init(frame:)` keeps its initializer (the collection view
    /// replaces the frame with its element's when it shows the view).
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Called just before a recycled view is returned from a dequeue call; resets per-element
    /// state. The default does nothing; subclasses overriding it should call `super`.
    open func prepareForReuse() {}

    /// Copies the standard attributes to the view, as UIKit's collection view does before it
    /// calls `apply(_:)`: bounds size, centre, transform3D, alpha, hidden (zIndex orders
    /// drawing), and `layoutAttributes`. The collection view and the renderer call it; it is
    /// final, so that no subclass can leave its view unplaced.
    public final func applyStandardAttributes(_ layoutAttributes: CollectionViewLayoutAttributes) {
        self.layoutAttributes = layoutAttributes
        center = layoutAttributes.center
        bounds = Rect(origin: .zero, size: layoutAttributes.size)
        transform3D = layoutAttributes.transform3D
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
    }

    /// Applies attributes beyond the standard ones. The default does nothing, as UIKit's: "You
    /// do not need to override this method to support the standard layout attributes … The
    /// collection view applies those attributes automatically"
    /// ([apply(_:)](https://developer.apple.com/documentation/uikit/uicollectionreusableview/apply(_:))).
    /// When it is called, the standard attributes are applied already, so an override ported
    /// from an app, with or without `super`, finds the view in place.
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}
