import Geometry
import Layout
import Raster

/// A drawable supplementary or decoration view — a header, a footer, a
/// section background (UIKit's `UICollectionReusableView`).
///
/// Its look is a `View` tree rooted at `hostView`, sized to the element's
/// layout attributes. The common view properties are forwarded so that a
/// subclass reads like UIKit code (`backgroundColor = .yellow`, `addSubview(label)`).
open class CollectionReusableView: ReusableView, ViewHosting {
    /// The root view drawn for this element.
    public let hostView = View()

    /// Creates an empty reusable view.
    public override init() { super.init() }

    /// The view's size and origin (0, 0), from the layout attributes.
    public var bounds: Rect { hostView.bounds }
    /// The background colour of the root view.
    public var backgroundColor: Color? {
        get { hostView.backgroundColor }
        set { hostView.backgroundColor = newValue }
    }
    /// The border colour of the root view.
    public var borderColor: Color? {
        get { hostView.borderColor }
        set { hostView.borderColor = newValue }
    }
    /// The border width of the root view.
    public var borderWidth: Double {
        get { hostView.borderWidth }
        set { hostView.borderWidth = newValue }
    }
    /// The corner radius of the root view.
    public var cornerRadius: Double {
        get { hostView.cornerRadius }
        set { hostView.cornerRadius = newValue }
    }
    /// Whether the root view clips its subviews.
    public var clipsToBounds: Bool {
        get { hostView.clipsToBounds }
        set { hostView.clipsToBounds = newValue }
    }

    /// Adds a subview to the root view.
    public func addSubview(_ view: View) { hostView.addSubview(view) }

    /// Copies the standard attributes to the root view; subclasses overriding it should call `super`.
    open override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        applyStandardAttributes(layoutAttributes)
    }

    /// Lays out subviews for the current bounds before drawing. The default does nothing.
    open func layoutSubviews() {}
}
