import Geometry
import Testing

@testable import Text

/// Layout at 2048 pt, where one font unit is one point, so every expected
/// number below is a plain sum of DejaVu Sans advances: digits 1303,
/// space 651, "…" 2048 (no kerning between digits, spaces and "…").
@Suite struct TextLayoutTests {
    let font: Font
    init() throws { font = try Font.bundled() }

    private func layout(
        _ text: String, width: Double = .infinity, maximumHeight: Double = .infinity,
        alignment: TextAlignment = .left, lines: Int = 0, mode: LineBreakMode = .byWordWrapping
    ) throws -> TextLayout {
        try TextLayout(
            text, font: font, size: 2048, width: width, maximumHeight: maximumHeight,
            alignment: alignment, numberOfLines: lines, lineBreakMode: mode)
    }

    /// A layout keeps each glyph it uses once, in glyph order, and finds every one's outline.
    @Test func outlinesHoldEachUsedGlyphOnceAndAreFoundByIndex() throws {
        let text = try layout("b1a\tab1\u{7}ba", lines: 0)
        let used = Set(text.lines.flatMap { $0.glyphs.map(\.glyph) })
        #expect(text.outlines.map(\.index) == used.sorted())
        #expect(text.outlines.count == 4)  // b, 1, a and the tab's space
        for glyph in used {
            #expect(text.outline(of: glyph) == (try font.glyphs([glyph]))[0].path)
        }
        let unused = try #require(font.glyphIndex(for: "z"))
        #expect(text.outline(of: unused) == nil)
        #expect(text.outline(of: GlyphIndex(rawValue: 0)) == nil)
    }

    @Test func singleLinePositionsGlyphsOnTheBaseline() throws {
        let l = try TextLayout("AV 42", font: font, size: 2048)
        #expect(l.lineStrings == ["AV 42"])
        let expectedX: [Double] = [0, 1270, 2671, 3322, 4625]  // A, V after −131 kerning, space, 4, 2
        #expect(l.glyphs.map(\.origin.x) == expectedX)
        #expect(l.glyphs.allSatisfy { $0.origin.y == 1901 })
        #expect(l.size == Size(width: 5928, height: 2384))
        #expect(!l.isTruncated)
    }

    @Test func positionsScaleWithSize() throws {
        let l = try TextLayout("42", font: font, size: 28)
        #expect(l.glyphs.map(\.origin.x) == [0, 1303.0 * 28 / 2048])
        #expect(l.lines[0].baseline == 1901.0 * 28 / 2048)
        #expect(l.size == Size(width: 35.62890625, height: 32.59375))
    }

    @Test func wrapsAtSpaces() throws {
        // "1111 22" = 4·1303 + 651 + 2·1303 = 8469.
        #expect(try layout("1111 22 333", width: 8469).lineStrings == ["1111 22", "333"])
        #expect(try layout("1111 22 333", width: 8468).lineStrings == ["1111", "22 333"])
        let l = try layout("1111 22 333", width: 8468)
        #expect(l.lines.map(\.width) == [5212, 7166])  // the hanging space is not counted
        #expect(l.lines.map(\.top) == [0, 2384])
        #expect(l.lines.map(\.baseline) == [1901, 2384 + 1901])
        #expect(l.size == Size(width: 7166, height: 4768))
    }

    @Test func runsOfSpacesHangAtTheBreak() throws {
        let l = try layout("11   22", width: 3000)
        #expect(l.lineStrings == ["11", "22"])
        #expect(l.lines[1].glyphs[0].origin.x == 0)
    }

    @Test func longWordBreaksByCharacters() throws {
        #expect(try layout("12345678", width: 3909).lineStrings == ["123", "456", "78"])
        #expect(try layout("1 12345678", width: 3909).lineStrings == ["1", "123", "456", "78"])
        // Narrower than one glyph: still one glyph per line.
        #expect(try layout("123", width: 100).lineStrings == ["1", "2", "3"])
    }

    @Test func charWrappingIgnoresWordBoundaries() throws {
        // "11 2" = 2606 + 651 + 1303 = 4560 fits 4600; word wrapping must break "2222" by characters instead.
        #expect(try layout("11 2222", width: 4600, mode: .byCharWrapping).lineStrings == ["11 2", "222"])
        #expect(try layout("11 2222", width: 4600, mode: .byWordWrapping).lineStrings == ["11", "222", "2"])
        // Overflowing right after spaces breaks at the spaces, which hang.
        #expect(try layout("11 2222", width: 3909, mode: .byCharWrapping).lineStrings == ["11", "222", "2"])
    }

