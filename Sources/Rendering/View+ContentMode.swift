import Geometry

extension View {
    /// How an image view fits its image into its bounds (UIKit's `UIView.ContentMode`).
    public enum ContentMode: String, Sendable, CaseIterable {
        /// Stretch to fill the bounds exactly (UIKit's default).
        case scaleToFill
        /// Scale uniformly to fit inside the bounds, centred.
        case scaleAspectFit
        /// Scale uniformly to cover the bounds, centred (overflows unless clipped).
        case scaleAspectFill
        /// Natural size, centred.
        case center
        /// Natural size, top-left corner at the bounds' top-left.
        case topLeft

        /// The rectangle, in the bounds' coordinates, that an image of `imageSize` points occupies.
        public func rect(for imageSize: Size, in bounds: Rect) -> Rect {
            let iw = imageSize.width, ih = imageSize.height
            guard iw > 0, ih > 0 else { return .zero }
            switch self {
            case .scaleToFill:
                return bounds
            case .scaleAspectFit, .scaleAspectFill:
                let sx = bounds.width / iw, sy = bounds.height / ih
                let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
                return Rect(center: bounds.center, size: Size(width: iw * s, height: ih * s))
            case .center:
                return Rect(center: bounds.center, size: imageSize)
            case .topLeft:
                return Rect(origin: Point(x: bounds.minX, y: bounds.minY), size: imageSize)
            }
        }
    }
}
