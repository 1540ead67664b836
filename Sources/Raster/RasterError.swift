/// Errors from the raster layer.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A width or height below 1.
    case invalidImageSize(width: Int, height: Int)
    /// A size past `ImageLimits` (per side or in all), refused before anything is allocated.
    case imageTooLarge(width: Int, height: Int)
    /// A pixel buffer whose byte count does not match the image size.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// A rectangle to crop that is empty or reaches outside the image.
    case cropOutsideImage(PixelRect, imageWidth: Int, imageHeight: Int)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .invalidImageSize(let w, let h):
            return "image size \(w)x\(h) is invalid: width and height must be at least 1"
        case .imageTooLarge(let w, let h):
            return
                "image size \(w)x\(h) is too large: \(ImageLimits.excess(width: w, height: h) ?? "over the limits")"
        case .pixelCountMismatch(let e, let a):
            return "pixel buffer holds \(a) bytes but the size needs \(e)"
        case .cropOutsideImage(let r, let w, let h):
            return
                "crop rectangle \(r.width)x\(r.height) at (\(r.minX), \(r.minY)) is empty or reaches outside the \(w)x\(h) image"
        }
    }
}
