import CFreeType
import Raster

/// Owns one `FT_Face` (and the library it was opened with); `deinit` is the
/// only place the face is released.
///
/// Not thread-safe: `Font` keeps its face behind a mutex. The face holds a
/// strong reference to its library, so the face is always freed first.
final class FreeTypeFace {
    /// The library the face belongs to; released after the face.
    private let library: FreeTypeLibrary
    /// The FreeType handle. Valid for the lifetime of this object.
    let handle: FT_Face
    /// The glyph index of each ASCII scalar, looked up once: labels are mostly ASCII, and
    /// FreeType's cmap look-up costs a few hundred instructions a character.
    private var asciiGlyphs: [UInt32] = []

    /// Opens face 0 of the font file at `path`.
    ///
    /// - Throws: `TextError.invalidFont` with FreeType's reason when the file
    ///   is not a font FreeType can read, or `TextError.freeType`.
    init(path: String) throws(TextError) {
        library = try FreeTypeLibrary()
        var face: FT_Face?
        let code = FT_New_Face(library.handle, path, 0, &face)
        guard code == 0, let face else {
            throw .invalidFont(path: path, freeTypeCode: code, message: FreeTypeErrorMessage.message(for: code))
        }
        handle = face
        // A font without scalable outlines (a bitmap-only font) cannot give
        // exact paths at every size; refuse it here rather than per glyph.
        if handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            // `handle` is released by deinit even though init throws after it is set.
            throw .invalidFont(path: path, freeTypeCode: 0, message: "font has no scalable outlines")
        }
        asciiGlyphs = (0..<128).map { characterMapIndex(for: $0) }
    }

    deinit {
        FT_Done_Face(handle)
    }

    /// The face's units per em (2048 for DejaVu Sans).
    var unitsPerEm: Int { Int(handle.pointee.units_per_EM) }
    /// The typographic ascender in font units (positive, above the baseline).
    var ascender: Int { Int(handle.pointee.ascender) }
    /// The typographic descender in font units (negative, below the baseline).
    var descender: Int { Int(handle.pointee.descender) }
    /// The baseline-to-baseline distance in font units (FreeType's `height`).
    var height: Int { Int(handle.pointee.height) }
    /// The number of glyphs in the face.
    var glyphCount: Int { Int(handle.pointee.num_glyphs) }
    /// The family name, or "" when the font has none.
    var familyName: String { handle.pointee.family_name.map { String(cString: $0) } ?? "" }
    /// The style name, or "" when the font has none.
    var styleName: String { handle.pointee.style_name.map { String(cString: $0) } ?? "" }
    /// Whether the face has a `kern` table FreeType can read.
    var hasKerning: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 }

    /// The OS/2 table's cap height and x-height in font units, when the
    /// table is version 2 or later (which defines them).
    var os2CapAndXHeight: (capHeight: Int, xHeight: Int)? {
        guard let raw = FT_Get_Sfnt_Table(handle, FT_SFNT_OS2) else { return nil }
        let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
        guard os2.version >= 2, os2.version != 0xFFFF else { return nil }
        return (Int(os2.sCapHeight), Int(os2.sxHeight))
    }

    /// The glyph index for a Unicode scalar, or 0 (.notdef) when the font has none.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        scalar.value < 128 ? asciiGlyphs[Int(scalar.value)] : characterMapIndex(for: scalar.value)
    }

    /// The glyph index FreeType's cmap look-up gives for code point `value` (0 for none).
    func characterMapIndex(for value: UInt32) -> UInt32 {
        UInt32(FT_Get_Char_Index(handle, FT_ULong(value)))
    }

    /// The kerning adjustment between two glyphs in font units (0 without a kern table).
    func kerning(left: UInt32, right: UInt32) -> Int {
        guard hasKerning else { return 0 }
        var delta = FT_Vector()
        let code = FT_Get_Kerning(handle, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta)
        return code == 0 ? Int(delta.x) : 0
    }

    /// Loads glyph `index` unscaled and unhinted and returns its outline as a
    /// path in font units (y flipped to grow downward, origin on the baseline)
    /// with its advance width in font units.
    ///
    /// - Throws: `TextError.freeType` when FreeType cannot load the glyph
    ///   (an index out of range, a corrupt glyph).
    /// - Complexity: O(n) in the number of outline points.
    func loadOutline(glyph index: UInt32) throws(TextError) -> (path: Path, advance: Int) {
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        let code = FT_Load_Glyph(handle, index, flags)
        guard code == 0, let slot = handle.pointee.glyph else {
            throw .freeType(
                operation: "FT_Load_Glyph(\(index))", code: code, message: FreeTypeErrorMessage.message(for: code))
        }
        let advance = Int(slot.pointee.advance.x)
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            throw .freeType(operation: "FT_Load_Glyph(\(index))", code: 0x12, message: "glyph is not an outline")
        }
        let path = try OutlineDecomposer.decompose(&slot.pointee.outline)
        return (path, advance)
    }
}
