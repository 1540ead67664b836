/// Linear interpolation between two values, as UIKit's transition layout does
/// for every animatable layout attribute.
public protocol Interpolatable {
    /// The value a fraction `t` of the way from `self` to `other` (t = 0 gives
    /// `self`, t = 1 gives `other`, exactly).
    func interpolated(to other: Self, fraction t: Double) -> Self
}

extension Double: Interpolatable {
    /// `self + (other − self) · t`, with t = 0 and t = 1 giving the ends exactly.
    @inlinable public func interpolated(to other: Double, fraction t: Double) -> Double {
        if t == 0 { return self }
        if t == 1 { return other }
        return self + (other - self) * t
    }
}

extension Point: Interpolatable {
    /// Component by component.
    public func interpolated(to o: Point, fraction t: Double) -> Point {
        Point(x: x.interpolated(to: o.x, fraction: t), y: y.interpolated(to: o.y, fraction: t))
    }
}

extension Size: Interpolatable {
    /// Component by component.
    public func interpolated(to o: Size, fraction t: Double) -> Size {
        Size(
            width: width.interpolated(to: o.width, fraction: t),
            height: height.interpolated(to: o.height, fraction: t))
    }
}

extension Rect: Interpolatable {
    /// Component by component.
    public func interpolated(to o: Rect, fraction t: Double) -> Rect {
        Rect(origin: origin.interpolated(to: o.origin, fraction: t), size: size.interpolated(to: o.size, fraction: t))
    }
}

extension AffineTransform: Interpolatable {
    /// Component by component.
    public func interpolated(to o: AffineTransform, fraction t: Double) -> AffineTransform {
        AffineTransform(
            a: a.interpolated(to: o.a, fraction: t), b: b.interpolated(to: o.b, fraction: t),
            c: c.interpolated(to: o.c, fraction: t), d: d.interpolated(to: o.d, fraction: t),
            tx: tx.interpolated(to: o.tx, fraction: t), ty: ty.interpolated(to: o.ty, fraction: t))
    }
}

extension Transform3D: Interpolatable {
    /// Entry-by-entry interpolation, as TLTransitionLayout's `interpolatePose`.
    public func interpolated(to o: Transform3D, fraction t: Double) -> Transform3D {
        let a = rowMajor, b = o.rowMajor
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<16 { r[i] = a[i].interpolated(to: b[i], fraction: t) }
        return Transform3D(rowMajor: r)!
    }
}
