extension Image {
    /// This image at the top-left of a transparent `width` × `height` one (cropped if larger):
    /// how a frame smaller than its animation's canvas — a rotation's — is stored in an APNG.
    ///
    /// - Throws: `RasterError` for a size out of limits.
    /// - Complexity: O(width · height).
    public func padded(toWidth width: Int, height: Int) throws(RasterError) -> Image {
        if width == self.width && height == self.height { return self }
        try ImageLimits.check(width: width, height: height)
        let out = Image.paddedPixels(storage, width: self.width, height: self.height, toWidth: width, height: height)
        return try Image(width: width, height: height, premultipliedPixels: out)
    }

    /// Packed RGBA8 rows of `width` × `height` pixels at the top-left of a zeroed buffer of
    /// `newWidth` × `newHeight` pixels, cropped where they are larger. Zero is transparent whether
    /// the pixels are premultiplied or straight, so this serves both.
    ///
    /// - Complexity: O(newWidth · newHeight).
    public static func paddedPixels(
        _ pixels: [UInt8], width: Int, height: Int, toWidth newWidth: Int, height newHeight: Int
    ) -> [UInt8] {
        if newWidth == width && newHeight == height { return pixels }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let rowBytes = Swift.min(newWidth, width) * 4
        for y in 0..<Swift.min(newHeight, height) {
            let from = y * width * 4, to = y * newWidth * 4
            out[to..<to + rowBytes] = pixels[from..<from + rowBytes]
        }
        return out
    }
}
