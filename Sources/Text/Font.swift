import Geometry
import Raster
import Synchronization

/// A scalable font loaded through FreeType, with a glyph cache shared by every point size.
///
/// A `Font` owns its own FreeType library and face (FreeType objects are not
/// thread-safe per library), and every call that touches them runs inside the
/// font's mutex, so one `Font` may be shared by any number of threads
/// rendering different scenes. Glyph outlines are loaded unscaled and unhinted
/// (`FT_LOAD_NO_SCALE`), converted once to a `Path` in font units and cached
/// by glyph index; drawing at a point size is a scale transform applied at
/// draw time. Results never depend on which thread loaded a glyph first.
///
/// Design notes, with numbers for DejaVu Sans: outlines stay in font units
/// (2048 per em) because the conversion `units · size / 2048` divides by a
/// power of two, so at any size with few significant bits (17, 28, 13.5 …)
/// widths and glyph positions are exact binary fractions — "42" at 28 pt
/// measures exactly 35.62890625. A cached "8" is 38 path elements; the cache
/// grows by one entry per distinct glyph drawn, never per size. Kerning
/// comes from the `kern` table through `FT_Get_Kerning` (DejaVu Sans has
/// one; FreeType 2.12 does not read GPOS kerning, and no shaping engine is
/// used), so "AV" is 1401 + 1401 − 131 units.
///
/// ```swift
/// let font = try Font.bundled()
/// let width = try font.measure("42", size: 28)   // 2 · 1303 / 2048 · 28
/// ```
public final class Font: Sendable {
    /// The font file this font was loaded from.
    public let path: String
    /// The family name from the font's name table ("DejaVu Sans").
    public let familyName: String
    /// The style name from the font's name table ("Book", "Bold").
    public let styleName: String
    /// Vertical metrics in font units.
    public let metrics: FontMetrics
    /// The number of glyphs in the font.
    public let glyphCount: Int
    /// Whether the font has a `kern` table (pair kerning applied by `measure` and `TextLayout`).
    public let hasKerning: Bool

    /// The FreeType face and glyph cache; only touched with the lock held.
    private struct State {
        let face: FreeTypeFace
        var glyphs: GlyphTable
    }

    private let state: Mutex<State>

    /// Loads face 0 of the font file at `path` (TrueType, OpenType or any
    /// scalable format FreeType reads).
    ///
    /// - Throws: `TextError.fileNotFound` when nothing exists at `path`;
    ///   `TextError.invalidFont` with FreeType's reason when the file is not a
    ///   usable scalable font.
    public init(contentsOfFile path: String) throws(TextError) {
        guard FontLocator.isRegularFile(path) else { throw .fileNotFound(path: path) }
        let face = try FreeTypeFace(path: path)
        let upem = face.unitsPerEm
        guard upem > 0 else {
            throw .invalidFont(path: path, freeTypeCode: 0, message: "units per em is \(upem)")
        }
        self.path = path
        familyName = face.familyName
        styleName = face.styleName
        glyphCount = face.glyphCount
        hasKerning = face.hasKerning
        var capHeight: Int
        var xHeight: Int
        if let os2 = face.os2CapAndXHeight, os2.capHeight > 0, os2.xHeight > 0 {
            (capHeight, xHeight) = (os2.capHeight, os2.xHeight)
        } else {
            // No OS/2 v2 values: measure the flat tops of "H" and "x".
            capHeight = Font.topOfGlyph(face: face, scalar: "H") ?? face.ascender
            xHeight = Font.topOfGlyph(face: face, scalar: "x") ?? (capHeight * 2 / 3)
        }
        metrics = FontMetrics(
            unitsPerEm: upem, ascender: face.ascender, descender: face.descender,
            lineHeight: face.height, capHeight: capHeight, xHeight: xHeight)
        state = Mutex(State(face: face, glyphs: GlyphTable(glyphCount: face.glyphCount)))
    }

    private static func topOfGlyph(face: FreeTypeFace, scalar: Unicode.Scalar) -> Int? {
        let index = face.glyphIndex(for: scalar)
        guard index != 0, let outline = try? face.loadOutline(glyph: index) else { return nil }
        let box = outline.path.controlPointBounds
        return box.isNull ? nil : Int(-box.minY)
    }

