import Geometry
import Raster

/// Draws view trees into a canvas the way Core Animation composites layers.
///
/// Each view's transform applies around its centre and is flattened into its
/// parent's plane (no shared 3D space between layers, as for plain `CALayer`s):
/// internally every view-to-device map is a 2D projective map. Views whose map
/// is affine are drawn directly with exact-area anti-aliasing; views with
/// perspective are drawn into an offscreen image first and then projected
/// with `Canvas.draw(_:in:transform:opacity:)`.
///
/// Group opacity: a view with `alpha < 1` whose drawing overlaps itself
/// (subviews, or a background plus a border or content) is drawn into a
/// transparency layer composited once at its alpha, as iOS does with
/// `allowsGroupOpacity` (on by default since iOS 7).
public struct ViewRenderer {
    /// Device pixels per point.
    public let scale: Double
    /// Fonts and images for labels and image views.
    public let resources: RenderResources
    /// Called before each view is drawn; an error it throws stops the drawing, and `render`
    /// throws it (what is left on the canvas is unfinished).
    public let checkpoint: (@Sendable () throws -> Void)?

    /// Creates a renderer for a canvas of `scale` device pixels per point, calling `checkpoint`
    /// (if any) before each view it draws.
    public init(scale: Double, resources: RenderResources, checkpoint: (@Sendable () throws -> Void)? = nil) {
        self.scale = scale
        self.resources = resources
        self.checkpoint = checkpoint
    }

    /// Lays out `view` and its subviews (`layoutIfNeeded()`), then draws them.
    ///
    /// - Parameters:
    ///   - view: the root of the tree; its `center` is interpreted in the
    ///     space that `parentTransform` maps to device pixels.
    ///   - canvas: the destination.
    ///   - parentTransform: maps the parent's coordinate space to device pixels.
    /// - Throws: what `checkpoint` throws.
    /// - Complexity: O(views + pixels drawn).
    public func render(_ view: View, into canvas: Canvas, parentTransform: Transform3D) throws {
        view.layoutIfNeeded()
        try draw(view, canvas, parentTransform.flattened)
    }

    /// The map from `view`'s bounds coordinates to its superview's bounds coordinates.
    static func localTransform(of view: View) -> Transform3D {
        Transform3D(translationX: -view.bounds.midX, y: -view.bounds.midY, z: 0)
            .concatenating(view.transform3D.flattened)
            .concatenating(Transform3D(translationX: view.center.x, y: view.center.y, z: 0))
    }

    private func draw(_ view: View, _ canvas: Canvas, _ parent: Transform3D) throws {
        guard !view.isHidden, view.alpha > 0, view.bounds.width >= 0 else { return }
        try checkpoint?()
        let full = ViewRenderer.localTransform(of: view).concatenating(parent).flattened
        if let affine = full.planarAffine {
            let needsGroup = view.alpha < 1 && ViewRenderer.overlapsItself(view)
            if needsGroup {
                canvas.beginTransparencyLayer(opacity: view.alpha, bounds: deviceBounds(of: view, full))
                try drawContents(view, canvas, affine, full, opacity: 1)
                canvas.endTransparencyLayer()
            } else {
                try drawContents(view, canvas, affine, full, opacity: view.alpha)
            }
        } else {
            try drawProjected(view, canvas, full)
        }
    }

    /// Whether drawing the view at reduced alpha needs an offscreen group to look right.
    static func overlapsItself(_ view: View) -> Bool {
        if view.subviews.contains(where: { !$0.isHidden && $0.alpha > 0 }) { return true }
        let layers =
            (view.backgroundColor != nil ? 1 : 0) + (view.borderColor != nil && view.borderWidth > 0 ? 1 : 0)
            + (view.hasOwnContent ? 1 : 0)
        return layers > 1
    }

