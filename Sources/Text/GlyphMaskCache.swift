import Geometry
import Raster
import Synchronization

/// Coverage masks of glyphs at a device scale and a quantized sub-pixel
/// phase, shared by every thread (one mutex; rasterization happens outside it).
///
/// `TextLayout.draw` rasterizes a glyph that is only scaled and translated
/// in its own frame: the device origin is split into a whole-pixel part
/// (`⌊x⌋`, `⌊y⌋`) and a phase rounded to 1/`GlyphPlacement.phaseSteps` of a
/// pixel, the outline is rasterized with only that phase as translation
/// (`CoverageMask(filling:transform:)`), and the mask is moved by the whole
/// pixels. The uncached route (`maskCache: nil`) does exactly the same, so a
/// cached mask is byte-identical to rasterizing the glyph again; the only
/// effect of caching is speed. Quantizing moves a glyph by at most 1/8 px.
///
/// Keys are (font, glyph, device scale x and y as exact bits, phase x, phase
/// y). A font in the cache is retained by it, so its identity cannot be
/// reused by another font while its masks are cached. When the masks exceed
/// `maximumBytes` the cache empties itself and starts over.
///
/// ```swift
/// layout.draw(into: canvas, at: origin, color: .black)                  // shared cache
/// layout.draw(into: canvas, at: origin, color: .black, maskCache: nil)  // same bytes, no cache
/// ```
public final class GlyphMaskCache: Sendable {
    /// The cache `TextLayout.draw` uses unless told otherwise.
    public static let shared = GlyphMaskCache()

    struct Key: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
        let scaleX: UInt64, scaleY: UInt64
        let phaseX: UInt8, phaseY: UInt8

        init(_ font: Font, _ glyph: GlyphIndex, _ placement: GlyphPlacement) {
            self.font = ObjectIdentifier(font)
            self.glyph = glyph.rawValue
            scaleX = placement.scaleX.bitPattern
            scaleY = placement.scaleY.bitPattern
            phaseX = UInt8(placement.phaseX)
            phaseY = UInt8(placement.phaseY)
        }

        /// The fields folded into one word before hashing (equality still compares every
        /// field): feeding the hasher six fields took several hundred instructions a glyph.
        func hash(into hasher: inout Hasher) {
            let k: UInt64 = 0x9E37_79B9_7F4A_7C15  // 2^64 / golden ratio (Fibonacci hashing)
            var h = UInt64(UInt(bitPattern: font))
            h = (h &* k) ^ scaleX
            h = (h &* k) ^ scaleY
            h = (h &* k) ^ (UInt64(glyph) | UInt64(phaseX) << 32 | UInt64(phaseY) << 40)
            hasher.combine(h)
        }
    }

    private struct State {
        var masks: [Key: CoverageMask] = [:]
        var fonts: [ObjectIdentifier: Font] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    /// The mask bytes kept before the cache empties itself.
    public let maximumBytes: Int

    /// Creates an empty cache that keeps up to `maximumBytes` of coverage.
    public init(maximumBytes: Int = 16 << 20) {
        self.maximumBytes = maximumBytes
    }

    /// The number of cached masks.
    public var count: Int { state.withLock { $0.masks.count } }

    /// Forgets every mask (and releases the fonts).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The cached mask for `glyph` of `font` at `placement`, or nil on a miss.
    func mask(font: Font, glyph: GlyphIndex, placement: GlyphPlacement) -> CoverageMask? {
        let key = Key(font, glyph, placement)
        return state.withLock { $0.masks[key] }
    }

    /// Keeps `mask`, rasterized for `glyph` of `font` at `placement` after a miss (emptying the
    /// cache first when it would grow past `maximumBytes`).
    func keep(_ mask: CoverageMask, font: Font, glyph: GlyphIndex, placement: GlyphPlacement) {
        let key = Key(font, glyph, placement)
        let bytes = mask.coverage.count + 64
        state.withLock { s in
            if s.bytes + bytes > maximumBytes { s = State() }
            if s.masks.updateValue(mask, forKey: key) == nil { s.bytes += bytes }
            if s.fonts[key.font] == nil { s.fonts[key.font] = font }
        }
    }
}