    @Test func lineSeparatorsStartNewLines() throws {
        #expect(try layout("1\n22\r\n\n3").lineStrings == ["1", "22", "", "3"])
        #expect(try layout("").lines.isEmpty)
        #expect(try layout("").size == .zero)
    }

    @Test func realTextWrapsLikeTheAdvancesSay() throws {
        // At 17 pt: "Hello world," 12132 units = 100.705 pt, "Hello world, this" 137.129 pt,
        // "this is wrapped" 15607 units = 129.550 pt, "this is" 50.004 pt.
        let text = "Hello world, this is wrapped"
        #expect(try font.measureUnits("this is wrapped") == 15607)
        let at130 = try TextLayout(text, font: font, size: 17, width: 130, numberOfLines: 0)
        #expect(at130.lineStrings == ["Hello world,", "this is wrapped"])
        let expectedWidths: [Double] = [12132.0 * 17 / 2048, 15607.0 * 17 / 2048]
        #expect(at130.lines.map(\.width) == expectedWidths)
        let at125 = try TextLayout(text, font: font, size: 17, width: 125, numberOfLines: 0)
        #expect(at125.lineStrings == ["Hello world,", "this is", "wrapped"])
    }

    @Test func alignmentOffsets() throws {
        let left = try layout("11", width: 10000, alignment: .left)
        let center = try layout("11", width: 10000, alignment: .center)
        let right = try layout("11", width: 10000, alignment: .right)
        #expect(left.lines[0].x == 0)
        #expect(center.lines[0].x == (10000 - 2606) / 2)
        #expect(right.lines[0].x == 10000 - 2606)
        #expect(center.glyphs.map(\.origin.x) == [3697, 3697 + 1303])
        #expect(right.usedRect == Rect(x: 7394, y: 0, width: 2606, height: 2384))
        // Without a width, lines align within the widest one.
        let block = try layout("1\n111", alignment: .right)
        #expect(block.lines.map(\.x) == [2606, 0])
        let centred = try layout("1\n111", alignment: .center)
        #expect(centred.lines.map(\.x) == [1303, 0])
        #expect(block.glyphs.map(\.origin.x) == [2606, 0, 1303, 2606])
    }

    /// Without a width, lines are placed once the widest is known: exactly where a width of
    /// the widest line places them.
    @Test func aligningWithoutAWidthEqualsAligningInTheWidestLine() throws {
        for alignment in [TextAlignment.left, .center, .right] {
            let free = try TextLayout(
                "Wide line here\nx\n\nmiddle one", font: font, size: 17.3, alignment: alignment, numberOfLines: 0)
            let widest = try #require(free.lines.map(\.width).max())
            let fixed = try TextLayout(
                "Wide line here\nx\n\nmiddle one", font: font, size: 17.3, width: widest, alignment: alignment,
                numberOfLines: 0)
            #expect(free.lines.count == 4)
            #expect(free.lines == fixed.lines)
            #expect(alignment == .left || free.lines[1].x > 0)
        }
    }

