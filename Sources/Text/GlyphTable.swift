/// The glyphs a font has loaded, found by glyph index without hashing: one 4-byte slot per
/// glyph of the font pointing into a dense array of the loaded glyphs.
///
/// Every label drawn looks up each of its glyphs here (under the font's lock), so the
/// look-up is an array index rather than a dictionary's hash and probe.
struct GlyphTable {
    /// For each glyph index below the font's glyph count, its position in `loaded`, or −1.
    private var slots: [Int32]
    /// The glyphs loaded so far, in the order they were first used.
    private(set) var loaded: [Glyph] = []

    /// An empty table for a font of `glyphCount` glyphs.
    init(glyphCount: Int) {
        slots = Array(repeating: -1, count: max(0, glyphCount))
    }

    /// The position in `loaded` of glyph `index`, or nil when it is not loaded.
    @inline(__always) func position(of index: UInt32) -> Int? {
        guard Int(index) < slots.count else { return nil }
        let slot = slots[Int(index)]
        return slot < 0 ? nil : Int(slot)
    }

    /// Adds `glyph` (not loaded yet) and returns its position in `loaded`. A glyph whose index
    /// is not below the font's glyph count is kept too but not found again by `position(of:)`.
    mutating func insert(_ glyph: Glyph) -> Int {
        let position = loaded.count
        loaded.append(glyph)
        let index = Int(glyph.index.rawValue)
        if index < slots.count { slots[index] = Int32(position) }
        return position
    }
}
