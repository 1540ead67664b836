import Geometry
import PNG
import Raster
import TestSupport
import Testing

@testable import VisualTesting

/// Each comparison mode on crafted images.
struct ImageComparatorTests {
    /// A `width` × `height` straight-RGBA image filled with one colour.
    static func plain(_ width: Int, _ height: Int, _ rgba: [UInt8] = [255, 255, 255, 255]) throws -> StraightRGBAImage {
        try StraightRGBAImage(
            width: width, height: height, pixels: Array((0..<width * height).map { _ in rgba }.joined()))
    }

    /// `image` with the pixel at (x, y) set to `rgba`.
    static func setting(_ image: StraightRGBAImage, _ x: Int, _ y: Int, _ rgba: [UInt8]) throws -> StraightRGBAImage {
        var pixels = image.pixels
        pixels.replaceSubrange((y * image.width + x) * 4..<(y * image.width + x) * 4 + 4, with: rgba)
        return try StraightRGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// A vertical edge between black and white at x = `edge` (a fraction): the column it
    /// crosses is grey in proportion, as exact-area anti-aliasing draws it.
    static func edge(at edge: Double, width: Int = 16, height: Int = 16) throws -> StraightRGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let covered = min(1, max(0, edge - Double(x)))
                let v = UInt8((255 * (1 - covered)).rounded())
                pixels += [v, v, v, 255]
            }
        }
        return try StraightRGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func identicalImagesAreIdentical() throws {
        let a = try Self.plain(32, 32, [10, 20, 30, 255])
        let result = ImageComparator.compare(expected: a, actual: a)
        #expect(result.identical && result.passed && result.differentPixels == 0 && result.regions.isEmpty)
        #expect(result.summary == "the images are identical")
    }

    @Test func oneChangedPixelIsCountedAndLocated() throws {
        let a = try Self.plain(40, 30)
        let b = try Self.setting(a, 10, 20, [0, 0, 0, 255])
        let result = ImageComparator.compare(expected: a, actual: b)
        #expect(!result.identical && !result.passed)
        #expect(result.differentPixels == 1 && result.antiAliasedPixels == 0)
        #expect(result.regions == [PixelRect(minX: 10, minY: 20, maxX: 11, maxY: 21)])
        #expect(result.changes == [PixelChange(x: 10, y: 20, kind: .darker)])
        // Black on white: √(32857 / 35215), 35215 being the largest YIQ distance of any two colours.
        #expect(abs(result.maximumDifference - 0.96594) < 1e-5)
        #expect(result.summary.hasPrefix("1 of 1200 pixels (0.083%) differ, by up to 0.9659 at threshold 0.1"))
        #expect(result.summary.hasSuffix("in x 10..<11, y 20..<21"))
    }

    @Test func aChangeBelowTheThresholdIsNotCounted() throws {
        let a = try Self.plain(8, 8)
        let b = try Self.setting(a, 3, 3, [250, 250, 250, 255])
        #expect(ImageComparator.compare(expected: a, actual: b).differentPixels == 0)
        let exact = ImageComparator.compare(expected: a, actual: b, options: .exact)
        #expect(exact.differentPixels == 1 && !exact.passed)
    }

    @Test func anAntiAliasedEdgeShiftedByAFractionOfAPixelIsNotCounted() throws {
        let a = try Self.edge(at: 8.25)
        let b = try Self.edge(at: 8.7)
        let result = ImageComparator.compare(expected: a, actual: b)
        #expect(result.differentPixels == 0 && result.passed)
        #expect(result.antiAliasedPixels == 16)  // the grey column, in every row
        #expect(result.changes.allSatisfy { $0.kind == .antiAliased && $0.x == 8 })
        let counted = ImageComparator.compare(
            expected: a, actual: b, options: ComparisonOptions(includeAntiAliasing: true))
        #expect(counted.differentPixels == 16 && !counted.passed)
        // Moved by a whole pixel it is a real change.
        let moved = ImageComparator.compare(expected: a, actual: try Self.edge(at: 10.25))
        #expect(moved.differentPixels > 0)
    }

    @Test func aSizeChangeIsReportedAsSuch() throws {
        let a = try Self.plain(20, 10)
        let b = try Self.plain(20, 12)
        let result = ImageComparator.compare(
            expected: a, actual: b, options: ComparisonOptions(maximumDifferentPixels: 1000))
        #expect(result.sizeMismatch && !result.passed && !result.identical)
        #expect(result.totalPixels == 240)
        #expect(result.differentPixels == 40)  // the two new rows, against nothing
        #expect(result.regions == [PixelRect(minX: 0, minY: 10, maxX: 20, maxY: 12)])
        #expect(result.summary.hasPrefix("expected an image 20x10, got 20x12, "))
    }

    @Test func sizesThatTogetherPassTheLimitsAreNotPadded() throws {
        let wide = try Self.plain(16_384, 1)
        let tall = try Self.plain(1, 16_384)
        let result = ImageComparator.compare(expected: wide, actual: tall)
        #expect(result.sizeMismatch && !result.passed && result.changes.isEmpty)
        #expect(result.totalPixels == 16_384 * 16_384 && result.differentPixels == result.totalPixels)
        #expect(result.summary.hasPrefix("expected an image 16384x1, got 1x16384"))
        // Nor is their diff image drawn: refused before its pixels are allocated.
        #expect(throws: RasterError.imageTooLarge(width: 16_384, height: 16_384)) {
            try DiffImage.render(expected: wide, result: result)
        }
    }

    @Test func aHugePixelBudgetAllowsEverything() throws {
        let options = ComparisonOptions(maximumDifferentPixels: Int.max)
        #expect(options.allowedDifferentPixels(comparedPixels: 100) == Int.max)
        #expect(
            ComparisonOptions(maximumDifferentPixels: Int.max, maximumDifferentPixelRatio: 0.5)
                .allowedDifferentPixels(comparedPixels: 100) == 50)
    }

    @Test func ignoredRegionsAreLeftOutButNotPaintedOver() throws {
        let a = try Self.plain(30, 30)
        let b = try Self.setting(try Self.setting(a, 5, 5, [0, 0, 0, 255]), 20, 20, [255, 0, 0, 255])
        let bBefore = b.pixels
        let options = ComparisonOptions(ignoredRegions: [PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10)])
        let result = ImageComparator.compare(expected: a, actual: b, options: options)
        #expect(result.differentPixels == 1 && result.ignoredPixels == 100 && result.comparedPixels == 800)
        #expect(result.regions == [PixelRect(minX: 20, minY: 20, maxX: 21, maxY: 21)])
        #expect(b.pixels == bBefore)  // the images are not changed
        let both = ComparisonOptions(ignoredRegions: [
            PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10), PixelRect(minX: 15, minY: 15, maxX: 40, maxY: 40),
        ])
        let none = ImageComparator.compare(expected: a, actual: b, options: both)
        #expect(none.passed && none.differentPixels == 0 && none.ignoredPixels == 100 + 225)
        // The diff image tints what was ignored and shows the images' pixels, not a mask colour.
        let diff = try DiffImage.render(expected: a, result: result)
        #expect(diff[2, 2] != diff[25, 25])
        #expect(diff[2, 2].blue == 255 && diff[2, 2].red < 255)
    }

    @Test func theStricterBudgetWins() throws {
        var b = try Self.plain(10, 10)
        for x in 0..<5 { b = try Self.setting(b, x, 0, [0, 0, 0, 255]) }
        let a = try Self.plain(10, 10)
        func passes(_ pixels: Int?, _ ratio: Double?) -> Bool {
            ImageComparator.compare(
                expected: a, actual: b,
                options: ComparisonOptions(maximumDifferentPixels: pixels, maximumDifferentPixelRatio: ratio)
            ).passed
        }
        #expect(!passes(nil, nil))  // no budget: nothing may change
        #expect(passes(5, nil) && !passes(4, nil))
        #expect(passes(nil, 0.05) && !passes(nil, 0.049))
        #expect(!passes(5, 0.04) && !passes(4, 0.05) && passes(10, 0.05))
        let result = ImageComparator.compare(
            expected: a, actual: b,
            options: ComparisonOptions(maximumDifferentPixels: 9, maximumDifferentPixelRatio: 0.07))
        #expect(result.allowedDifferentPixels == 7 && result.passed)
        #expect(result.summary.contains("5 of 100 pixels (5%) differ (7 allowed)"))
    }

    @Test func deltaE94MeasuresPerceivedDifference() throws {
        let white = try Self.plain(4, 4)
        let black = try Self.setting(white, 1, 1, [0, 0, 0, 255])
        let result = ImageComparator.compare(
            expected: white, actual: black, options: ComparisonOptions(metric: .deltaE94(tolerance: 2.3)))
        #expect(abs(result.maximumDifference - 100) < 0.01)  // L* 100 against L* 0
        #expect(result.differentPixels == 1 && result.changes.first?.kind == .darker)
        let nearWhite = try Self.setting(white, 1, 1, [254, 254, 253, 255])
        let slight = ImageComparator.compare(
            expected: white, actual: nearWhite, options: ComparisonOptions(metric: .deltaE94(tolerance: 2.3)))
        #expect(slight.differentPixels == 0 && slight.maximumDifference > 0 && slight.maximumDifference < 1)
        #expect(slight.summary.contains("ΔE94"))
    }

    /// No two colours of the sRGB cube are further apart than `largestDeltaE94`: its corners and
    /// a grid between them, each against each (ΔE94 weighs by the first colour's chroma).
    @Test func noTwoColoursAreFurtherApartThanTheLargestDeltaE94() {
        let steps = stride(from: 0.0, through: 255, by: 51).map { $0 }
        var colours: [CIELAB] = []
        for red in steps {
            for green in steps { for blue in steps { colours.append(CIELAB(red: red, green: green, blue: blue)) } }
        }
        var largest = 0.0
        for one in colours { for two in colours { largest = max(largest, one.deltaE94(to: two)) } }
        #expect(largest <= ColorMetric.largestDeltaE94 && largest > ColorMetric.largestDeltaE94 - 0.2)
        let white = CIELAB(red: 255, green: 255, blue: 255), blue = CIELAB(red: 0, green: 0, blue: 255)
        #expect(abs(white.deltaE94(to: blue) - 149.9) < 0.05)
    }

    @Test func theDiffImageHighlightsChangesOverTheFadedExpectedImage() throws {
        let a = try Self.edge(at: 8.25)
        var b = try Self.edge(at: 8.7)
        b = try Self.setting(b, 2, 2, [255, 0, 255, 255])
        let result = ImageComparator.compare(expected: a, actual: b)
        let diff = try DiffImage.render(expected: a, result: result)
        #expect(diff.width == 16 && diff.height == 16)
        #expect(diff[2, 2] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))  // counted: red
        #expect(diff[8, 5] == PremultipliedColor(red: 255, green: 255, blue: 0, alpha: 255))  // AA: yellow
        // Unchanged: the expected brightness blended 90 % toward white. White stays 255;
        // black (x = 0) becomes 255 − 0.1·255 ≈ 230.
        #expect(diff[12, 5] == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(diff[0, 5] == PremultipliedColor(red: 230, green: 230, blue: 230, alpha: 255))
    }

    @Test func straightImagesRoundTripThroughPremultiplication() throws {
        let image = try Image(width: 3, height: 1, fill: PremultipliedColor(red: 40, green: 60, blue: 80, alpha: 128))
        let straight = StraightRGBAImage(image)
        #expect(Array(straight.pixels[0..<4]) == [80, 120, 159, 128])
        #expect(try straight.premultiplied() == image)
        let decoded = try PNGDecoder.decodeStraight(PNGEncoder.encode(image))
        #expect(decoded == straight)
    }
}

