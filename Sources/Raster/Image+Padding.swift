extension Image {
    /// This image at the top-left of a transparent `width` × `height` one (cropped if larger):
    /// how a frame smaller than its animation's canvas — a rotation's — is stored in an APNG.
    ///
    /// - Throws: `RasterError` for a size out of limits.
    /// - Complexity: O(width · height).
    public func padded(toWidth width: Int, height: Int) throws(RasterError) -> Image {
        if width == self.width && height == self.height { return self }
        try ImageLimits.check(width: width, height: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = Swift.min(width, self.width) * 4
        for y in 0..<Swift.min(height, self.height) {
            let from = y * self.width * 4, to = y * width * 4
            out[to..<to + rowBytes] = storage[from..<from + rowBytes]
        }
        return try Image(width: width, height: height, premultipliedPixels: out)
    }
}
