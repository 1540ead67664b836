import Geometry

/// Which element a finger lands on.
///
/// UIKit finds the view under a touch with `UIView.hitTest(_:with:)`: "Points that lie outside the
/// receiver's bounds are never reported as hits", and the method "ignores view objects that are
/// hidden, that have disabled user interactions, or have an alpha level less than 0.01"
/// (developer.apple.com/documentation/uikit/uiview/hittest(_:with:)). The subview hit is the
/// frontmost one containing the point in its own, transformed coordinates, so a pinned header
/// or a decoration view over a cell takes the touch from it.
extension CollectionView {
    /// The alpha below which an element lets touches through (`UIView.hitTest(_:with:)`).
    public static let minimumHitTestAlpha = 0.01

    /// The element a finger at `point` (content coordinates) lands on, as UIKit's hit testing
    /// finds it, or nil.
    ///
    /// Only points inside `bounds` hit anything. Of the elements the layout puts in the bounds,
    /// the frontmost in drawing order (`visibleElementsInDrawingOrder`: zIndex, then cells before
    /// supplementary before decoration views, then index path and kind) whose transformed shape
    /// contains the point wins; hidden elements and those with alpha below
    /// `minimumHitTestAlpha` are passed over. The element may be a cell, a supplementary or a
    /// decoration view.
    ///
    /// - Complexity: one layout query of the bounds, O(k) for the k elements it returns.
    public func hitTest(_ point: Point) -> CollectionViewLayoutAttributes? {
        guard bounds.contains(point) else { return nil }
        var best: CollectionViewLayoutAttributes?
        for a in layoutAttributesForElements(in: bounds)
        where !a.isHidden && a.alpha >= Self.minimumHitTestAlpha && a.shapeContains(point) {
            if let b = best, (b.zIndex, b.elementKey) > (a.zIndex, a.elementKey) { continue }
            best = a
        }
        return best
    }
}

extension CollectionViewLayoutAttributes {
    /// Whether `point` (content coordinates) lies inside the element as drawn: its bounds,
    /// transformed by `transform3D` about `center`, half-open as `Rect.contains`.
    ///
    /// The point is mapped back through the inverse of the transform's plane homography; a
    /// transform that flattens the element to a line (scale 0) or puts the point behind the
    /// eye contains nothing.
    func shapeContains(_ point: Point) -> Bool {
        let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        let p = Point(x: point.x - center.x, y: point.y - center.y)
        let t = transform3D
        if t.isIdentity { return local.contains(p) }
        // Rows of the homography: (x, y, 1) · H = (X, Y, W) and the drawn point is (X/W, Y/W).
        let (h0, h1, h2) = (t.m11, t.m12, t.m14)
        let (h3, h4, h5) = (t.m21, t.m22, t.m24)
        let (h6, h7, h8) = (t.m41, t.m42, t.m44)
        let c0 = h4 * h8 - h5 * h7, c1 = h5 * h6 - h3 * h8, c2 = h3 * h7 - h4 * h6
        let det = h0 * c0 + h1 * c1 + h2 * c2
        guard det != 0, det.isFinite else { return false }
        // (p.x, p.y, 1) · H⁻¹, with H⁻¹ = adj(H) / det: component j is the point dotted with the
        // cofactors of row j of H (adj(H) is their transpose). The common 1/det cancels in the
        // division.
        let a = p.x * c0 + p.y * c1 + c2
        let b = p.x * (h2 * h7 - h1 * h8) + p.y * (h0 * h8 - h2 * h6) + (h1 * h6 - h0 * h7)
        let w = p.x * (h1 * h5 - h2 * h4) + p.y * (h2 * h3 - h0 * h5) + (h0 * h4 - h1 * h3)
        guard w != 0 else { return false }
        let q = Point(x: a / w, y: b / w)
        guard t.project(q).w > 0 else { return false }
        return local.contains(q)
    }
}
