import Geometry
import Raster

/// A rectangular area that draws itself and hosts subviews (UIKit's `UIView`
/// together with the `CALayer` properties users set on it).
///
/// Geometry follows UIKit: `center` is in the superview's bounds coordinates,
/// `bounds` is the view's own coordinate space (its origin shifts the
/// subviews), and `transform3D` applies around the centre. `frame` is
/// derived from `center` and `bounds.size` and, as in UIKit, is only
/// meaningful while the transform is the identity.
///
/// Drawing order within a view, back to front: background colour, the
/// view's own content (`draw(in:)`), subviews in order, then the border —
/// `CALayer` draws its border above its contents and sublayers.
open class View {
    /// The centre in the superview's coordinate space.
    public var center: Point
    /// The view's own coordinate space; its size is the view's size.
    public var bounds: Rect
    /// The transform applied around the centre (`layer.transform`); identity by default.
    public var transform3D: Transform3D = .identity
    /// The fill behind the content; nil (transparent) by default.
    public var backgroundColor: Color?
    /// The border colour (`layer.borderColor`); nil draws no border.
    public var borderColor: Color?
    /// The border width in points, drawn inside the bounds (`layer.borderWidth`); 0 by default.
    public var borderWidth: Double = 0
    /// The corner radius in points (`layer.cornerRadius`), applied to the background and border.
    public var cornerRadius: Double = 0
    /// Whether subviews and content are clipped to the (rounded) bounds; false by default.
    public var clipsToBounds: Bool = false
    /// The opacity, applied to the view and its subviews as one group; 1 by default.
    public var alpha: Double = 1
    /// Whether the view and its subviews are skipped; false by default.
    public var isHidden: Bool = false
    /// A name for debugging overlays and error messages.
    public var accessibilityIdentifier: String?
    /// The child views, back to front.
    public private(set) var subviews: [View] = []
    /// The parent view.
    public private(set) weak var superview: View?

    /// Creates a view with the given frame.
    public init(frame: Rect = .zero) {
        center = frame.center
        bounds = Rect(origin: .zero, size: frame.standardized.size)
    }

    /// Creates a view with the given frame and background colour.
    public convenience init(frame: Rect = .zero, backgroundColor: Color?) {
        self.init(frame: frame)
        self.backgroundColor = backgroundColor
    }

    /// The view's rectangle in its superview's coordinates: centre ± size / 2.
    /// Setting it sets `center` and `bounds.size`.
    public var frame: Rect {
        get { Rect(center: center, size: bounds.size) }
        set {
            let r = newValue.standardized
            center = r.center
            bounds.size = r.size
        }
    }

    /// The affine part of `transform3D` (UIKit's `UIView.transform`); setting it replaces `transform3D`.
    public var transform: AffineTransform {
        get { transform3D.affineTransform }
        set { transform3D = Transform3D(newValue) }
    }

    /// Adds `view` on top of the other subviews, removing it from its previous superview.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether `isHighlighted` should propagate to this view when its cell is highlighted
    /// (labels and image views have a highlighted look; plain views do not).
    open var isHighlightable: Bool { false }

    /// Sets the highlighted look on this view and its descendants, as UIKit does
    /// for a highlighted cell's content view.
    open func setHighlighted(_ highlighted: Bool) {
        for v in subviews { v.setHighlighted(highlighted) }
    }

    /// Lays out the subviews for the current bounds (UIKit's `layoutSubviews()`).
    ///
    /// The renderer runs it on every view, parent before children, before drawing
    /// (`layoutIfNeeded()`), so a subclass can size and place its subviews from its bounds the
    /// UIKit way. The default does nothing; subclasses overriding it should call `super`.
    open func layoutSubviews() {}

    /// Lays out the view and then, recursively, its subviews (parent before children).
    ///
    /// There is no needs-layout flag: every call lays the whole tree out again.
    ///
    /// - Complexity: O(views in the tree) calls of `layoutSubviews()`.
    public func layoutIfNeeded() {
        layoutSubviews()
        for v in subviews { v.layoutIfNeeded() }
    }

    /// Whether `draw(in:)` draws anything. A subclass that draws must say so: the renderer uses
    /// it to decide whether a faded view needs a group layer, and draws a view's background and
    /// border together (before `draw(in:)`) when it has no content and no subviews.
    open var hasOwnContent: Bool { false }

    /// Draws the view's own content, between its background and its subviews, in
    /// its bounds coordinate space (UIKit's `draw(_:)`). The default draws nothing.
    ///
    /// - Parameters:
    ///   - context: where to draw; `context.transform` maps this view's bounds
    ///     coordinates to device pixels.
    open func draw(in context: DrawingContext) {}
}
