/// Bounds on image sizes, checked before any pixel memory is allocated.
public enum ImageLimits {
    /// The largest width or height accepted (iPad Pro 13" at 3x is 2064x2752 × 1.5; 16384 leaves room).
    public static let maximumDimension = 16_384
    /// The largest pixel count accepted: 64 Mpx, a 256 MiB RGBA8 buffer.
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// Throws when `width` x `height` is not a valid image size.
    public static func check(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else { throw .invalidImageSize(width: width, height: height) }
        guard excess(width: width, height: height) == nil else { throw .imageTooLarge(width: width, height: height) }
    }

    /// The limit that `width` x `height` breaks, as a phrase ("16385 pixels wide, over the limit
    /// of 16384 per side"), or nil when the size is within both limits.
    public static func excess(width: Int, height: Int) -> String? {
        if width > maximumDimension {
            return "\(width) pixels wide, over the limit of \(maximumDimension) per side"
        }
        if height > maximumDimension {
            return "\(height) pixels high, over the limit of \(maximumDimension) per side"
        }
        // Both sides are within 16384 here, so the product cannot overflow.
        if width * height > maximumPixelCount {
            return "\(width * height) pixels, over the limit of \(maximumPixelCount) in all"
        }
        return nil
    }
}
