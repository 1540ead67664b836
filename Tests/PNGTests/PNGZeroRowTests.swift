import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// Runs of rows that filter to zeros, deflated without zlib (`zero_rows.c`): the files
/// decode to the image through libpng whatever the row width, filter, strip height and
/// thread count (short runs are coded apart here on purpose), and by default only runs that
/// fill zlib's window are.
@Suite struct PNGZeroRowTests {
    /// 40 rows in bands: black rows first (zeros under every filter once alpha is dropped or
    /// zero), single rows of noise, runs of a repeated row (zeros under UP), a lone repeated
    /// row (a run too short to code apart) and a repeated run at the very end.
    static func bands(width: Int, translucent: Bool) throws -> Image {
        var image = try Image(width: width, height: 40)
        var generator = SplitMix64(state: UInt64(width))
        var row = [PremultipliedColor](repeating: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0), count: width)
        let copies: Set<Int> = [6, 7, 8, 9, 11, 16, 17, 18, 25, 26, 36, 37, 38, 39]
        for y in 0..<40 {
            if y < 4 {
                let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: translucent ? 0 : 255)
                row = [PremultipliedColor](repeating: black, count: width)
            } else if !copies.contains(y) {
                for x in 0..<width {
                    let alpha: UInt8 = translucent ? UInt8.random(in: 1...255, using: &generator) : 255
                    let red = UInt8(Int(UInt8.random(in: 0...255, using: &generator)) * Int(alpha) / 255)
                    row[x] = PremultipliedColor(red: red, green: red / 3, blue: alpha / 2, alpha: alpha)
                }
            }
            for x in 0..<width { image[x, y] = row[x] }
        }
        return image
    }

    /// Widths whose rows end on every kind of rest after the 258-byte matches: two literals
    /// (RGB 1 and 87 px), one literal (RGBA 65 px), a shorter match, no full match at all.
    @Test(arguments: [1, 2, 65, 86, 87, 120])
    func zeroRowsDecodeToTheImage(width: Int) throws {
        for translucent in [false, true] {
            let image = try Self.bands(width: width, translucent: translucent)
            for filter in PNGStripEncoderTests.fixedFilters {
                let options = PNGEncodingOptions(compressionLevel: 1, filter: filter, strategy: .default)
                for rows in [1, 2, 3, 5, 40] {
                    try PNGStripEncoderTests.expectStripsDecode(
                        image, translucent: translucent, options: options, rows: rows, zeroRunRows: 2)
                }
            }
        }
    }

    /// Rows of several 258-byte matches, every zlib strategy and each fast level: zlib's
    /// segments between the runs and the runs themselves still make one valid stream.
    @Test(arguments: PNGCompressionStrategy.allCases)
    func zeroRowsDecodeUnderEveryStrategy(strategy: PNGCompressionStrategy) throws {
        for translucent in [false, true] {
            let image = try Self.bands(width: 300, translucent: translucent)
            let rowBytes = 1 + 300 * (translucent ? 4 : 3)
            for level in 1...3 {
                let options = PNGEncodingOptions(compressionLevel: level, filter: .up, strategy: strategy)
                for rows in [1, 3, 40] {
                    let encoded = try PNGStripEncoderTests.strips(
                        image, translucent: translucent, options: options, targetBytes: rows * rowBytes,
                        concurrently: true, zeroRunRows: 2)
                    #expect(
                        try PNGDecoder.decode(encoded) == image,
                        "level \(level), \(rows) rows per strip, translucent \(translucent)")
                }
            }
        }
    }

    /// 300 px RGB rows (901 filtered bytes; 37 fill zlib's 32 KiB window): rows of noise,
    /// each followed by `copies` copies of itself.
    static func repeatedNoise(copies: Int) throws -> Image {
        let height = 3 * (copies + 1)
        var image = try Image(width: 300, height: height)
        var generator = SplitMix64(state: UInt64(copies))
        for y in stride(from: 0, to: height, by: copies + 1) {
            for x in 0..<300 {
                let red = UInt8.random(in: 0...255, using: &generator)
                let color = PremultipliedColor(red: red, green: red / 2, blue: 255 - red, alpha: 255)
                for copy in 0...copies { image[x, y + copy] = color }
            }
        }
        return image
    }

    /// By default a run is coded apart only when it fills zlib's window: shorter runs keep
    /// zlib's bytes exactly (zlib restarts after a run, and the rows after a short one would
    /// lose the history before it), longer ones change the stream, shrink it, and decode.
    @Test func runsAreCodedApartWhenTheyFillZlibsWindow() throws {
        let options = PNGEncodingOptions.zlibFast
        #expect(PNGStripEncoder.leastZeroRun(rowBytes: 901, options: options) == 37)
        for copies in [2, 8, 36] {
            let image = try Self.repeatedNoise(copies: copies)
            let plain = try PNGStripEncoderTests.strips(
                image, translucent: false, options: options, targetBytes: 256 * 1024, concurrently: false,
                zeroRunRows: 0)
            let chosen = try PNGStripEncoderTests.strips(
                image, translucent: false, options: options, targetBytes: 256 * 1024, concurrently: false)
            #expect(chosen == plain, "\(copies) copies")
        }
        let long = try Self.repeatedNoise(copies: 40)
        let plain = try PNGStripEncoderTests.strips(
            long, translucent: false, options: options, targetBytes: 256 * 1024, concurrently: false, zeroRunRows: 0)
        let chosen = try PNGStripEncoderTests.strips(
            long, translucent: false, options: options, targetBytes: 256 * 1024, concurrently: false)
        #expect(chosen != plain)
        #expect(chosen.count < plain.count, "\(chosen.count) bytes against zlib's \(plain.count)")
        #expect(try PNGDecoder.decode(chosen) == long)
    }

    /// Only zlib's fast levels code runs apart: level 0 stores, and levels 4–9 ask for small
    /// files, where zlib's own coding of the runs is smaller.
    @Test func onlyTheFastLevelsCodeRunsApart() throws {
        let levels = (0...9).filter {
            PNGStripEncoder.leastZeroRun(
                rowBytes: 3511, options: PNGEncodingOptions(compressionLevel: $0, filter: .up, strategy: .default)) > 0
        }
        #expect(levels == [1, 2, 3])
        #expect(PNGStripEncoder.leastZeroRun(rowBytes: 3511, options: .zlibFast) == 10)
        #expect(PNGStripEncoder.leastZeroRun(rowBytes: 4, options: .zlibFast) == 8192)
        #expect(PNGStripEncoder.leastZeroRun(rowBytes: 40_001, options: .zlibFast) == 2)
        // The greedy coder (the default) finds such rows itself.
        #expect(PNGStripEncoder.leastZeroRun(rowBytes: 3511, options: .default) == 0)
        // Runs long enough for level 1 to code apart (tested above) stay in zlib at level 9.
        let image = try Self.repeatedNoise(copies: 40)
        let levelNine = PNGEncodingOptions(compressionLevel: 9, filter: .up, strategy: .default)
        let plain = try PNGStripEncoderTests.strips(
            image, translucent: false, options: levelNine, targetBytes: PNGStripEncoder.targetStripBytes,
            concurrently: true, zeroRunRows: 0)
        #expect(try PNGEncoder.encode(image, options: levelNine) == plain)
    }
}
