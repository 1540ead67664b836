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
        // Every byte is written before the image is made: by the background's clear, which the
        // canvas defers (`DeferredClear`) and writes as drawing reaches each row or at the end.
        var bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { _, initialized in initialized = count * 4 }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UInt32.self) { words in
                let bounds = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
                let surface = Surface(bounds: bounds, borrowing: words.baseAddress!)
                var canvas = Canvas(surface: surface)
                // Checked on the way out, thrown or not: a kept canvas would paint freed memory.
                defer {
                    precondition(isKnownUniquelyReferenced(&canvas), "Image.drawing: the canvas outlived its closure")
                }
                canvas.clear(background)
                try draw(canvas)
                surface.settleAll()
            }
        }
        return try Image(width: width, height: height, premultipliedPixels: bytes)
    }
}
