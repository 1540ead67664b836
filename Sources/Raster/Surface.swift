import CIntrinsics
import Support

/// A premultiplied RGBA8 pixel buffer placed at a device-pixel origin: the
/// base image of a canvas, or an offscreen transparency layer.
final class Surface {
    let bounds: PixelRect
    let width: Int
    let height: Int
    /// Pixels as little-endian words (R in the low byte), rows packed.
    let words: UnsafeMutablePointer<UInt32>
    /// Whether `words` was allocated here (and is freed with the surface).
    private let ownsWords: Bool
    /// The clear that `deferClear(_:)` recorded and drawing has not yet written everywhere, if
    /// any (see `DeferredClear`).
    var deferredClear: DeferredClear?
    /// Room for a deferred clear's settled flags, one per row, kept from clear to clear.
    var settledRowsStorage: UnsafeMutablePointer<Bool>?

    /// A surface of its own memory, every pixel `word` (packed premultiplied): the clear is
    /// written at once when `defers` is false, else as drawing reaches each row
    /// (`DeferredClear`), so that the new memory is written once rather than zeroed first.
    init(bounds: PixelRect, clearedTo word: UInt32, defers: Bool) {
        self.bounds = bounds
        width = bounds.width
        height = bounds.height
        let count = max(1, width * height)
        words = .allocate(capacity: count)
        ownsWords = true
        clear(to: word, defers: defers)
    }

    /// A surface of its own memory holding a copy of `image`'s pixels, placed at the origin (one
    /// copy into memory that is not zeroed first).
    init(copying image: Image) {
        bounds = PixelRect(minX: 0, minY: 0, maxX: image.width, maxY: image.height)
        width = image.width
        height = image.height
        let count = max(1, width * height)
        words = .allocate(capacity: count)
        ownsWords = true
        image.pixels.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(words).copyMemory(from: raw.baseAddress!, byteCount: width * height * 4)
        }
    }

    /// A surface over `words`, which the caller owns and keeps alive longer than the surface.
    init(bounds: PixelRect, borrowing words: UnsafeMutablePointer<UInt32>) {
        self.bounds = bounds
        width = bounds.width
        height = bounds.height
        self.words = words
        ownsWords = false
    }

    deinit {
        if ownsWords { words.deallocate() }
        settledRowsStorage?.deallocate()
    }

    /// Sets `count` words from `words` on, initialized or not, to `word`: by `memset` when
    /// its four bytes are equal (opaque white, transparent), otherwise by `fillWords`, the
    /// processor's string store (measured on 1170x2532: 0.19–0.21 ms against 0.23–0.24 ms for
    /// a loop of 16-byte stores and 0.51 ms for non-temporal stores, which send the frame to
    /// memory that the shapes then read back; doubling copies with `memcpy` were slower still).
    static func fill(_ words: UnsafeMutablePointer<UInt32>, count: Int, with word: UInt32) {
        if word == (word & 0xFF) &* 0x0101_0101 {
            memset(words, Int32(word & 0xFF), count * 4)
        } else {
            fillWords(words, count, word)
        }
    }

    /// The first word of device row `y` (which must lie in `bounds`), offset so that
    /// indexing with a device x works.
    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        words + (y - bounds.minY) * width - bounds.minX
    }

    /// Copies the pixels out as an `Image` (bounds must start at the origin).
    ///
    /// One copy into uninitialized storage (not a zero fill and then a copy).
    func makeImage() -> Image {
        settleAll()
        let byteCount = width * height * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            if byteCount > 0 {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: UnsafeRawPointer(words), byteCount: byteCount)
            }
            initialized = byteCount
        }
        // Sizes were validated when the surface's image was created.
        return try! Image(width: width, height: height, premultipliedPixels: bytes)
    }
}
