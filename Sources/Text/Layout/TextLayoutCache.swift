import Synchronization

/// Text layouts already made, shared by every thread (one mutex; layouts are made outside it):
/// an animation draws the same labels in every frame, and each frame would lay them out again.
///
/// A layout depends only on its text, font and parameters, which together are the key (the
/// font by identity, the numbers by their exact bits), so a cached layout is the layout made
/// again, value for value; the only effect of caching is speed. A kept layout holds its font,
/// so that font's identity cannot pass to another font while the layout is kept. A layout that
/// throws is not kept.
///
/// The cache is a table of `setCount` sets of `ways` slots; a key's hash picks its set. A
/// layout is kept the second time its key is asked for (each slot also remembers the hash of
/// the last new key it saw), in the slot that remembered it, in place of whatever that slot
/// held. So a still whose labels never repeat pays only for a hash and a few comparisons a
/// label, and keeps nothing; an animation's labels are laid out in its first two frames and
/// found in the later ones, unless more than `ways` of them fall in one set (for 100 labels in
/// 256 sets of 4, fewer than two chances in a hundred), when those take turns and are laid out
/// again. A layout estimated (its text and placed glyphs) above `maximumBytes` is not kept, and
/// when the layouts kept would pass it the cache empties itself and starts over.
///
/// ```swift
/// let layout = try TextLayoutCache.shared.layout("Today", font: font, size: 17)  // made
/// let again = try TextLayoutCache.shared.layout("Today", font: font, size: 17)   // made, kept
/// let third = try TextLayoutCache.shared.layout("Today", font: font, size: 17)   // found
/// ```
public final class TextLayoutCache: Sendable {
    /// The cache `Label`, the edit menu and the debug overlay lay their text out through.
    public static let shared = TextLayoutCache()

    /// Slots per set.
    public static let ways = 4

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
                && Key.sameBytes(a.text, b.text)
        }

        /// Whether two strings hold the same UTF-8 bytes. Two cells whose label shows one
        /// template with no placeholder share the string's storage, which is then compared in
        /// constant time: a label of 60,000 characters in 40,000 cells was compared byte by byte
        /// at every look-up.
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            let same = a.utf8.withContiguousStorageIfAvailable { x in
                b.utf8.withContiguousStorageIfAvailable { y in
                    x.count == y.count && (x.baseAddress == y.baseAddress || x.elementsEqual(y))
                }
            }
            return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }

        /// The key's hash: the text's length and bytes, the font, the numbers and the enums,
        /// folded into one word by multiplicative mixing (never 0, which marks an empty slot).
        /// The text is read eight bytes at a time, so that a label of 60,000 characters in
        /// 40,000 cells costs a fraction of a second of hashing, not seconds.
        var hash: UInt64 {
            let k: UInt64 = 0x9E37_79B9_7F4A_7C15  // 2^64 / golden ratio (Fibonacci hashing)
            var h = UInt64(UInt(bitPattern: font))
            h = (h &* k) ^ size
            h = (h &* k) ^ width
            h = (h &* k) ^ maximumHeight
            h = (h &* k) ^ UInt64(truncatingIfNeeded: numberOfLines)
            h = (h &* k) ^ enumCode
            h = (h &* k) ^ UInt64(text.utf8.count)
            let words = text.utf8.withContiguousStorageIfAvailable { bytes in
                var h = h
                let raw = UnsafeRawBufferPointer(bytes)
                var offset = 0
                while offset + 8 <= raw.count {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* k
                    h ^= h >> 32
                    offset += 8
                }
                for byte in raw[offset...] { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
                return h
            }
            if let words {
                h = words
            } else {
                for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
            }
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
        /// The hash of the last new key each slot saw (0: none).
        var seen: [UInt64]
        var entries: [Entry?]
        /// Per set, the slot that next takes a new key's hash (in turn).
        var turns: [UInt8]
        var count = 0
        var bytes = 0
        var hits = 0

        init(setCount: Int) {
            seen = Array(repeating: 0, count: setCount * TextLayoutCache.ways)
            entries = Array(repeating: nil, count: setCount * TextLayoutCache.ways)
            turns = Array(repeating: 0, count: setCount)
        }
    }

    private let state: Mutex<State>
    /// The estimated bytes of layouts kept before the cache empties itself.
    public let maximumBytes: Int
    /// How many sets of `ways` slots the table has.
    public let setCount: Int

    /// Creates an empty cache that keeps up to about `maximumBytes` of layouts in `setCount`
    /// sets (a power of two) of `ways` slots.
    public init(maximumBytes: Int = 4 << 20, setCount: Int = 256) {
        precondition(setCount > 0 && setCount & (setCount - 1) == 0, "the set count must be a power of two")
        self.maximumBytes = maximumBytes
        self.setCount = setCount
        state = Mutex(State(setCount: setCount))
    }

    /// The number of cached layouts.
    public var count: Int { state.withLock { $0.count } }

    /// How many askings found their layout (since the cache was made or last emptied).
    var hits: Int { state.withLock { $0.hits } }

    /// Forgets every layout.
    public func removeAll() {
        let setCount = setCount
        state.withLock { $0 = State(setCount: setCount) }
    }

    /// The layout `TextLayout(_:font:size:width:maximumHeight:alignment:numberOfLines:lineBreakMode:missingGlyphs:)`
    /// makes of these arguments: the kept one, or a new one, which is kept when its key was
    /// asked for before (see the type's description).
    ///
    /// - Throws: what that initializer throws (nothing is kept then).
    /// - Complexity: O(n) in the text's length for the key's hash (eight bytes a step) and for
    ///   comparing it with a kept text of the same hash (constant when both share their
    ///   storage); a miss adds the layout's own cost.
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
        let set = Int(truncatingIfNeeded: hash >> UInt64(64 - setCount.trailingZeroBitCount)) & (setCount - 1)
        let first = set * TextLayoutCache.ways
        let slots = first..<(first + TextLayoutCache.ways)
        let (hit, seenBefore) = state.withLock { s -> (TextLayout?, Bool) in
            for i in slots {
                if let entry = s.entries[i], entry.key == key {
                    s.hits += 1
                    return (entry.layout, true)
                }
            }
            if slots.contains(where: { s.seen[$0] == hash }) { return (nil, true) }
            let turn = Int(s.turns[set])
            s.seen[first + turn] = hash
            s.turns[set] = UInt8((turn + 1) % TextLayoutCache.ways)
            return (nil, false)
        }
        if let hit { return hit }
        let layout = try TextLayout(
            text, font: font, size: fontSize, width: width, maximumHeight: maximumHeight, alignment: alignment,
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, missingGlyphs: missingGlyphs)
        guard seenBefore else { return layout }
        let bytes = 128 + text.utf8.count + layout.lines.reduce(0) { $0 + 64 + 48 * $1.glyphs.count }
        guard bytes <= maximumBytes else { return layout }
        let entry = Entry(key: key, layout: layout, bytes: bytes)
        let setCount = setCount
        state.withLock { s in
            // The slot that remembered the key (another thread may have moved it on meanwhile).
            guard let slot = slots.first(where: { s.seen[$0] == hash }) else { return }
            if let old = s.entries[slot] {
                s.bytes -= old.bytes
                s.count -= 1
            }
            if s.bytes + bytes > maximumBytes { s = State(setCount: setCount) }
            s.entries[slot] = entry
            s.count += 1
            s.bytes += bytes
        }
        return layout
    }
}