/// The fast paths (block and row `memcmp`, four-pixel skips, the anti-aliasing test's flat-pixel
/// shortcut) give exactly what the plain pixel-by-pixel scan gives.
struct ImageComparatorFastPathTests {
    /// Compares `a` with `b` with the fast paths on and off, expects the same findings, and
    /// returns the fast result.
    static func fastEqualsPlain(
        _ a: StraightRGBAImage, _ b: StraightRGBAImage, _ options: ComparisonOptions,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageComparisonResult {
        let fast = ImageComparator.compare(expected: a, actual: b, options: options, fastPaths: true)
        let plain = ImageComparator.compare(expected: a, actual: b, options: options, fastPaths: false)
        #expect(fast.changes == plain.changes, sourceLocation: sourceLocation)
        #expect(fast.differentPixels == plain.differentPixels, sourceLocation: sourceLocation)
        #expect(fast.antiAliasedPixels == plain.antiAliasedPixels, sourceLocation: sourceLocation)
        #expect(fast.maximumDifference == plain.maximumDifference, sourceLocation: sourceLocation)
        #expect(fast.regions == plain.regions && fast.identical == plain.identical, sourceLocation: sourceLocation)
        return fast
    }

    @Test(arguments: [1, 2, 3, 4])
    func fastPathsEqualThePlainScan(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let width = 37, height = 29
        var base = [UInt8](repeating: 0, count: width * height * 4)
        for i in base.indices { base[i] = UInt8(truncatingIfNeeded: random.next() >> 56) }
        var changed = base
        // Some rows untouched, some with a few changes, one entirely changed.
        for _ in 0..<40 {
            let row = Int(random.next() % UInt64(height / 2)) * 2
            let k = (row * width + Int(random.next() % UInt64(width))) * 4 + Int(random.next() % 4)
            changed[k] = UInt8(truncatingIfNeeded: random.next())
        }
        for x in 0..<width * 4 { changed[(height - 1) * width * 4 + x] ^= 0x5A }
        let a = try StraightRGBAImage(width: width, height: height, pixels: base)
        let b = try StraightRGBAImage(width: width, height: height, pixels: changed)
        for options in [
            ComparisonOptions(), ComparisonOptions(includeAntiAliasing: true),
            ComparisonOptions(metric: .deltaE94(tolerance: 2)),
            ComparisonOptions(ignoredRegions: [PixelRect(minX: 3, minY: 4, maxX: 20, maxY: 9)]),
        ] {
            let fast = Self.fastEqualsPlain(a, b, options)
            #expect(fast.differentPixels > 0)
        }
        let same = ImageComparator.compare(expected: a, actual: a, options: ComparisonOptions(), fastPaths: false)
        #expect(same.identical)
    }

    /// Drawn pictures (flat areas, anti-aliased edges) where the second moves its shapes by a
    /// fraction of a pixel and recolours one: the anti-aliasing test's flat-pixel shortcut, the
    /// four-pixel skip and the concurrent bands give the plain scan's changes, with both kinds
    /// present in every band.
    @Test(arguments: [0.0, 0.3, 0.5])
    func fastPathsEqualThePlainScanOnDrawnPictures(shift: Double) throws {
        func picture(shift: Double, accent: Color) throws -> StraightRGBAImage {
            // Three copies down a 170-row canvas, so the scan has three bands of rows.
            let canvas = try Canvas(width: 61, height: 170, background: Color(red: 250, green: 250, blue: 250))
            for top in [0.0, 60.0, 120.0] {
                canvas.fillRoundedRect(
                    Rect(x: 3.25 + shift, y: top + 2.5, width: 30.5, height: 20.75), cornerRadii: CornerRadii(all: 6),
                    color: Color(red: 30, green: 90, blue: 200))
                canvas.fillRoundedRect(
                    Rect(x: 20.5, y: top + 18.25 + shift, width: 33, height: 24.5), cornerRadii: CornerRadii(all: 9),
                    color: accent)
                canvas.fillRect(
                    Rect(x: 0, y: top + 44.5 - shift, width: 61, height: 2.5), color: Color(red: 0, green: 0, blue: 0))
            }
            return StraightRGBAImage(canvas.image)
        }
        let a = try picture(shift: 0, accent: Color(red: 240, green: 120, blue: 20))
        let b = try picture(shift: shift, accent: Color(red: 120, green: 200, blue: 40, alpha: 200))
        for options in [ComparisonOptions(), ComparisonOptions(includeAntiAliasing: true)] {
            let fast = Self.fastEqualsPlain(a, b, options)
            #expect(fast.differentPixels > 0)
            if !options.includeAntiAliasing && shift > 0 { #expect(fast.antiAliasedPixels > 0) }
            for band in 0..<3 {
                let rows = band * ChangeScanner.bandRows..<(band + 1) * ChangeScanner.bandRows
                #expect(fast.changes.contains { $0.isCounted && rows.contains(Int($0.y)) })
            }
        }
    }

    /// The first differing row is found through blocks of rows and then rows, for a change in
    /// rows at either end of a block and of the image, and for none: narrow rows (one block
    /// holds the image) and 16 KiB rows (four rows a block).
    @Test(arguments: [(5, 300), (4096, 22)])
    func firstDifferentRowFindsEveryRow(width: Int, height: Int) {
        let base = [UInt8](repeating: 7, count: width * height * 4)
        #expect(ImageComparator.firstDifferentRow(base, base, rowBytes: width * 4) == height)
        for row in [0, 1, 3, 4, 5, 7, 8, height / 2, height - 2, height - 1] {
            for byte in [0, width * 4 - 1] {
                var other = base
                other[row * width * 4 + byte] = 8
                #expect(ImageComparator.firstDifferentRow(base, other, rowBytes: width * 4) == row)
            }
        }
    }

    /// Images of different sizes (compared padded) and images one or two pixels wide or tall
    /// (the anti-aliasing test's edge cases) give the plain scan's changes.
    @Test func fastPathsEqualThePlainScanOnEdgeShapes() throws {
        var random = SplitMix64(seed: 9)
        func image(_ width: Int, _ height: Int, flat: Bool) throws -> StraightRGBAImage {
            let pixels = (0..<width * height * 4).map { i -> UInt8 in
                flat ? (i % 4 == 3 ? 255 : 200) : UInt8(truncatingIfNeeded: random.next() >> 56)
            }
            return try StraightRGBAImage(width: width, height: height, pixels: pixels)
        }
        let pairs = [
            (try image(1, 40, flat: true), try image(1, 40, flat: false)),
            (try image(40, 1, flat: false), try image(40, 1, flat: true)),
            (try image(2, 70, flat: true), try image(2, 70, flat: false)),
            (try image(70, 2, flat: false), try image(70, 2, flat: true)),
            (try image(30, 20, flat: true), try image(33, 18, flat: false)),
            (try image(9, 90, flat: false), try image(12, 70, flat: false)),
        ]
        for (a, b) in pairs {
            for options in [ComparisonOptions(), ComparisonOptions(includeAntiAliasing: true)] {
                let fast = Self.fastEqualsPlain(a, b, options)
                #expect(fast.differentPixels > 0, "\(a.width)x\(a.height) against \(b.width)x\(b.height)")
            }
        }
    }
}
