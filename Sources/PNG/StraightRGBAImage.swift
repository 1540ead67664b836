import Raster

/// An image as PNG files and image-diff tools hold it: 8-bit RGBA with straight
/// (not premultiplied) alpha, rows packed without padding.
///
/// This is the form pixelmatch, odiff and pngjs compare, so an image diff that
/// must count pixels the way they do works on it rather than on `Image`'s
/// premultiplied pixels (premultiplying loses the colour of translucent pixels).
public struct StraightRGBAImage: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width · height · 4` bytes: R, G, B, A for each pixel, row by row.
    public let pixels: [UInt8]

    /// Wraps straight RGBA8 bytes.
    ///
    /// - Throws: `RasterError` when the size breaks `ImageLimits` or `pixels`
    ///   does not hold exactly `width · height` pixels.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RasterError) {
        try ImageLimits.check(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw .pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight form of a premultiplied image, exactly as `PNGEncoder`
    /// writes it (`c·255/a` rounded to nearest; alpha 0 gives all zeros).
    ///
    /// An opaque image is its own straight form: its pixel storage is shared, not copied
    /// (`Image`'s rows are packed, as here).
    ///
    /// - Complexity: O(width · height).
    public init(_ image: Image) {
        width = image.width
        height = image.height
        pixels = StraightAlpha.isOpaque(image) ? image.pixels : StraightAlpha.unpremultiplied(image.pixels)
    }

    /// The premultiplied image (`c·a/255` rounded to nearest, as `PNGDecoder` does).
    ///
    /// - Throws: Never for a value made by the initialisers, which check the size.
    /// - Complexity: O(width · height).
    public func premultiplied() throws(RasterError) -> Image {
        var bytes = pixels
        StraightAlpha.premultiply(&bytes)
        return try Image(width: width, height: height, premultipliedPixels: bytes)
    }
}