    /// The font's vertical metrics in points at `size` points.
    public func metrics(forSize size: Double) -> ScaledFontMetrics {
        metrics.scaled(toSize: size)
    }

    /// Converts font units to points at `size` (`units · size / unitsPerEm`).
    public func points(_ units: Int, size: Double) -> Double {
        FontMetrics.points(units, size: size, unitsPerEm: metrics.unitsPerEm)
    }

    /// The glyph FreeType maps `scalar` to through the font's Unicode cmap, or
    /// `nil` when the font has no glyph for it.
    public func glyphIndex(for scalar: Unicode.Scalar) -> GlyphIndex? {
        let index = state.withLock { $0.face.glyphIndex(for: scalar) }
        return index == 0 ? nil : GlyphIndex(rawValue: index)
    }

    /// The glyph for `scalar` under `policy`: `.notdef` for a missing glyph
    /// with `.useNotdef`, an error with `.throwError`.
    ///
    /// - Throws: `TextError.missingGlyph` when the font lacks `scalar` and `policy` is `.throwError`.
    public func glyphIndex(for scalar: Unicode.Scalar, policy: MissingGlyphPolicy) throws(TextError) -> GlyphIndex {
        if let index = glyphIndex(for: scalar) { return index }
        if policy == .throwError { throw .missingGlyph(scalar: scalar, font: fontName) }
        return .notdef
    }

    /// "Family Style", for messages.
    public var fontName: String { styleName.isEmpty ? familyName : "\(familyName) \(styleName)" }

    /// The glyph's outline and advance in font units, loaded on first use and cached.
    ///
    /// - Throws: `TextError.freeType` when the index is out of range or the glyph is corrupt.
    /// - Complexity: O(n) in the outline's points on first use, O(1) afterwards.
    public func glyph(_ index: GlyphIndex) throws(TextError) -> Glyph {
        try state.withLock { (s: inout State) throws(TextError) -> Glyph in try Font.cachedGlyph(index, in: &s) }
    }

    /// Several glyphs at once, taking the lock once.
    ///
    /// - Throws: `TextError.freeType` when any index is out of range or corrupt.
    /// - Complexity: O(n) in the number of glyphs (plus outline loading on first use).
    public func glyphs(_ indices: [GlyphIndex]) throws(TextError) -> [Glyph] {
        try state.withLock { (s: inout State) throws(TextError) -> [Glyph] in
            var out: [Glyph] = []
            out.reserveCapacity(indices.count)
            for index in indices { out.append(try Font.cachedGlyph(index, in: &s)) }
            return out
        }
    }

