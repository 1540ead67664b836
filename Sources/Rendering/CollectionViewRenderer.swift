import Geometry
import Layout
import Raster
import Text

/// Draws a collection view's visible elements into an image: the main job.
///
/// A render draws a `PresentationState`: the collection view's current one
/// (`CollectionView.layoutSubviews()` asks the layout for the visible rect
/// only and dequeues views through the reuse queue) or an animation frame's.
/// It draws, back to front: the background colour, `backgroundView` (fills the bounds and
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
    /// Called before each view is drawn (the background view, every element's view and each of
    /// their subviews); an error it throws stops the drawing, and the render throws it. A command
    /// sets it to stop a long render at SIGINT instead of when the drawing ends.
    public var checkpoint: (@Sendable () throws -> Void)?

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
    /// - Throws: `CollectionViewError.emptyBounds` when the collection view has no area (a
    ///   controller's, before a window or a frame sizes it), `RasterError` when the pixel size is
    ///   out of limits, and what the data source throws while creating views.
    public func render(_ collectionView: CollectionView) throws -> Image {
        let size = collectionView.bounds.size
        guard size.width > 0, size.height > 0 else { throw CollectionViewError.emptyBounds(size) }
        return try render(PresentationState(collectionView: collectionView, menuItem: menu?.indexPath))
    }

    /// Renders a presentation state to a new image of its bounds' size.
    ///
    /// - Throws: `RasterError` when the pixel size is out of limits; what `checkpoint` throws.
    public func render(_ state: PresentationState) throws -> Image {
        let size = CollectionViewRenderer.pixelSize(for: state.bounds.size, scale: scale)
        return try Image.drawing(width: size.width, height: size.height, background: backgroundColor) { canvas in
            try render(state, into: canvas)
        }
    }

    /// Renders the collection view's visible rect into `canvas` (its background is not cleared).
    ///
    /// - Throws: what the data source throws while creating views; what `checkpoint` throws.
    public func render(_ collectionView: CollectionView, into canvas: Canvas) throws {
        try render(try PresentationState(collectionView: collectionView, menuItem: menu?.indexPath), into: canvas)
    }

    /// Draws a presentation state into `canvas` (its background is not cleared): the background
    /// view, every element's view placed by its attributes, back to front, the edit menu, and the
    /// debug overlay if enabled.
    ///
    /// - Throws: what `checkpoint` throws (the canvas is left unfinished).
    public func render(_ state: PresentationState, into canvas: Canvas) throws {
        let views = ViewRenderer(scale: scale, resources: resources, checkpoint: checkpoint)
        let device = AffineTransform(scaleX: scale, y: scale)
        if let backgroundView {
            backgroundView.frame = Rect(origin: .zero, size: state.bounds.size)
            try views.render(backgroundView, into: canvas, parentTransform: Transform3D(device))
        }
        let offset = state.bounds.origin
        let content = Transform3D(AffineTransform(translationX: -offset.x, y: -offset.y).concatenating(device))
        for element in state.elements {
            guard let view = element.view else { continue }
            if let view = view as? CollectionReusableView {
                view.applyStandardAttributes(element.attributes)
                view.apply(element.attributes)
            }
            try views.render(view, into: canvas, parentTransform: content)
        }
        if let menu = state.menu {
            EditMenu.draw(menu, bounds: state.bounds, into: canvas, scale: scale, resources: resources)
        }
        if let debugOverlay {
            debugOverlay.draw(state, into: canvas, scale: scale, resources: resources)
        }
    }
}
