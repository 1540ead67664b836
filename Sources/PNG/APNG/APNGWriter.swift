import Raster
import Support

/// Streams animation frames into one animated PNG (APNG) file, atomically.
///
/// Frames are encoded one at a time with `PNGEncoder` and appended to a
/// temporary file, so memory stays at two frames (the one appended and the one
/// before, kept to compare) however long the animation; `finish()` writes the
/// frame count into the `acTL` chunk and renames the file over `path`. A writer
/// dropped before `finish()`, or one whose write failed, removes its temporary
/// file and leaves any existing `path` intact.
///
/// Layout (APNG 1.0, Mozilla's specification,
/// https://wiki.mozilla.org/APNG_Specification): `IHDR`, `acTL`, then per frame
/// an `fcTL` (delay 1/fps s, dispose NONE, blend SOURCE) followed by `IDAT` for
/// the first frame and one `fdAT` for each later one; sequence numbers run 0, 1,
/// 2… across `fcTL` and `fdAT`. The first frame covers the whole canvas. Each
/// later one covers only the smallest rectangle in which it differs from the
/// frame before (`Image.boundsOfDifference(from:)`), at that rectangle's offset:
/// with dispose NONE the canvas keeps the previous frame, and blend SOURCE
/// replaces the rectangle's pixels, transparency included, so every frame a
/// viewer shows is the whole image appended. A frame equal to the one before is
/// stored as its top-left pixel (a frame region cannot be empty). Where a tap or
/// a drag changes one corner of the screen, the file shrinks and the encoding
/// takes less time by as much; a scroll, which moves every pixel, gains
/// nothing. Every frame is 8-bit RGBA (colour type 6), because all frames share
/// the IHDR. Viewers without APNG support show the first frame. The output is
/// deterministic: no time or text chunks.
///
/// Not thread-safe; use one writer from one thread.
public final class APNGWriter {
    /// Width of every frame, in pixels.
    public let width: Int
    /// Height of every frame, in pixels.
    public let height: Int
    /// Frames per second; each frame is shown for 1/fps s.
    public let framesPerSecond: Int
    /// How many times viewers play the animation; 0 loops forever.
    public let loopCount: Int
    /// The compression settings for every frame.
    public let options: PNGEncodingOptions
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private let file: AtomicFileWriter
    private var sequenceNumber: UInt32 = 0
    /// The frame appended last, which the next one is compared with.
    private var previous: Image?
    private var isUsable = true
    /// Whether `end()` has written the last chunk and flushed the file.
    private var isEnded = false
    /// Where the `acTL` chunk's data starts (after the signature and IHDR).
    private static let animationControlOffset = 8 + 25 + 8

    /// Starts an APNG at `path` (written to a temporary file until `finish()`).
    ///
    /// - Parameters:
    ///   - path: The destination; its directory must exist.
    ///   - width: Frame width in pixels.
    ///   - height: Frame height in pixels.
    ///   - framesPerSecond: 1...65535.
    ///   - loopCount: How many times viewers play it; 0 (the default) loops forever.
    ///   - options: Compression settings for every frame.
    /// - Throws: `PNGError.invalidImage` for a size outside `ImageLimits`,
    ///   `.invalidOptions` for a bad rate, loop count or options, `.file` when
    ///   the temporary file cannot be created.
    public init(
        path: String, width: Int, height: Int, framesPerSecond: Int, loopCount: Int = 0,
        options: PNGEncodingOptions = .default
    ) throws(PNGError) {
        do {
            try ImageLimits.check(width: width, height: height)
        } catch {
            throw .invalidImage(reason: error.description)
        }
        guard (1...65535).contains(framesPerSecond) else {
            throw .invalidOptions("frames per second \(framesPerSecond) is outside 1...65535")
        }
        guard loopCount >= 0, loopCount <= Int(UInt32.max) else {
            throw .invalidOptions("loop count \(loopCount) is outside 0...\(UInt32.max)")
        }
        try options.validate()
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.loopCount = loopCount
        self.options = options
        do {
            file = try AtomicFileWriter(path: path)
        } catch {
            throw .file(error)
        }
        let header =
            PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        let animationControl = PNGChunk.bigEndian(UInt32(0)) + PNGChunk.bigEndian(UInt32(loopCount))
        try write(PNGHeader.signature + PNGChunk.make("IHDR", header) + PNGChunk.make("acTL", animationControl))
    }

