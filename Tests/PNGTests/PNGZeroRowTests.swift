import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// Runs of rows that filter to zeros, deflated without zlib (`zero_rows.c`): the files
/// decode to the image through libpng whatever the row width, filter, strip height and
/// thread count, and images without such runs keep zlib's bytes.
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
            let rowBytes = 1 + width * (translucent ? 4 : 3)
            for filter in PNGStripEncoderTests.fixedFilters {
                let options = PNGEncodingOptions(compressionLevel: 1, filter: filter, strategy: .default)
                for rows in [1, 2, 3, 5, 40] {
                    let sequential = try PNGStripEncoderTests.strips(
                        image, translucent: translucent, options: options, targetBytes: rows * rowBytes,
                        concurrently: false, codesZeroRows: true)
                    let concurrent = try PNGStripEncoderTests.strips(
                        image, translucent: translucent, options: options, targetBytes: rows * rowBytes,
                        concurrently: true, codesZeroRows: true)
                    let context = "\(filter), \(rows) rows per strip, translucent \(translucent)"
                    #expect(sequential == concurrent, "\(context)")
                    #expect(try PNGDecoder.decode(sequential) == image, "\(context)")
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
                        concurrently: true, codesZeroRows: true)
                    #expect(
                        try PNGDecoder.decode(encoded) == image,
                        "level \(level), \(rows) rows per strip, translucent \(translucent)")
                }
            }
        }
    }

    /// The runs are coded apart where they exist (the stream changes, staying about as small:
    /// a run costs 13 bits per 258 zeros), and an image without two equal rows in a row keeps
    /// zlib's bytes exactly.
    @Test func zeroRowsAreCodedOnlyWhereTheyAre() throws {
        var flat = try Image(width: 300, height: 120)
        for y in 0..<120 {
            for x in 0..<300 {
                let inCell = (x % 100) > 9 && (y % 60) > 9
                let label = inCell && (y % 60) > 30 && (y % 60) < 40 && (x % 100) > 40 && (x % 100) < 60
                let grey: UInt8 = label ? UInt8((x * 7 + y * 3) % 256) : inCell ? 200 : 242
                flat[x, y] = PremultipliedColor(red: grey, green: grey, blue: 255 - grey, alpha: 255)
            }
        }
        let options = PNGEncodingOptions.default
        let plain = try PNGStripEncoderTests.strips(
            flat, translucent: false, options: options, targetBytes: 64 * 1024, concurrently: false,
            codesZeroRows: false)
        let coded = try PNGStripEncoderTests.strips(
            flat, translucent: false, options: options, targetBytes: 64 * 1024, concurrently: false)
        #expect(coded != plain)
        #expect(coded.count * 10 < plain.count * 11, "\(coded.count) bytes against zlib's \(plain.count)")
        #expect(try PNGDecoder.decode(coded) == flat)

        let noisy = try PNGStripEncoderTests.picture(translucent: false)
        var distinct = noisy
        for x in 0..<distinct.width { distinct[x, 0] = PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255) }
        for y in 1..<distinct.height {
            // Make every row differ from the one above.
            distinct[y % distinct.width, y] = PremultipliedColor(red: UInt8(y), green: 9, blue: 9, alpha: 255)
        }
        #expect(
            try PNGStripEncoderTests.strips(
                distinct, translucent: false, options: options, targetBytes: 8 * 1024, concurrently: false)
                == PNGStripEncoderTests.strips(
                    distinct, translucent: false, options: options, targetBytes: 8 * 1024, concurrently: false,
                    codesZeroRows: false))
    }

    /// Only the fast levels code runs apart: level 0 stores, and levels 4–9 ask for small
    /// files, where zlib's own coding of the runs is smaller.
    @Test func onlyTheFastLevelsCodeRunsApart() throws {
        let levels = (0...9).filter {
            PNGStripEncoder.codesZeroRows(
                for: PNGEncodingOptions(compressionLevel: $0, filter: .up, strategy: .default))
        }
        #expect(levels == [1, 2, 3])
        let image = try Self.bands(width: 120, translucent: false)
        let levelNine = PNGEncodingOptions(compressionLevel: 9, filter: .up, strategy: .default)
        let plain = try PNGStripEncoderTests.strips(
            image, translucent: false, options: levelNine, targetBytes: PNGStripEncoder.targetStripBytes,
            concurrently: true, codesZeroRows: false)
        #expect(try PNGEncoder.encode(image, options: levelNine) == plain)
    }
}