    private func drawContents(
        _ view: View, _ canvas: Canvas, _ m: AffineTransform, _ full: Transform3D, opacity: Double
    ) throws {
        let radii = CornerRadii(all: view.cornerRadius)
        let background = view.backgroundColor?.withOpacity(opacity)
        var border = view.borderWidth > 0 ? view.borderColor?.withOpacity(opacity) : nil
        if let background, let box = border, view.subviews.isEmpty, !view.hasOwnContent {
            // Nothing comes between the background and the border: one call draws both (the
            // same bytes, the outline scan converted once).
            canvas.fillRoundedRect(
                view.bounds, cornerRadii: radii, color: background, borderWidth: view.borderWidth, borderColor: box,
                transform: m)
            border = nil
        } else if let background {
            canvas.fillRoundedRect(view.bounds, cornerRadii: radii, color: background, transform: m)
        }
        if view.clipsToBounds { canvas.pushClip(view.bounds, cornerRadii: radii, transform: m) }
        view.draw(
            in: DrawingContext(canvas: canvas, transform: m, scale: scale, resources: resources, opacity: opacity))
        let childParent = full
        for child in view.subviews { try draw(child, canvas, childParent) }
        if view.clipsToBounds { canvas.popClip() }
        if let border {
            canvas.strokeBorder(view.bounds, cornerRadii: radii, width: view.borderWidth, color: border, transform: m)
        }
    }

    /// Renders a view with perspective offscreen, then projects the image.
    private func drawProjected(_ view: View, _ canvas: Canvas, _ full: Transform3D) throws {
        let box = ViewRenderer.localBounds(of: view)
        guard !box.isEmpty else { return }
        // Resolution: the canvas scale times how much the projection magnifies the
        // box (measured on its projected corners), within 1…4.
        let projected = full.unionOfProjectedCorners(of: box).bounds
        guard !projected.isNull else { return }
        let magnification = min(4, max(1, max(projected.width / box.width, projected.height / box.height)))
        let f = min(magnification, 4 * scale)
        // A box too large for any canvas is not drawn (as when the canvas cannot be made),
        // before its size becomes an `Int` it does not fit.
        let width = (box.width * f).rounded(.up), height = (box.height * f).rounded(.up)
        guard width < 1e9, height < 1e9 else { return }
        let w = Int(width), h = Int(height)
        guard (try? ImageLimits.check(width: max(1, w), height: max(1, h))) != nil else { return }
        let toOffscreen = AffineTransform(translationX: -box.minX, y: -box.minY).concatenating(
            AffineTransform(scaleX: f, y: f))
        let inner = Transform3D(toOffscreen)
        // Drawn straight into the image's storage (no second buffer and copy).
        let image = try Image.drawing(width: max(1, w), height: max(1, h)) { offscreen in
            try drawContents(view, offscreen, toOffscreen, inner, opacity: 1)
        }
        // The image covers (0, 0, w/f, h/f) from box.origin in the view's bounds space.
        let rect = Rect(x: box.minX, y: box.minY, width: Double(w) / f, height: Double(h) / f)
        canvas.draw(image, in: rect, transform: full, opacity: view.alpha)
    }

    /// The view's bounds united with its visible subviews' frames (recursively, unless clipped), in bounds coordinates.
    static func localBounds(of view: View) -> Rect {
        var box = view.bounds
        guard !view.clipsToBounds else { return box }
        for child in view.subviews where !child.isHidden {
            let childBox = localBounds(of: child)
            box = localTransform(of: child).unionOfProjectedCorners(of: childBox, into: box).bounds
        }
        return box
    }

    /// The device-pixel box the view's subtree can touch (for sizing transparency layers).
    func deviceBounds(of view: View, _ full: Transform3D) -> Rect {
        let box = ViewRenderer.localBounds(of: view)
        let (out, cornersBehind) = full.unionOfProjectedCorners(of: box)
        guard cornersBehind == 0 else { return Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9) }
        // One pixel of slack for anti-aliased edges.
        return out.insetBy(dx: -1, dy: -1)
    }
}

extension Transform3D {
    /// The transform with its z output dropped, so that composing flattened
    /// transforms projects each layer into its parent's plane (as `CALayer` does).
    var flattened: Transform3D {
        var t = self
        t.m13 = 0
        t.m23 = 0
        t.m33 = 1
        t.m43 = 0
        t.m31 = 0
        t.m32 = 0
        t.m34 = 0
        return t
    }

    /// The 2D affine map this transform applies to the plane z = 0, or nil when it has perspective.
    var planarAffine: AffineTransform? {
        guard m14 == 0, m24 == 0, m44 != 0 else { return nil }
        let k = 1 / m44
        return AffineTransform(a: m11 * k, b: m12 * k, c: m21 * k, d: m22 * k, tx: m41 * k, ty: m42 * k)
    }
}
