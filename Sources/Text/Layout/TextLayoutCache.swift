import Synchronization

/// Text layouts already made, shared by every thread (one mutex; layouts are made outside it):
/// an animation draws the same labels in every frame, and each frame would lay them out again.
///
/// A layout depends only on its text, font and parameters, which together are the key (the
/// font by identity, the numbers by their exact bits), so a cached layout is the layout made
/// again, value for value; the only effect of caching is speed. A font in the cache is
/// retained by it, so its identity cannot be reused by another font while its layouts are
/// cached. A layout that throws is not cached.
///
/// The cache is a table of `slotCount` slots, each key's slot picked by its hash. A layout is
/// kept the second time its key is asked for (the slot remembers the hash of the last key it
/// saw), and then takes the slot from whatever held it. So a still whose labels never repeat
/// pays only for a hash and a comparison a label, and keeps nothing; an animation's labels are
/// laid out in its first two frames and found in every later one. When the layouts held exceed
/// `maximumBytes` (an estimate: the text and the placed glyphs) the cache empties itself and
/// starts over.
///
/// ```swift
/// let layout = try TextLayoutCache.shared.layout("Today", font: font, size: 17)  // made once
/// let again = try TextLayoutCache.shared.layout("Today", font: font, size: 17)   // the same value
/// ```
public final class TextLayoutCache: Sendable {
    /// The cache `Label` lays its text out through.
    public static let shared = TextLayoutCache()

    /// How many layouts the table holds at most.
    public static let slotCount = 1024

    /// What a layout depends on. The text is compared by its UTF-8 bytes, not by `String`'s
    /// `==`: two canonically equivalent strings (a precomposed "é" and "e" with a combining
    /// accent) are equal strings but are shaped from different scalars into different glyphs.
    struct Key {
        let text: String
        let font: ObjectIdentifier
        let size: UInt64, width: UInt64, maximumHeight: UInt64
        let alignment: TextAlignment
        let numberOfLines: Int
        let lineBreakMode: LineBreakMode
        let missingGlyphs: MissingGlyphPolicy

        static func == (a: Key, b: Key) -> Bool {
            a.font == b.font && a.size == b.size && a.width == b.width && a.maximumHeight == b.maximumHeight
                && a.alignment == b.alignment && a.numberOfLines == b.numberOfLines
                && a.lineBreakMode == b.lineBreakMode && a.missingGlyphs == b.missingGlyphs
                && a.text.utf8.elementsEqual(b.text.utf8)
        }

        /// The key's hash: the text's bytes (FNV-1a's step), the font, the numbers and the
        /// enums folded into one word by multiplicative mixing (never 0, which marks an empty
        /// slot).
        var hash: UInt64 {
            let k: UInt64 = 0x9E37_79B9_7F4A_7C15  // 2^64 / golden ratio (Fibonacci hashing)
            var h = UInt64(UInt(bitPattern: font))
            h = (h &* k) ^ size
            h = (h &* k) ^ width
            h = (h &* k) ^ maximumHeight
            h = (h &* k) ^ UInt64(truncatingIfNeeded: numberOfLines)
            h = (h &* k) ^ enumCode
            for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return ((h ^ (h >> 29)) &* k) | 1
        }

        /// The three enums as one small number (hashing them through `Hasher` cost more).
        private var enumCode: UInt64 {
            let a: UInt64 =
                switch alignment {
                case .left: 0
                case .center: 1
                case .right: 2
                }
            let m: UInt64 =
                switch lineBreakMode {
                case .byWordWrapping: 0
                case .byCharWrapping: 1
                case .byClipping: 2
                case .byTruncatingHead: 3
                case .byTruncatingMiddle: 4
                case .byTruncatingTail: 5
                }
            return a | m << 2 | (missingGlyphs == .useNotdef ? 0 : 1) << 5
        }
    }

    /// A kept layout (a class, so that a slot holds one word).
    private final class Entry: Sendable {
        let key: Key
        let layout: TextLayout
        let bytes: Int

        init(key: Key, layout: TextLayout, bytes: Int) {
            self.key = key
            self.layout = layout
            self.bytes = bytes
        }
    }

    private struct State {
        /// The hash of the last key each slot saw (0: none).
        var seen = [UInt64](repeating: 0, count: TextLayoutCache.slotCount)
        var entries = [Entry?](repeating: nil, count: TextLayoutCache.slotCount)
        var fonts: [ObjectIdentifier: Font] = [:]
        var count = 0
        var bytes = 0
        var hits = 0
    }

    private let state = Mutex(State())
    /// The estimated bytes of layouts kept before the cache empties itself.
    public let maximumBytes: Int

    /// Creates an empty cache that keeps up to about `maximumBytes` of layouts.
    public init(maximumBytes: Int = 4 << 20) {
        self.maximumBytes = maximumBytes
    }

    /// The number of cached layouts.
    public var count: Int { state.withLock { $0.count } }

    /// How many askings found their layout (since the cache was made or last emptied).
    var hits: Int { state.withLock { $0.hits } }

    /// Forgets every layout (and releases the fonts).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The layout `TextLayout(_:font:size:width:maximumHeight:alignment:numberOfLines:lineBreakMode:missingGlyphs:)`
    /// makes of these arguments: the cached one, or a new one, which is then cached.
    ///
    /// - Throws: what that initializer throws (nothing is cached then).
    /// - Complexity: O(n) in the text's length for the key; a miss adds the layout's own cost.
    public func layout(
        _ text: String, font: Font, size fontSize: Double,
        width: Double = .infinity, maximumHeight: Double = .infinity,
        alignment: TextAlignment = .left, numberOfLines: Int = 1,
        lineBreakMode: LineBreakMode = .byTruncatingTail,
        missingGlyphs: MissingGlyphPolicy = .useNotdef
    ) throws(TextError) -> TextLayout {
        let key = Key(
            text: text, font: ObjectIdentifier(font), size: fontSize.bitPattern, width: width.bitPattern,
            maximumHeight: maximumHeight.bitPattern, alignment: alignment, numberOfLines: numberOfLines,
            lineBreakMode: lineBreakMode, missingGlyphs: missingGlyphs)
        let hash = key.hash
        let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - TextLayoutCache.slotCount.trailingZeroBitCount))
        let (hit, seenBefore) = state.withLock { s -> (TextLayout?, Bool) in
            if let entry = s.entries[slot], entry.key == key {
                s.hits += 1
                return (entry.layout, true)
            }
            let seen = s.seen[slot] == hash
            s.seen[slot] = hash
            return (nil, seen)
        }
        if let hit { return hit }
        let layout = try TextLayout(
            text, font: font, size: fontSize, width: width, maximumHeight: maximumHeight, alignment: alignment,
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, missingGlyphs: missingGlyphs)
        guard seenBefore else { return layout }
        let bytes = 128 + text.utf8.count + layout.lines.reduce(0) { $0 + 64 + 48 * $1.glyphs.count }
        let entry = Entry(key: key, layout: layout, bytes: bytes)
        state.withLock { s in
            if let old = s.entries[slot] {
                s.bytes -= old.bytes
                s.count -= 1
            }
            if s.bytes + bytes > maximumBytes { s = State() }
            s.entries[slot] = entry
            s.count += 1
            s.bytes += bytes
            if s.fonts[key.font] == nil { s.fonts[key.font] = font }
        }
        return layout
    }
}
