extension Image {
    /// Draws a new image in place: `draw` gets a canvas that paints straight into the image's
    /// own storage, so there is one buffer and no copy at the end, unlike
    /// `Canvas(width:height:background:)` followed by `Canvas.image` (which for a 750x1334
    /// frame is a second 4 MB buffer, its page faults and a copy).
    ///
    /// The result is the same as that of `Canvas(width:height:background:)`, then `draw`, then
    /// `Canvas.image`: transparency layers still open when `draw` returns are left out.
    ///
    /// - Precondition: `draw` does not keep the canvas (it would outlive the storage it paints).
    /// - Throws: `RasterError` when the size is out of `ImageLimits`; what `draw` throws.
    public static func drawing(
        width: Int, height: Int, background: Color = .clear, _ draw: (Canvas) throws -> Void
    ) throws -> Image {
        try ImageLimits.check(width: width, height: height)
        let count = width * height
        let word = background.premultiplied.packedWord
        var bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            buffer.withMemoryRebound(to: UInt32.self) { Surface.fill($0.baseAddress!, count: count, with: word) }
            initialized = count * 4
        }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UInt32.self) { words in
                let bounds = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
                var canvas = Canvas(surface: Surface(bounds: bounds, borrowing: words.baseAddress!))
                // Checked on the way out, thrown or not: a kept canvas would paint freed memory.
                defer {
                    precondition(isKnownUniquelyReferenced(&canvas), "Image.drawing: the canvas outlived its closure")
                }
                try draw(canvas)
            }
        }
        return try Image(width: width, height: height, premultipliedPixels: bytes)
    }
}
