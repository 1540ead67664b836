/// Errors from the raster layer.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    case invalidImageSize(width: Int, height: Int)
    case imageTooLarge(width: Int, height: Int)
    case pixelCountMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .invalidImageSize(let w, let h):
            return "image size \(w)x\(h) is invalid: width and height must be at least 1"
        case .imageTooLarge(let w, let h):
            return
                "image size \(w)x\(h) exceeds the limit of \(ImageLimits.maximumDimension) pixels per side and \(ImageLimits.maximumPixelCount) pixels in all"
        case .pixelCountMismatch(let e, let a):
            return "pixel buffer holds \(a) bytes but the size needs \(e)"
        }
    }
}
