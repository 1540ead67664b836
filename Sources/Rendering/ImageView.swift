import Geometry
import Raster

/// A view that shows an image (UIKit's `UIImageView`).
open class ImageView: View {
    /// The image; nil shows nothing.
    public var image: Image?
    /// The image shown while highlighted (falls back to `image`).
    public var highlightedImage: Image?
    /// Device pixels per point of the image (UIImage's `scale`); 1 by default.
    public var imageScale: Double = 1
    /// How the image fits the bounds; `.scaleToFill` by default, as in UIKit.
    public var contentMode: View.ContentMode = .scaleToFill
    /// Whether the highlighted image is shown.
    public var isHighlighted = false

    /// Creates an image view showing `image` at its natural size in points.
    public init(image: Image?, imageScale: Double = 1) {
        self.imageScale = imageScale
        let size =
            image.map { Size(width: Double($0.width) / imageScale, height: Double($0.height) / imageScale) } ?? .zero
        super.init(frame: Rect(origin: .zero, size: size))
        self.image = image
    }

    /// Creates an empty image view with a frame.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// True: an image view shows its highlighted image while a cell holding it is highlighted
    /// (`UIImageView.isHighlighted`).
    open override var isHighlightable: Bool { true }

    /// Sets `isHighlighted`, so that the highlighted image shows, and passes the state on to the
    /// subviews.
    open override func setHighlighted(_ highlighted: Bool) {
        isHighlighted = highlighted
        super.setHighlighted(highlighted)
    }

    /// Whether there is an image to draw.
    open override var hasOwnContent: Bool { shownImage != nil }

    /// The image `draw(in:)` shows: the highlighted one while highlighted, if there is one.
    var shownImage: Image? { (isHighlighted ? highlightedImage : nil) ?? image }

    /// Draws the image with bilinear sampling into the rectangle its content mode gives.
    open override func draw(in context: DrawingContext) {
        guard let shown = shownImage else { return }
        let size = Size(width: Double(shown.width) / imageScale, height: Double(shown.height) / imageScale)
        let rect = contentMode.rect(for: size, in: bounds)
        context.canvas.draw(shown, in: rect, transform: Transform3D(context.transform), opacity: context.opacity)
    }
}
