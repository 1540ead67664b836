import Geometry

/// A drawing surface over an `Image`, in device pixels.
///
/// Canvas draws with exact-area anti-aliasing and premultiplied source-over
/// compositing. It keeps a stack of clips and of transparency layers (for
/// group opacity). All coordinates are device pixels; callers map points to
/// pixels with the transform they pass (a 2x canvas passes scale(2, 2)).
public final class Canvas {
    /// The image being drawn into (the base layer).
    public private(set) var image: Image

    /// Creates a canvas that draws into `image`.
    public init(image: Image) {
        self.image = image
    }

    /// Creates a canvas of the given pixel size filled with `background`.
    public convenience init(width: Int, height: Int, background: Color = .clear) throws(RasterError) {
        self.init(image: try Image(width: width, height: height, fill: background.premultiplied))
    }

    /// Width in pixels.
    public var width: Int { image.width }
    /// Height in pixels.
    public var height: Int { image.height }

    /// Replaces every pixel with `color` (a copy, not a blend), ignoring clips.
    public func clear(_ color: Color) {}

    /// Fills `path`, mapped by `transform`, with `color`.
    public func fill(_ path: Path, color: Color, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero) {}

    /// Fills `rect` mapped by `transform`.
    public func fillRect(_ rect: Rect, color: Color, transform: AffineTransform = .identity) {}

    /// Fills a rounded rectangle mapped by `transform`.
    public func fillRoundedRect(_ rect: Rect, cornerRadii: CornerRadii, color: Color, transform: AffineTransform = .identity) {}

    /// Draws a border the way `CALayer` does: a ring of `width` inside `rect`'s
    /// edge, following the corner radii (inner radii = outer − width).
    public func strokeBorder(_ rect: Rect, cornerRadii: CornerRadii, width: Double, color: Color, transform: AffineTransform = .identity) {}

    /// Composites `color` through a coverage mask placed at its device-pixel origin.
    public func fill(_ mask: CoverageMask, color: Color) {}

    /// Draws `source` so that its pixel rectangle maps onto `rect` under
    /// `transform` (a 3D transform projected with perspective), with bilinear
    /// sampling and exact edge coverage, times `opacity`.
    public func draw(_ source: Image, in rect: Rect, transform: Transform3D = .identity, opacity: Double = 1) {}

    /// Restricts drawing to the rounded rectangle mapped by `transform` until the matching `popClip()`.
    public func pushClip(_ rect: Rect, cornerRadii: CornerRadii = .zero, transform: AffineTransform = .identity) {}

    /// Removes the innermost clip.
    public func popClip() {}

    /// Starts an offscreen layer; drawing goes there until `endTransparencyLayer()`,
    /// which composites it at `opacity` (group opacity, as a `CALayer` with `opacity < 1`).
    public func beginTransparencyLayer(opacity: Double) {}

    /// Composites the innermost transparency layer onto the one below.
    public func endTransparencyLayer() {}
}
