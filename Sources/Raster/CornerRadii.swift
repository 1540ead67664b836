import Geometry

/// The radii of a rounded rectangle's four corners (`CACornerMask` with a
/// `cornerRadius`, or CSS `border-radius`).
public struct CornerRadii: Hashable, Sendable {
    /// The radius of each corner, clockwise from the top left.
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// Creates per-corner radii.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius on every corner.
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }

    /// No rounding.
    public static let zero = CornerRadii(all: 0)

    /// Whether every radius is zero.
    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }

    /// The radii made non-negative and scaled down together, if needed, so that
    /// the two radii on each side of `rect` sum to no more than that side
    /// (the CSS rule; for equal radii it is Core Animation's clamp to min(w, h)/2).
    public func clamped(to rect: Rect) -> CornerRadii {
        let tl = max(0, topLeft), tr = max(0, topRight), br = max(0, bottomRight), bl = max(0, bottomLeft)
        var f = 1.0
        let w = rect.width, h = rect.height
        if tl + tr > w { f = min(f, w / (tl + tr)) }
        if bl + br > w { f = min(f, w / (bl + br)) }
        if tl + bl > h { f = min(f, h / (tl + bl)) }
        if tr + br > h { f = min(f, h / (tr + br)) }
        return CornerRadii(topLeft: tl * f, topRight: tr * f, bottomRight: br * f, bottomLeft: bl * f)
    }

    /// Each radius reduced by `d` (not below zero): the inner edge of a border of width `d`.
    public func insetBy(_ d: Double) -> CornerRadii {
        CornerRadii(
            topLeft: max(0, topLeft - d), topRight: max(0, topRight - d),
            bottomRight: max(0, bottomRight - d), bottomLeft: max(0, bottomLeft - d))
    }
}
