import Testing

@testable import Text

/// Numbers asserted here are what FreeType 2.12 reports for the bundled
/// DejaVu Sans (hhea / OS/2 / hmtx / kern tables), not values from a spec sheet.
@Suite struct FontMetricsTests {
    @Test func bundledFontLoadsDejaVuSans() throws {
        let font = try Font.bundled()
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.styleName == "Book")
        #expect(font.path.hasSuffix(".resources/Fonts/DejaVuSans.ttf"))
        #expect(font.glyphCount == 6253)
        #expect(font.hasKerning)
        #expect(try Font.bundled() === font)  // loaded once, shared
        let bold = try Font.bundled(.bold)
        #expect(bold.fontName == "DejaVu Sans Bold")
        #expect(bold !== font)
    }

    @Test func lineMetricsInFontUnits() throws {
        let m = try Font.bundled().metrics
        #expect(m.unitsPerEm == 2048)
        #expect(m.ascender == 1901)
        #expect(m.descender == -483)
        #expect(m.lineHeight == 2384)
        #expect(m.lineGap == 0)
        #expect(m.capHeight == 1493)
        #expect(m.xHeight == 1120)
    }

    @Test func lineMetricsInPoints() throws {
        let m = try Font.bundled().metrics(forSize: 28)
        #expect(m.pointSize == 28)
        #expect(m.ascender == 1901.0 * 28 / 2048)  // 25.990234375
        #expect(m.ascender == 25.990234375)
        #expect(m.descender == -483.0 * 28 / 2048)
        #expect(m.lineHeight == 2384.0 * 28 / 2048)  // 32.59375
        #expect(m.lineHeight == 32.59375)
        #expect(m.capHeight == 1493.0 * 28 / 2048)
    }

    @Test func advancesFromHmtx() throws {
        let font = try Font.bundled()
        for digit in "0123456789".unicodeScalars {
            let g = try font.glyph(try #require(font.glyphIndex(for: digit)))
            #expect(g.advance == 1303, "digit \(digit)")
        }
        #expect(try font.glyph(#require(font.glyphIndex(for: " "))).advance == 651)
        #expect(try font.glyph(#require(font.glyphIndex(for: "A"))).advance == 1401)
        #expect(try font.glyph(#require(font.glyphIndex(for: "W"))).advance == 2025)
        #expect(try font.glyph(#require(font.glyphIndex(for: "\u{2026}"))).advance == 2048)
    }

    @Test func glyphIndicesFromCmap() throws {
        let font = try Font.bundled()
        #expect(font.glyphIndex(for: "A") == GlyphIndex(rawValue: 36))
        #expect(font.glyphIndex(for: "8") == GlyphIndex(rawValue: 27))
        #expect(font.glyphIndex(for: "\u{2026}") == GlyphIndex(rawValue: 2825))
        #expect(font.glyphIndex(for: "\u{4E2D}") == nil)  // 中: DejaVu has no CJK
    }

    @Test func kerningPairsFromKernTable() throws {
        let font = try Font.bundled()
        func kern(_ a: Unicode.Scalar, _ b: Unicode.Scalar) throws -> Int {
            font.kerning(between: try #require(font.glyphIndex(for: a)), and: try #require(font.glyphIndex(for: b)))
        }
        #expect(try kern("A", "V") == -131)
        #expect(try kern("T", "o") == -348)
        #expect(try kern("L", "T") == -282)
        #expect(try kern("4", "2") == 0)
        #expect(try kern("F", ",") == 0)
    }

    @Test func measureSumsAdvancesAndKerningExactly() throws {
        let font = try Font.bundled()
        // No kerning between digits: exactly two advances.
        #expect(try font.measure("42", size: 28) == 2 * 1303 / 2048 * 28)
        #expect(try font.measure("42", size: 28) == 35.62890625)
        // "AV": 1401 + 1401 − 131 units.
        #expect(try font.measureUnits("AV") == 2671)
        #expect(try font.measure("AV", size: 20) == 2671.0 * 20 / 2048)
        // "To" is kerned, "T o" is not kerned across the space pairs (T,space)/(space,o).
        #expect(try font.measureUnits("To") == 1251 + 1253 - 348)
        #expect(try font.measure("", size: 12) == 0)
        // Line separators: the widest line.
        #expect(try font.measureUnits("4\n42\r\n4") == 2606)
        // Control characters are skipped; a tab is a space.
        #expect(try font.measureUnits("4\u{7}2") == 2606)
        #expect(try font.measureUnits("4\t2") == 2606 + 651)
    }

    @Test func glyphOutlinesAreCachedPerFontNotPerSize() throws {
        let font = try Font(contentsOfFile: Font.bundled().path)  // a fresh, empty cache
        #expect(font.cachedGlyphCount == 0)
        _ = try font.measure("8888", size: 10)
        #expect(font.cachedGlyphCount == 1)
        _ = try font.measure("88", size: 300)
        #expect(font.cachedGlyphCount == 1)
        _ = try font.measure("80", size: 10)
        #expect(font.cachedGlyphCount == 2)
        // A cached glyph is the one loaded first; an index past the font's glyphs is an error, not cached.
        let eight = try #require(font.glyphIndex(for: "8"))
        #expect(try font.glyph(eight) == font.glyphs([eight])[0])
        #expect(try font.glyph(eight).advance == 1303)
        #expect(throws: TextError.self) { try font.glyph(GlyphIndex(rawValue: UInt32(font.glyphCount))) }
        #expect(font.cachedGlyphCount == 2)
        #expect(try font.glyph(GlyphIndex(rawValue: UInt32(font.glyphCount - 1))).index.rawValue == 6252)
        #expect(font.cachedGlyphCount == 3)
    }

    /// ASCII glyph indices come from a table filled once; every one is FreeType's cmap answer.
    @Test func asciiLookUpsAreTheCharacterMapsAnswers() throws {
        let face = try FreeTypeFace(path: Font.bundled().path)
        for value in UInt32(0)..<128 {
            #expect(face.glyphIndex(for: Unicode.Scalar(value)!) == face.characterMapIndex(for: value))
        }
        #expect(face.glyphIndex(for: "A") == 36)
        #expect(face.glyphIndex(for: "~") == 97)
        #expect(face.glyphIndex(for: "\u{7}") == 0)
        #expect(face.glyphIndex(for: "\u{2026}") == face.characterMapIndex(for: 0x2026))
        #expect(face.glyphIndex(for: "\u{2026}") != 0)
    }

    @Test func scaledPathIsTheUnitPathScaled() throws {
        let font = try Font.bundled()
        let eight = try #require(font.glyphIndex(for: "8"))
        let units = try font.glyph(eight).controlBounds
        #expect(units.minX == 139 && units.maxX == 1163 && units.minY == -1520 && units.maxY == 29)
        let scaled = try font.path(for: eight, size: 32, origin: .init(x: 10, y: 50)).controlPointBounds
        #expect(scaled.minX == 10 + 139.0 / 64)
        #expect(scaled.minY == 50 - 1520.0 / 64)
        #expect(scaled.maxY == 50 + 29.0 / 64)
    }
}
