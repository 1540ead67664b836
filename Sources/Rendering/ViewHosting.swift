import Geometry
import Layout

/// A reusable view that draws through a `View` tree: the renderer sizes and
/// places `hostView` from the element's layout attributes, then draws it.
public protocol ViewHosting: AnyObject {
    /// The root of the drawn view tree.
    var hostView: View { get }
    /// Lays out the subviews for the current size (UIKit's `layoutSubviews()`).
    func layoutSubviews()
}

extension ViewHosting {
    /// Copies the standard layout attributes to the host view, as UIKit does
    /// (bounds size, centre, transform3D, alpha, hidden; zIndex orders drawing).
    func applyStandardAttributes(_ a: LayoutAttributes) {
        hostView.center = a.center
        hostView.bounds = Rect(origin: .zero, size: a.size)
        hostView.transform3D = a.transform3D
        hostView.alpha = a.alpha
        hostView.isHidden = a.isHidden
    }
}