    /// Every glyph `lines` use, once each in order of glyph index (`count` is their number
    /// of glyphs, duplicates included), taking the lock once: one array, sorted and cut to
    /// the distinct glyphs in place.
    ///
    /// - Throws: `TextError.freeType` when a glyph cannot be loaded.
    func glyphs(usedBy lines: [TextLine], count: Int) throws(TextError) -> [Glyph] {
        var out = try state.withLock { (s: inout State) throws(TextError) -> [Glyph] in
            var out: [Glyph] = []
            out.reserveCapacity(count)
            for line in lines { for glyph in line.glyphs { out.append(try Font.cachedGlyph(glyph.glyph, in: &s)) } }
            return out
        }
        out.sort { $0.index < $1.index }
        var kept = 0
        for k in out.indices where kept == 0 || out[kept - 1].index != out[k].index {
            if kept != k { out.swapAt(kept, k) }
            kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }

    private static func cachedGlyph(_ index: GlyphIndex, in s: inout State) throws(TextError) -> Glyph {
        let position = try cachedPosition(index, in: &s)
        return s.glyphs.loaded[position]
    }

    /// Where glyph `index` sits in the cache, loading it on first use.
    private static func cachedPosition(_ index: GlyphIndex, in s: inout State) throws(TextError) -> Int {
        if let position = s.glyphs.position(of: index.rawValue) { return position }
        let loaded = try s.face.loadOutline(glyph: index.rawValue)
        return s.glyphs.insert(Glyph(index: index, advance: loaded.advance, path: loaded.path))
    }

    /// The number of glyphs currently in the cache.
    public var cachedGlyphCount: Int { state.withLock { $0.glyphs.loaded.count } }

    /// The pair-kerning adjustment from the font's `kern` table in font units
    /// (negative moves `right` closer to `left`); 0 when the pair is not kerned.
    public func kerning(between left: GlyphIndex, and right: GlyphIndex) -> Int {
        state.withLock { $0.face.kerning(left: left.rawValue, right: right.rawValue) }
    }

    /// The glyph's outline in points at `size`, with its origin on the baseline at `origin` (y down).
    ///
    /// - Throws: `TextError.freeType` when the glyph cannot be loaded.
    /// - Complexity: O(n) in the outline's elements.
    public func path(for index: GlyphIndex, size: Double, origin: Point = .zero) throws(TextError) -> Path {
        let s = size / Double(metrics.unitsPerEm)
        let t = AffineTransform(a: s, b: 0, c: 0, d: s, tx: origin.x, ty: origin.y)
        return try glyph(index).path.applying(t)
    }

    /// Maps scalars to glyphs with advances and the kerning before each glyph,
    /// taking the lock once. Control characters must already be removed.
    ///
    /// - Throws: `TextError.missingGlyph` (strict policy) or `TextError.freeType`.
    /// - Complexity: O(n) in the number of scalars.
    func shape<Scalars: Collection<Unicode.Scalar>>(
        _ scalars: Scalars, policy: MissingGlyphPolicy
    ) throws(TextError) -> [ShapedGlyph] {
        try state.withLock { (s: inout State) throws(TextError) -> [ShapedGlyph] in
            var out: [ShapedGlyph] = []
            out.reserveCapacity(scalars.count)
            var previous: UInt32?
            for scalar in scalars {
                var index = s.face.glyphIndex(for: scalar)
                if index == 0 {
                    // The name is built only here: shaping runs for every label drawn.
                    if policy == .throwError { throw .missingGlyph(scalar: scalar, font: fontName) }
                    index = 0
                }
                // The advance is read in place: copying the whole glyph would retain its outline.
                let position = try Font.cachedPosition(GlyphIndex(rawValue: index), in: &s)
                let advance = s.glyphs.loaded[position].advance
                let kern = previous.map { s.face.kerning(left: $0, right: index) } ?? 0
                out.append(
                    ShapedGlyph(
                        scalar: scalar, glyph: GlyphIndex(rawValue: index), advance: advance, kerningBefore: kern))
                previous = index
            }
            return out
        }
    }

    /// The width in font units of `scalars` on one line: advances plus the
    /// kerning between consecutive glyphs.
    ///
    /// - Throws: `TextError.missingGlyph` (strict policy) or `TextError.freeType`.
    /// - Complexity: O(n) in the number of scalars.
    public func measureUnits(_ string: String, policy: MissingGlyphPolicy = .useNotdef) throws(TextError) -> Int {
        var widest = 0
        for paragraph in TextParagraphs.split(string) {
            let shaped = try shape(paragraph, policy: policy)
            widest = max(widest, ShapedGlyph.width(of: shaped[...]))
        }
        return widest
    }

    /// The width in points of `string` set on one line at `size` points:
    /// the sum of glyph advances and pair kerning, scaled once
    /// (`units · size / unitsPerEm`). With line breaks, the widest line.
    ///
    /// - Parameters:
    ///   - string: The text; line separators start a new line, tabs count as spaces.
    ///   - size: The point size.
    ///   - policy: What a character the font lacks does (default: measure `.notdef`).
    /// - Throws: `TextError.missingGlyph` (strict policy) or `TextError.freeType`.
    /// - Complexity: O(n) in the length of `string`.
    public func measure(_ string: String, size: Double, policy: MissingGlyphPolicy = .useNotdef) throws(TextError)
        -> Double
    {
        points(try measureUnits(string, policy: policy), size: size)
    }
}
