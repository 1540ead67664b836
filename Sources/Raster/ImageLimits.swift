/// Bounds on image sizes, checked before any pixel memory is allocated.
public enum ImageLimits {
    /// The largest width or height accepted (iPad Pro 13" at 3x is 2064x2752 × 1.5; 16384 leaves room).
    public static let maximumDimension = 16_384
    /// The largest pixel count accepted: 64 Mpx, a 256 MiB RGBA8 buffer.
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// Throws when `width` x `height` is not a valid image size.
    public static func check(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else { throw .invalidImageSize(width: width, height: height) }
        guard width <= maximumDimension, height <= maximumDimension,
            width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount
        else { throw .imageTooLarge(width: width, height: height) }
    }
}
