import Support

extension Image {
    /// The pixels of `rect`, which must be a non-empty rectangle inside the image, as an image
    /// of their own.
    ///
    /// - Throws: `RasterError.cropOutsideImage` when `rect` is empty or not inside the image.
    /// - Complexity: O(rect's pixels).
    public func cropped(to rect: PixelRect) throws(RasterError) -> Image {
        guard !rect.isEmpty, rect.minX >= 0, rect.minY >= 0, rect.maxX <= width, rect.maxY <= height else {
            throw .cropOutsideImage(rect, imageWidth: width, imageHeight: height)
        }
        if rect.width == width && rect.height == height { return self }
        let rowBytes = rect.width * 4
        var out = [UInt8](repeating: 0, count: rowBytes * rect.height)
        for y in 0..<rect.height {
            let from = (rect.minY + y) * bytesPerRow + rect.minX * 4
            out[y * rowBytes..<(y + 1) * rowBytes] = storage[from..<from + rowBytes]
        }
        return try Image(width: rect.width, height: rect.height, premultipliedPixels: out)
    }

    /// The smallest rectangle outside which this image and `other`, which must have the same
    /// size (a precondition: the process traps otherwise), have the same bytes; nil when they
    /// are identical.
    ///
    /// What an animated PNG's frame needs to carry over the one before it (`APNGWriter`).
    ///
    /// - Complexity: O(width · height): rows are compared whole (`memcmp`'s pace) from the top
    ///   and from the bottom, then the rows between them pixel by pixel from each side.
    public func boundsOfDifference(from other: Image) -> PixelRect? {
        precondition(width == other.width && height == other.height, "images of different sizes")
        return storage.withUnsafeBufferPointer { a in
            other.storage.withUnsafeBufferPointer { b in
                a.withMemoryRebound(to: UInt32.self) { a in
                    b.withMemoryRebound(to: UInt32.self) { b in
                        Image.boundsOfDifference(a.baseAddress!, b.baseAddress!, width: width, height: height)
                    }
                }
            }
        }
    }

    private static func boundsOfDifference(
        _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, width: Int, height: Int
    ) -> PixelRect? {
        func rowsDiffer(_ y: Int) -> Bool { memcmp(a + y * width, b + y * width, width * 4) != 0 }
        guard let top = (0..<height).first(where: rowsDiffer) else { return nil }
        let bottom = (top..<height).last(where: rowsDiffer)! + 1
        var minX = width, maxX = 0
        for y in top..<bottom {
            let rowA = a + y * width, rowB = b + y * width
            // Only the columns outside the bounds found so far can widen them.
            var x = 0
            while x < minX && rowA[x] == rowB[x] { x += 1 }
            minX = Swift.min(minX, x)
            var end = width
            while end > maxX && rowA[end - 1] == rowB[end - 1] { end -= 1 }
            maxX = Swift.max(maxX, end)
        }
        return PixelRect(minX: minX, minY: top, maxX: maxX, maxY: bottom)
    }
}
