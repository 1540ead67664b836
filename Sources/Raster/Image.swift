/// A bitmap of premultiplied sRGB RGBA8 pixels, rows top to bottom.
///
/// Byte order in `pixels` is R, G, B, A for each pixel; row `y` starts at
/// byte `y · bytesPerRow`. Rows are packed (`bytesPerRow == width · 4`).
/// Sizes from outside go through the throwing initialisers, which check
/// `ImageLimits` before allocating anything.
public struct Image: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the next.
    public let bytesPerRow: Int
    /// The premultiplied RGBA8 bytes, `bytesPerRow · height` of them.
    public var pixels: [UInt8]

    /// Creates an image filled with `color`.
    ///
    /// - Throws: `RasterError.invalidImageSize` for a non-positive size,
    ///   `RasterError.imageTooLarge` past `ImageLimits`.
    public init(width: Int, height: Int, fill color: PremultipliedColor = .clear) throws(RasterError) {
        try ImageLimits.check(width: width, height: height)
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        if color == .clear {
            self.pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            var px = [UInt8](repeating: 0, count: width * height * 4)
            px.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                let word = color.packedWord
                for i in 0..<words.count { words[i] = word }
            }
            self.pixels = px
        }
    }

    /// Wraps existing premultiplied RGBA8 bytes (rows packed).
    ///
    /// - Throws: `RasterError` when the size is out of limits or `pixels`
    ///   does not hold exactly `width · height · 4` bytes.
    public init(width: Int, height: Int, premultipliedPixels pixels: [UInt8]) throws(RasterError) {
        try ImageLimits.check(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw .pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.pixels = pixels
    }

    /// The pixel at (x, y). Both must be in range.
    @inlinable public subscript(x: Int, y: Int) -> PremultipliedColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of range")
            let i = y * bytesPerRow + x * 4
            return PremultipliedColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of range")
            let i = y * bytesPerRow + x * 4
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }
}

extension PremultipliedColor {
    /// The four bytes R, G, B, A as one little-endian word (R in the low byte),
    /// so that storing it writes them in memory order.
    @inlinable public var packedWord: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    /// Unpacks a word written by `packedWord`.
    @inlinable public init(packedWord w: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: w), green: UInt8(truncatingIfNeeded: w >> 8),
            blue: UInt8(truncatingIfNeeded: w >> 16), alpha: UInt8(truncatingIfNeeded: w >> 24))
    }
}

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
