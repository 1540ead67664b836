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
    /// The premultiplied RGBA8 bytes, `bytesPerRow · height` of them (read-only: the count is
    /// an invariant of the size; change pixels through the subscript or a `Canvas`).
    @inlinable public var pixels: [UInt8] { storage }
    /// The bytes behind `pixels`.
    @usableFromInline var storage: [UInt8]

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
            self.storage = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            var px = [UInt8](repeating: 0, count: width * height * 4)
            px.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                let word = color.packedWord
                for i in 0..<words.count { words[i] = word }
            }
            self.storage = px
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
        self.storage = pixels
    }

    /// The pixel at (x, y). Both must be in range.
    @inlinable public subscript(x: Int, y: Int) -> PremultipliedColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of range")
            let i = y * bytesPerRow + x * 4
            return PremultipliedColor(
                red: storage[i], green: storage[i + 1], blue: storage[i + 2], alpha: storage[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of range")
            let i = y * bytesPerRow + x * 4
            storage[i] = newValue.red
            storage[i + 1] = newValue.green
            storage[i + 2] = newValue.blue
            storage[i + 3] = newValue.alpha
        }
    }
}
