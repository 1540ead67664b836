import Geometry
import Raster

/// What a view's `draw(in:)` draws with: a canvas and the transform from the
/// view's bounds coordinates to the canvas's device pixels.
public struct DrawingContext {
    /// The canvas to draw into.
    public let canvas: Canvas
    /// Maps the view's bounds coordinates to device pixels.
    public let transform: AffineTransform
    /// Device pixels per point (the canvas scale).
    public let scale: Double
    /// Fonts shared by a render.
    public let resources: RenderResources
    /// Opacity to apply to what is drawn (1 unless the view is faded without a group layer).
    public let opacity: Double

    /// Creates a context.
    public init(
        canvas: Canvas, transform: AffineTransform, scale: Double, resources: RenderResources, opacity: Double = 1
    ) {
        self.canvas = canvas
        self.transform = transform
        self.scale = scale
        self.resources = resources
        self.opacity = opacity
    }
}