    /// Printable ASCII skips splitting: it shapes exactly as the general path does.
    @Test func printableASCIIShapesAsTheGeneralPath() throws {
        // Every printable ASCII character, alone and in kerned pairs and runs.
        let all = (UInt8(0x20)...0x7E).map { Character(Unicode.Scalar($0)) }
        var texts = ["Hello world", "AV To", String(all)]
        for start in stride(from: 0, to: all.count, by: 5) {
            texts.append(String(all[start..<min(all.count, start + 7)]))
        }
        texts += all.map { String($0) }
        for text in texts {
            #expect(TextParagraphs.isPrintableASCII(text))
            let paragraphs = TextParagraphs.split(text)
            #expect(paragraphs == [Array(text.unicodeScalars)])
            #expect(
                try font.shape(text.utf8.lazy.map { Unicode.Scalar($0) }, policy: .useNotdef)
                    == font.shape(paragraphs[0], policy: .useNotdef))
        }
        for text in ["", "a\tb", "a\nb", "caf\u{E9}", "\u{7F}", "a\u{1F}"] {
            #expect(!TextParagraphs.isPrintableASCII(text))
        }
    }

    @Test func truncatesTheTailWithAnEllipsisThatFits() throws {
        // 6000 − 2048 for "…" leaves 3952: three digits (3909).
        let l = try layout("1111 2222 3333", width: 6000, lines: 1, mode: .byTruncatingTail)
        #expect(l.lineStrings == ["111\u{2026}"])
        #expect(l.lines[0].width == 3909 + 2048)
        #expect(l.lines[0].width <= 6000)
        #expect(l.isTruncated && l.lines[0].isTruncated)
        #expect(l.glyphs.last?.glyph == GlyphIndex(rawValue: 2825))
        #expect(l.glyphs.last?.origin.x == 3909)
    }

    @Test func truncatesTheHead() throws {
        let l = try layout("1111 2222 3333", width: 6000, lines: 1, mode: .byTruncatingHead)
        #expect(l.lineStrings == ["\u{2026}333"])
        #expect(l.glyphs.map(\.origin.x) == [0, 2048, 2048 + 1303, 2048 + 2606])
        #expect(l.lines[0].width == 2048 + 3909)
        // A space after the ellipsis is dropped: "… 3333" would need 2048 + 651 + 5212 = 7911.
        #expect(try layout("1111 2222", width: 7300, lines: 1, mode: .byTruncatingHead).lineStrings == ["\u{2026}2222"])
    }

    @Test func truncatesTheMiddle() throws {
        // Start and end grow alternately: "1", "3", "11", then neither fits another digit.
        let l = try layout("1111 2222 3333", width: 6000, lines: 1, mode: .byTruncatingMiddle)
        #expect(l.lineStrings == ["11\u{2026}3"])
        #expect(l.lines[0].width == 3909 + 2048)
        let wide = try layout("1111 2222 3333", width: 12000, lines: 1, mode: .byTruncatingMiddle)
        // 9952 units for digits: "1111" + "333" (9121), then the space after "1111" (9772)
        // still fits but "3333" does not; the space at the join is dropped.
        #expect(wide.lineStrings == ["1111\u{2026}333"])
        #expect(wide.lines[0].width == 7 * 1303 + 2048)
    }

    @Test func truncationDropsTrailingSpacesBeforeTheEllipsis() throws {
        // "11 2…" would need 2606 + 651 + 1303 + 2048 = 6608; "11…" fits 6000.
        #expect(try layout("11 2222", width: 6000, lines: 1, mode: .byTruncatingTail).lineStrings == ["11\u{2026}"])
    }

    @Test func truncatesTheLastOfSeveralLines() throws {
        let l = try layout("1111 2222 3333", width: 6000, lines: 2, mode: .byTruncatingTail)
        #expect(l.lineStrings == ["1111", "222\u{2026}"])
        #expect(!l.lines[0].isTruncated && l.lines[1].isTruncated)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let l = try layout("1111 2222", width: 6000, lines: 2, mode: .byTruncatingTail)
        #expect(l.lineStrings == ["1111", "2222"])
        #expect(!l.isTruncated)
        // UILabel's default (one line, truncating tail) with room to spare.
        let label = try TextLayout("42", font: font, size: 17, width: 100)
        #expect(label.lineStrings == ["42"])
        #expect(!label.isTruncated)
    }

    @Test func laterParagraphsCutAddAnEllipsis() throws {
        let l = try layout("11\n22", width: 10000, lines: 1, mode: .byTruncatingTail)
        #expect(l.lineStrings == ["11\u{2026}"])
    }

    @Test func ellipsisKernsWithTheGlyphBeforeIt() throws {
        let t = try #require(font.glyphIndex(for: "T"))
        let ellipsis = try #require(font.glyphIndex(for: "\u{2026}"))
        let kern = font.kerning(between: t, and: ellipsis)
        let tt = font.kerning(between: t, and: t)
        #expect(tt == -36)
        let l = try TextLayout("TTTTTT", font: font, size: 2048, width: Double(1251 * 2 + tt + 2048 + kern))
        #expect(l.lineStrings == ["TT\u{2026}"])
        let expectedX: [Double] = [0, Double(1251 + tt), Double(1251 * 2 + tt + kern)]
        #expect(l.glyphs.map(\.origin.x) == expectedX)
        #expect(l.lines[0].width == Double(1251 * 2 + tt + 2048 + kern))
    }

    @Test func wrappingModesDropTextAfterTheLastLine() throws {
        let l = try layout("1111 2222 3333", width: 6000, lines: 2, mode: .byWordWrapping)
        #expect(l.lineStrings == ["1111", "2222"])
        #expect(l.isTruncated)
        #expect(l.lines[1].isTruncated)
    }

    @Test func clippingKeepsTheRestOfTheParagraphOnTheLastLine() throws {
        let l = try layout("1111 2222 3333", width: 6000, lines: 2, mode: .byClipping)
        #expect(l.lineStrings == ["1111", "2222 3333"])
        #expect(l.lines[1].width == 5212 * 2 + 651)
        #expect(l.isTruncated)
    }

    @Test func maximumHeightLimitsLinesLikeALabelsBounds() throws {
        let text = "11 22 33 44"
        #expect(try layout(text, width: 3400).lines.count == 4)
        // "2…" = 1303 + 2048 = 3351 fits 3400.
        let l = try layout(text, width: 3400, maximumHeight: 2384 * 2.5, mode: .byTruncatingTail)
        #expect(l.lineStrings == ["11", "2\u{2026}"])
        // Too narrow for "2…": the ellipsis alone.
        #expect(
            try layout(text, width: 3000, maximumHeight: 2384 * 2, mode: .byTruncatingTail).lineStrings == [
                "11", "\u{2026}",
            ])
        // A bounds higher than any count of lines sets no limit (not an `Int` of 4e296 lines).
        #expect(try layout(text, width: 3400, maximumHeight: 1e300).lines.count == 4)
        // A bounds lower than one line still shows one line.
        #expect(try layout(text, width: 3000, maximumHeight: 10).lines.count == 1)
        #expect(try layout(text, width: 3000, maximumHeight: 2384 * 3).lines.count == 3)
    }

    @Test func verticalCentringAsUILabel() throws {
        let l = try TextLayout("42", font: font, size: 28)
        let bounds = Rect(x: 10, y: 20, width: 100, height: 60)
        let origin = l.origin(centeredVerticallyIn: bounds)
        #expect(origin == Point(x: 10, y: 20 + (60 - 32.59375) / 2))
        let tall = try layout("1\n2\n3")
        #expect(tall.origin(centeredVerticallyIn: Rect(x: 0, y: 0, width: 10, height: 100)).y == (100 - 3 * 2384) / 2)
    }

    @Test func combiningMarksAddNoWidth() throws {
        // DejaVu's U+0301 COMBINING ACUTE ACCENT has a zero advance: "e\u{301}" is as wide as "e".
        let acute = try font.glyph(#require(font.glyphIndex(for: "\u{301}")))
        #expect(acute.advance == 0)
        #expect(try font.measureUnits("e\u{301}") == (try font.measureUnits("e")))
        let l = try TextLayout("e\u{301}", font: font, size: 2048)
        #expect(l.glyphs.count == 2)
        #expect(l.glyphs[1].origin.x == l.glyphs[0].advance)
    }

    @Test func invalidParametersThrow() {
        #expect(
            throws: TextError.invalidParameter(name: "font size", value: "0.0", rule: "must be a finite number > 0")
        ) {
            try TextLayout("x", font: font, size: 0)
        }
        #expect(throws: TextError.self) { try TextLayout("x", font: font, size: .nan) }
        #expect(throws: TextError.self) { try TextLayout("x", font: font, size: 12, width: -1) }
        #expect(throws: TextError.self) { try TextLayout("x", font: font, size: 12, maximumHeight: .nan) }
        #expect(throws: TextError.self) { try TextLayout("x", font: font, size: 12, numberOfLines: -1) }
    }

    @Test func layoutIsDeterministic() throws {
        let a = try TextLayout(
            "The quick brown fox jumps over the lazy dog", font: font, size: 13.7, width: 80, alignment: .center,
            numberOfLines: 3)
        let b = try TextLayout(
            "The quick brown fox jumps over the lazy dog", font: font, size: 13.7, width: 80, alignment: .center,
            numberOfLines: 3)
        #expect(a.lines == b.lines)
        #expect(a.lines.count == 3)
        #expect(a.isTruncated)
        #expect(a.lines.allSatisfy { $0.width <= 80 })
    }
}
