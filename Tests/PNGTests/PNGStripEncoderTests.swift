import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// The parallel strip encoder against its reference, libpng's own row writer.
@Suite struct PNGStripEncoderTests {
    /// A UI-like picture with flat areas, edges and noise, opaque or translucent;
    /// 120x90 RGB rows give 32 KiB of filtered data, above libpng's
    /// small-image window reduction.
    static func picture(translucent: Bool, width: Int = 120) throws -> Image {
        var image = try Image(width: width, height: 90)
        var generator = SplitMix64(state: translucent ? 7 : 3)
        for y in 0..<90 {
            for x in 0..<width {
                let inCell = (x % 40) > 4 && (y % 30) > 4
                let noise = UInt8.random(in: 0...255, using: &generator)
                let alpha: UInt8 = translucent && inCell ? 200 : 255
                let value = inCell ? (x + y) % 7 == 0 ? noise : UInt8(x * 2 % 256) : 240
                let red = UInt8(Int(value) * Int(alpha) / 255)
                image[x, y] = PremultipliedColor(red: red, green: red / 2, blue: alpha / 3, alpha: alpha)
            }
        }
        return image
    }

    /// The IDAT payloads of `png`, joined: its zlib stream.
    static func zlibStream(_ png: [UInt8]) -> [UInt8] {
        PNGChunk.entries(of: png).filter { $0.type == "IDAT" }.flatMap { png[$0.data] }
    }

    static func strips(
        _ image: Image, translucent: Bool, options: PNGEncodingOptions, targetBytes: Int, concurrently: Bool,
        zeroRunRows: Int? = nil
    ) throws -> [UInt8] {
        let straight = translucent ? StraightAlpha.unpremultiplied(image.pixels) : image.pixels
        return try straight.withUnsafeBufferPointer { pixels in
            try PNGStripEncoder.encode(
                pixels, width: image.width, height: image.height, bytesPerRow: image.bytesPerRow,
                keepAlpha: translucent, rowFilter: options.filter.rowFilterType!, options: options,
                targetBytes: targetBytes, concurrently: concurrently, zeroRunRows: zeroRunRows)
        }
    }

    static let fixedFilters = PNGFilter.allCases.filter { $0 != .adaptive }

    /// Encodes `image` in strips of `rows` rows on one thread and on all of them, expects the
    /// same bytes both ways and a file that decodes to the image, and returns the bytes.
    @discardableResult
    static func expectStripsDecode(
        _ image: Image, translucent: Bool, options: PNGEncodingOptions, rows: Int, zeroRunRows: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [UInt8] {
        let targetBytes = rows * (1 + image.width * (translucent ? 4 : 3))
        let sequential = try strips(
            image, translucent: translucent, options: options, targetBytes: targetBytes, concurrently: false,
            zeroRunRows: zeroRunRows)
        let concurrent = try strips(
            image, translucent: translucent, options: options, targetBytes: targetBytes, concurrently: true,
            zeroRunRows: zeroRunRows)
        let context = "\(image.width) px, \(rows) rows per strip, translucent \(translucent), \(options)"
        #expect(sequential == concurrent, "\(context)", sourceLocation: sourceLocation)
        #expect(
            try PNGDecoder.decode(sequential, checkingAdler32: true) == image, "\(context)",
            sourceLocation: sourceLocation)
        return sequential
    }

    /// One strip is exactly libpng's zlib stream: same filtering, same header,
    /// same deflate bytes, same adler32 (with every row through zlib, as libpng writes them).
    @Test(arguments: fixedFilters, [false, true])
    func oneStripEqualsLibpngsStream(filter: PNGFilter, translucent: Bool) throws {
        let image = try Self.picture(translucent: translucent)
        let straight = translucent ? StraightAlpha.unpremultiplied(image.pixels) : image.pixels
        for (level, strategy) in [(1, PNGCompressionStrategy.default), (6, .filtered), (1, .rle), (9, .default)] {
            let options = PNGEncodingOptions(compressionLevel: level, filter: filter, strategy: strategy)
            let reference = try PNGEncoder.encodeRows(
                straight, rows: .init(image), keepAlpha: translucent, options: options)
            let fast = try Self.strips(
                image, translucent: translucent, options: options, targetBytes: .max, concurrently: false,
                zeroRunRows: 0)
            #expect(Self.zlibStream(fast) == Self.zlibStream(reference), "\(options)")
            #expect(fast[0..<33] == reference[0..<33], "signature and IHDR, \(options)")
        }
    }

    /// Opaque rows are packed to RGB four pixels at a time; widths that leave one, two or three
    /// pixels over still give libpng's stream exactly, and narrow images decode to themselves.
    @Test(arguments: [121, 122, 123])
    func packingLeavesNoPixelBehind(width: Int) throws {
        let image = try Self.picture(translucent: false, width: width)
        let options = PNGEncodingOptions.zlibFast
        let reference = try PNGEncoder.encodeRows(image.pixels, rows: .init(image), keepAlpha: false, options: options)
        let fast = try Self.strips(
            image, translucent: false, options: options, targetBytes: .max, concurrently: false, zeroRunRows: 0)
        #expect(Self.zlibStream(fast) == Self.zlibStream(reference))
        for narrow in 1...9 {
            let small = try Self.picture(translucent: false, width: narrow)
            let encoded = try Self.strips(
                small, translucent: false, options: options, targetBytes: 64, concurrently: false)
            #expect(try PNGDecoder.decode(encoded, checkingAdler32: true) == small, "width \(narrow)")
        }
    }

    /// Any strip height decodes to the same pixels, and the bytes do not depend
    /// on whether the strips were compressed on one thread or on all of them.
    @Test(arguments: fixedFilters)
    func stripsDecodeToTheImageOnAnyNumberOfThreads(filter: PNGFilter) throws {
        for translucent in [false, true] {
            let image = try Self.picture(translucent: translucent)
            let options = PNGEncodingOptions(compressionLevel: 1, filter: filter, strategy: .default)
            for rows in [1, 2, 3, 7, 89, 90] {
                let encoded = try Self.expectStripsDecode(image, translucent: translucent, options: options, rows: rows)
                #expect(PNGChunk.entries(of: encoded).filter { $0.type == "IDAT" }.count == (90 + rows - 1) / rows)
            }
        }
    }

    /// The public encoder uses strips for a fixed filter, libpng's row writer
    /// for `adaptive`; both decode to the image.
    @Test func encoderChoosesTheWriterByFilter() throws {
        let image = try Self.picture(translucent: false)
        let up = PNGEncodingOptions.default
        let fast = try Self.strips(image, translucent: false, options: up, targetBytes: 256 * 1024, concurrently: true)
        #expect(try PNGEncoder.encode(image, options: up) == fast)
        let adaptive = PNGEncodingOptions.libpngDefault
        #expect(
            try PNGEncoder.encode(image, options: adaptive)
                == PNGEncoder.encodeRows(image.pixels, rows: .init(image), keepAlpha: false, options: adaptive))
    }
}
