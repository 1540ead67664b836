import Dispatch
import Geometry
import Raster
import Synchronization
import Testing

@testable import Text

/// `TextLayoutCache`: a layout from the cache is the layout made again, each parameter and
/// each font keeps its own, layouts are kept from the second time they are asked for, and the
/// byte budget and errors are respected.
@Suite struct TextLayoutCacheTests {
    let font: Font
    let bold: Font
    init() throws {
        font = try Font.bundled()
        bold = try Font.bundled(.bold)
    }

    /// Everything a layout is: its lines (each glyph and its place), metrics and truncation.
    func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.font === b.font && a.fontSize == b.fontSize && a.width == b.width && a.alignment == b.alignment
            && a.lines == b.lines && a.isTruncated == b.isTruncated && a.lineMetrics == b.lineMetrics
            && a.outlines.map(\.index) == b.outlines.map(\.index)
    }

    /// The arguments of the checks below: texts, widths, line limits, alignments, modes.
    static let cases: [(String, Double, Int, TextAlignment, LineBreakMode)] = [
        ("Today", .infinity, 1, .left, .byTruncatingTail),
        ("A longer label that wraps over lines", 80, 0, .center, .byWordWrapping),
        ("A longer label that wraps over lines", 80, 2, .center, .byTruncatingTail),
        ("A longer label that wraps over lines", 120, 2, .right, .byTruncatingMiddle),
        ("Crème brûlée", 60, 1, .left, .byClipping),
        ("Line one\nLine two", .infinity, 0, .left, .byCharWrapping),
    ]

    @Test func aCachedLayoutIsTheLayoutMadeAgainAndDrawsTheSameBytes() throws {
        let cache = TextLayoutCache()
        for (text, width, lines, alignment, mode) in Self.cases {
            let fresh = try TextLayout(
                text, font: font, size: 17, width: width, alignment: alignment, numberOfLines: lines,
                lineBreakMode: mode)
            for _ in 0..<3 {
                let cached = try cache.layout(
                    text, font: font, size: 17, width: width, alignment: alignment, numberOfLines: lines,
                    lineBreakMode: mode)
                #expect(same(cached, fresh), "\(text)")
            }
            let a = try Canvas(width: 140, height: 60, background: .white)
            let b = try Canvas(width: 140, height: 60, background: .white)
            fresh.draw(into: a, at: Point(x: 3.3, y: 20.7), color: .black, maskCache: nil)
            try cache.layout(
                text, font: font, size: 17, width: width, alignment: alignment, numberOfLines: lines,
                lineBreakMode: mode
            ).draw(into: b, at: Point(x: 3.3, y: 20.7), color: .black, maskCache: nil)
            #expect(a.image == b.image, "\(text)")
        }
        // Each case's third and fourth askings were hits (asked in a row, so no other key could
        // take its slot).
        #expect(cache.hits == 2 * Self.cases.count)
        #expect(cache.count >= 1 && cache.count <= Self.cases.count)
    }

    /// A layout is kept the second time its key is asked for, not the first: a still's labels,
    /// which never repeat, leave nothing behind.
    @Test func layoutsAreKeptFromTheSecondAsking() throws {
        let cache = TextLayoutCache()
        _ = try cache.layout("Once", font: font, size: 17)
        #expect(cache.count == 0)
        _ = try cache.layout("Once", font: font, size: 17)
        #expect(cache.count == 1)
        _ = try cache.layout("Once", font: font, size: 17)
        #expect(cache.count == 1 && cache.hits == 1)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    /// Keys that differ in one thing only get their own layouts: the size, the width, the
    /// height, the line limit, the alignment, the mode, the missing-glyph policy, the font, and
    /// a text that is canonically equivalent (equal as `String`s) but made of other scalars.
    @Test func everyParameterAndTheTextsScalarsKeepTheirOwnLayouts() throws {
        let cache = TextLayoutCache()
        let text = "Crème brûlée over several lines"
        func both(_ make: (TextLayoutCache?) throws -> TextLayout) throws {
            // Asked for twice, so kept; a third time, found.
            _ = try make(cache)
            _ = try make(cache)
            #expect(same(try make(cache), try make(nil)))
        }
        func layout(
            _ t: String = text, _ f: Font? = nil, size: Double = 17, width: Double = 90, height: Double = .infinity,
            lines: Int = 0, alignment: TextAlignment = .left, mode: LineBreakMode = .byWordWrapping,
            missing: MissingGlyphPolicy = .useNotdef
        ) throws {
            try both { c in
                if let c {
                    return try c.layout(
                        t, font: f ?? font, size: size, width: width, maximumHeight: height, alignment: alignment,
                        numberOfLines: lines, lineBreakMode: mode, missingGlyphs: missing)
                }
                return try TextLayout(
                    t, font: f ?? font, size: size, width: width, maximumHeight: height, alignment: alignment,
                    numberOfLines: lines, lineBreakMode: mode, missingGlyphs: missing)
            }
        }
        try layout()
        try layout(size: 18)
        try layout(width: 200)
        try layout(height: 30)
        try layout(lines: 1)
        try layout(alignment: .right)
        try layout(mode: .byCharWrapping)
        try layout(missing: .throwError)
        try layout(text, bold)
        let decomposed = "Cre\u{300}me bru\u{302}le\u{301}e over several lines"
        #expect(decomposed == text)
        try layout(decomposed)
        #expect(cache.hits == 10)
        // The two spellings really are laid out differently (a combining accent is a glyph of its own).
        let precomposedGlyphs = try cache.layout(text, font: font, size: 17, width: 90, numberOfLines: 0).glyphs
        let decomposedGlyphs = try cache.layout(decomposed, font: font, size: 17, width: 90, numberOfLines: 0).glyphs
        #expect(precomposedGlyphs.count != decomposedGlyphs.count)
    }

    /// Long texts that differ only in the middle are told apart by their hashes and by
    /// equality, and each gets its own layout; a copy of a text with its own storage is equal.
    @Test func longTextsThatDifferOnlyInTheMiddleKeepTheirOwnLayouts() throws {
        let cache = TextLayoutCache()
        let ends = String(repeating: "word ", count: 60)
        let (a, b) = (ends + "alpha " + ends, ends + "omega " + ends)
        let key = { (text: String) in
            TextLayoutCache.Key(
                text: text, font: ObjectIdentifier(self.font), size: 17.0.bitPattern, width: 90.0.bitPattern,
                maximumHeight: Double.infinity.bitPattern, alignment: .left, numberOfLines: 0,
                lineBreakMode: .byWordWrapping, missingGlyphs: .useNotdef)
        }
        #expect(key(a).hash != key(b).hash && !(key(a) == key(b)))
        let copy = String(decoding: Array(a.utf8), as: UTF8.self)
        #expect(key(a) == key(copy) && key(a).hash == key(copy).hash)
        // Texts of every length up to two words and a bit: the tail bytes count too.
        let short = (0..<20).map { String(repeating: "x", count: $0) }
        #expect(Set(short.map { key($0).hash }).count == short.count)
        for text in [a, b, a, b, a, b] {
            let layout = try cache.layout(text, font: font, size: 17, width: 90, numberOfLines: 0)
            #expect(same(layout, try TextLayout(text, font: font, size: 17, width: 90, numberOfLines: 0)))
        }
        #expect(cache.hits == 2)
    }

    @Test func theByteBudgetEmptiesTheCacheAndErrorsAreNotKept() throws {
        let cache = TextLayoutCache(maximumBytes: 2_000)
        for k in 0..<40 {
            for _ in 0..<2 { _ = try cache.layout("Label number \(k)", font: font, size: 17) }
            #expect((1...2).contains(cache.count), "\(k)")
        }
        // A layout estimated above the whole budget is never kept.
        let small = TextLayoutCache(maximumBytes: 500)
        for _ in 0..<3 { _ = try small.layout("Label number 1", font: font, size: 17) }
        #expect(small.count == 0 && small.hits == 0)
        for _ in 0..<3 {
            #expect(throws: TextError.self) { _ = try cache.layout("x", font: font, size: -1) }
        }
        let before = cache.count
        #expect(throws: TextError.self) { _ = try cache.layout("x", font: font, size: .nan) }
        #expect(cache.count == before)
    }

    /// Keys sharing one set: four (its slots) are all kept; a fifth takes the slot that
    /// remembered it, and whichever keys are kept, every layout returned is its own key's.
    @Test func keysSharingASetAreNeverConfused() throws {
        let cache = TextLayoutCache(setCount: 1)
        let texts = ["A", "Bb", "Ccc", "Dddd", "Eeeee"]
        let fresh = try texts.map { try TextLayout($0, font: font, size: 17) }
        for i in 0..<4 {
            for _ in 0..<2 { _ = try cache.layout(texts[i], font: font, size: 17) }
        }
        #expect(cache.count == 4)
        for i in 0..<4 { #expect(same(try cache.layout(texts[i], font: font, size: 17), fresh[i])) }
        #expect(cache.hits == 4)
        for _ in 0..<2 { _ = try cache.layout(texts[4], font: font, size: 17) }
        #expect(cache.count == 4)
        #expect(same(try cache.layout(texts[4], font: font, size: 17), fresh[4]))
        for round in 0..<20 {
            let i = (round * 3) % texts.count
            #expect(same(try cache.layout(texts[i], font: font, size: 17), fresh[i]), "\(round)")
            #expect(cache.count <= 4)
        }
    }

    /// Threads asking for the same and different layouts at once all get the layouts made
    /// alone.
    @Test func concurrentUseGivesTheLayoutsMadeAlone() throws {
        let cache = TextLayoutCache()
        let texts = (0..<64).map { "Cell \($0 % 16)" }
        let fresh = try texts.map { try TextLayout($0, font: font, size: 17) }
        let results = Mutex<[Int: Bool]>([:])
        DispatchQueue.concurrentPerform(iterations: 256) { k in
            let i = k % texts.count
            let ok = (try? cache.layout(texts[i], font: font, size: 17)).map { same($0, fresh[i]) } ?? false
            results.withLock { $0[k] = ok }
        }
        #expect(results.withLock { $0.count == 256 && $0.values.allSatisfy { $0 } })
        #expect(cache.count >= 1 && cache.count <= 16 && cache.hits > 0)
    }
}
