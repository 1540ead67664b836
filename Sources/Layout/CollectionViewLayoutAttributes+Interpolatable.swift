import Geometry

extension CollectionViewLayoutAttributes: Interpolatable {
    /// The attributes a linear transition shows at `fraction` of the way from `self` to `other`.
    ///
    /// Interpolated linearly (as TLTransitionLayout's `interpolatePose`, UIKitBehaviour.md §5.4):
    /// `center`, `size` and `alpha`. `transform3D` is interpolated by decomposition, as Core
    /// Animation animates a layer's transform (`Transform3D.interpolatedByDecomposition`): a
    /// rotation stays a rotation of the same scale. Not interpolated:
    /// - `zIndex` is the greater of the two, so an element above its neighbours at either end
    ///   (a dragged item at `Int.max`, a pinned header) stays above them for the whole transition;
    /// - `isHidden` is `self`'s at fraction ≤ 0, `other`'s at fraction ≥ 1, and in between true only
    ///   if both are hidden (a fading element stays drawn);
    /// - identity (index path, category, kind) is `other`'s.
    ///
    /// `fraction` is not clamped: values outside 0…1 extrapolate (springs overshoot), except
    /// that `alpha` stays in 0…1, as `CALayer.opacity` does ("values outside that range are
    /// clamped to the minimum or maximum", Apple's documentation of `opacity`).
    public func interpolated(to other: CollectionViewLayoutAttributes, fraction t: Double)
        -> CollectionViewLayoutAttributes
    {
        var r = CollectionViewLayoutAttributes(
            category: other.representedElementCategory, kind: other.representedElementKind,
            indexPath: other.indexPath)
        r.center = center.interpolated(to: other.center, fraction: t)
        r.size = size.interpolated(to: other.size, fraction: t)
        r.alpha = Swift.min(Swift.max(alpha.interpolated(to: other.alpha, fraction: t), 0), 1)
        r.transform3D = transform3D.interpolatedByDecomposition(to: other.transform3D, fraction: t)
        r.zIndex = Swift.max(zIndex, other.zIndex)
        if t <= 0 {
            r.isHidden = isHidden
        } else if t >= 1 {
            r.isHidden = other.isHidden
        } else {
            r.isHidden = isHidden && other.isHidden
        }
        return r
    }
}
