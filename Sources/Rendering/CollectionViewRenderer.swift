import Geometry
import Layout
import Raster
import Text

/// Draws a collection view's visible elements into an image: the main job.
///
/// A render brings the collection view's views up to date
/// (`CollectionView.layoutSubviews()`, which asks the layout for the visible
/// rect only and dequeues views through the reuse queue), then draws, back
/// to front: the background colour, `backgroundView` (fills the bounds and
/// does not scroll, as `UICollectionView.backgroundView`), every shown view
/// in `CollectionView.visibleViewsInDrawingOrder` (zIndex, then cells before
/// supplementary before decoration views, then index path — UIKit leaves
/// equal zIndex undefined), an edit menu if one is shown, and the debug
/// overlay if enabled. Content scrolls by `contentOffset`; everything is
/// drawn at `scale` pixels per point.
public struct CollectionViewRenderer {
    /// Device pixels per point (2 for a 2x screen).
    public var scale: Double
    /// The colour the image starts with.
    public var backgroundColor: Color
    /// A view behind all content that fills the bounds and does not scroll.
    public var backgroundView: View?
    /// The edit menu to show, if any.
    public var menu: EditMenu?
    /// Outlines, index paths and zIndex drawn over the content when set.
    public var debugOverlay: DebugOverlay?
    /// Fonts.
    public var resources: RenderResources

    /// Creates a renderer.
    public init(scale: Double = 1, backgroundColor: Color = .white, resources: RenderResources) {
        self.scale = scale
        self.backgroundColor = backgroundColor
        self.resources = resources
    }

    /// The image size in pixels for a collection view of `size` points at `scale`.
    public static func pixelSize(for size: Size, scale: Double) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    }

    /// Renders the collection view's visible rect to a new image.
    ///
    /// - Throws: `RasterError` when the pixel size is out of limits, and what
    ///   the data source throws while creating views.
    public func render(_ collectionView: CollectionView) throws -> Image {
        let size = CollectionViewRenderer.pixelSize(for: collectionView.bounds.size, scale: scale)
        let canvas = try Canvas(width: size.width, height: size.height, background: backgroundColor)
        try render(collectionView, into: canvas)
        return canvas.image
    }

    /// Renders the collection view's visible rect into `canvas` (its background is not cleared).
    ///
    /// - Throws: what the data source throws while creating views.
    public func render(_ collectionView: CollectionView, into canvas: Canvas) throws {
        try collectionView.layoutSubviews()
        let views = ViewRenderer(scale: scale, resources: resources)
        let device = AffineTransform(scaleX: scale, y: scale)
        if let backgroundView {
            backgroundView.frame = Rect(origin: .zero, size: collectionView.bounds.size)
            views.render(backgroundView, into: canvas, parentTransform: Transform3D(device))
        }
        let offset = collectionView.contentOffset
        let content = Transform3D(AffineTransform(translationX: -offset.x, y: -offset.y).concatenating(device))
        for element in collectionView.visibleViewsInDrawingOrder {
            guard let view = element as? View else { continue }
            views.render(view, into: canvas, parentTransform: content)
        }
        if let menu {
            menu.draw(for: collectionView, into: canvas, scale: scale, resources: resources)
        }
        if let debugOverlay {
            debugOverlay.draw(for: collectionView, into: canvas, scale: scale, resources: resources)
        }
    }
}