    /// Encodes `image` and appends it as the next frame (the part that differs from the frame
    /// before).
    ///
    /// - Throws: `PNGError.invalidImage` if its size differs from the
    ///   animation's; `.file` if writing fails (the writer is then unusable
    ///   and its temporary file removed); `.encodingFailed` if the writer has
    ///   already failed or finished.
    /// - Complexity: O(width · height).
    public func append(_ image: Image) throws(PNGError) {
        try ensureUsable()
        guard image.width == width, image.height == height else {
            throw .invalidImage(
                reason: "frame \(frameCount) is \(image.width)x\(image.height) but the animation is \(width)x\(height)")
        }
        // The whole canvas for the first frame; then what changed since the frame before.
        let region =
            previous.map { image.boundsOfDifference(from: $0) ?? PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1) }
            ?? PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        let part: Image
        do {
            part = try image.cropped(to: region)
        } catch {
            throw .invalidImage(reason: error.description)
        }
        let png = try PNGEncoder.encode(part, options: options, alwaysRGBA: true)
        var compressed: [UInt8] = []
        for entry in PNGChunk.entries(of: png) where entry.type == "IDAT" {
            compressed += png[entry.data]
        }
        var control = PNGChunk.bigEndian(nextSequenceNumber())
        control += PNGChunk.bigEndian(UInt32(region.width)) + PNGChunk.bigEndian(UInt32(region.height))
        control += PNGChunk.bigEndian(UInt32(region.minX)) + PNGChunk.bigEndian(UInt32(region.minY))  // x, y offset
        control += PNGChunk.bigEndian(UInt16(1)) + PNGChunk.bigEndian(UInt16(framesPerSecond))  // delay 1/fps s
        control += [0, 0]  // dispose NONE, blend SOURCE
        var bytes = PNGChunk.make("fcTL", control)
        if frameCount == 0 {
            bytes += PNGChunk.make("IDAT", compressed)
        } else {
            bytes += PNGChunk.make("fdAT", PNGChunk.bigEndian(nextSequenceNumber()) + compressed)
        }
        try write(bytes)
        previous = image
        frameCount += 1
    }

    /// Ends the file: its last chunk and the frame count, flushed to the disk, so that only the
    /// rename is left to `finish`. Calling it again does nothing.
    ///
    /// - Throws: `PNGError.encodingFailed` when no frame was appended (the writer is then
    ///   discarded) or the writer already failed or finished; `.file` when writing or syncing
    ///   fails.
    public func end() throws(PNGError) {
        guard !isEnded else { return }
        try ensureUsable()
        guard frameCount > 0 else {
            discard()
            throw .encodingFailed(reason: "an APNG needs at least one frame; '\(file.path)' was not written")
        }
        try write(PNGChunk.make("IEND", []))
        // Rewrite acTL's data and CRC (12 bytes) now that the frame count is known.
        let animationControl = PNGChunk.make(
            "acTL", PNGChunk.bigEndian(UInt32(frameCount)) + PNGChunk.bigEndian(UInt32(loopCount)))
        do {
            try file.overwrite(Array(animationControl[8...]), at: Self.animationControlOffset)
            try file.sync()
        } catch {
            isUsable = false
            throw .file(error)
        }
        isEnded = true
    }

    /// Ends the file (`end()`, unless done) and publishes it at `path`; `evenAfterAStop` as
    /// `AtomicFileWriter.commit(evenAfterAStop:)` says.
    ///
    /// - Throws: what `end()` throws; `.file` when renaming fails.
    public func finish(evenAfterAStop: Bool = false) throws(PNGError) {
        try end()
        do {
            try file.commit(evenAfterAStop: evenAfterAStop)
        } catch {
            isUsable = false
            throw .file(error)
        }
        isUsable = false
        previous = nil
    }

    /// Abandons the animation: removes the temporary file; `path` is untouched.
    public func discard() {
        isUsable = false
        previous = nil
        file.discard()
    }

    private func nextSequenceNumber() -> UInt32 {
        defer { sequenceNumber += 1 }
        return sequenceNumber
    }

    private func ensureUsable() throws(PNGError) {
        guard isUsable else {
            throw .encodingFailed(reason: "the APNG writer for '\(file.path)' has already finished or failed")
        }
    }

    private func write(_ bytes: [UInt8]) throws(PNGError) {
        do {
            try file.append(bytes)
        } catch {
            isUsable = false
            throw .file(error)
        }
    }
}
