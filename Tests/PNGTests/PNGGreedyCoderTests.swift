import CPNGShim
import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// The greedy deflate coder (`greedy_deflate.c`, `huffman.c`): its files decode to the image
/// through libpng whatever the filter, width, strip height and thread count; matches never
/// reach past deflate's window; incompressible rows are stored; and its Huffman code lengths
/// are optimal where deflate's limits allow, and complete and within the limits where not.
@Suite struct PNGGreedyCoderTests {
    static func greedy(_ filter: PNGFilter) -> PNGEncodingOptions {
        PNGEncodingOptions(compressionLevel: 1, filter: filter, strategy: .default, compressor: .greedy)
    }

    @Test(arguments: PNGStripEncoderTests.fixedFilters)
    func stripsDecodeToTheImage(filter: PNGFilter) throws {
        let options = Self.greedy(filter)
        for translucent in [false, true] {
            var images = [try PNGStripEncoderTests.picture(translucent: translucent)]
            for width in [1, 2, 65, 87, 300] {
                images.append(try PNGZeroRowTests.bands(width: width, translucent: translucent))
            }
            for image in images {
                for rows in [1, 2, 7, image.height] {
                    try PNGStripEncoderTests.expectStripsDecode(
                        image, translucent: translucent, options: options, rows: rows)
                }
            }
        }
    }

    /// Rows of noise (901 bytes filtered) that come back after `period` rows: 8 rows back
    /// (7 KiB) the coder finds them; 37 rows back and more they lie beyond deflate's 32 KiB
    /// window and must not be referenced (inflate would reject the distance); 36 rows back
    /// (32,436 bytes) is the last period inside it. Every stream decodes.
    @Test(arguments: [8, 36, 37, 40])
    func matchesStayInsideTheWindow(period: Int) throws {
        var image = try Image(width: 300, height: 2 * period + 3)
        var generator = SplitMix64(state: UInt64(period))
        for y in 0..<period {
            for x in 0..<300 {
                let color = PremultipliedColor(
                    red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                    blue: .random(in: 0...255, using: &generator), alpha: 255)
                for copy in stride(from: y, to: image.height, by: period) { image[x, copy] = color }
            }
        }
        let encoded = try PNGEncoder.encode(image, options: Self.greedy(.none))
        #expect(try PNGDecoder.decode(encoded, checkingAdler32: true) == image)
        let raw = image.height * (1 + 300 * 3)
        if period == 8 {
            #expect(encoded.count < raw * 6 / 10, "\(encoded.count) bytes for \(raw) filtered")
        } else if period > 36 {
            #expect(encoded.count > raw * 9 / 10, "\(encoded.count) bytes for \(raw) filtered")
        }
    }

    /// Noise does not compress: the strip is written as stored blocks, a few bytes per 64 KiB
    /// over the filtered rows, rather than a Huffman block that would be larger.
    @Test func incompressibleRowsAreStored() throws {
        var image = try Image(width: 200, height: 200)
        var generator = SplitMix64(state: 11)
        for y in 0..<200 {
            for x in 0..<200 {
                image[x, y] = PremultipliedColor(
                    red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                    blue: .random(in: 0...255, using: &generator), alpha: 255)
            }
        }
        let encoded = try PNGEncoder.encode(image, options: Self.greedy(.none))
        let stream = PNGStripEncoderTests.zlibStream(encoded)
        let filtered = 200 * (1 + 200 * 3)
        // zlib header, adler32, and five bytes a stored block of at most 65,535 bytes.
        #expect(stream.count == 2 + filtered + 5 * ((filtered + 65_534) / 65_535) + 4)
        #expect(try PNGDecoder.decode(encoded, checkingAdler32: true) == image)
    }

    /// On a UI-like picture the greedy coder stays within 15% of zlib's level 1, on recurring
    /// RGB pixels within 5%, and a flat frame (rows equal to the ones above) takes well under
    /// 1% of its filtered bytes.
    @Test func bytesStayCloseToZlibs() throws {
        let picture = try PNGStripEncoderTests.picture(translucent: false)
        let greedy = try PNGEncoder.encode(picture, options: .default)
        let zlib = try PNGEncoder.encode(picture, options: .zlibFast)
        #expect(Double(greedy.count) <= 1.15 * Double(zlib.count), "\(greedy.count) against zlib's \(zlib.count)")
        // RGB pixels that recur are three-byte matches: rows of 256 kinds of pixel in random
        // order, each row shown three times (four-byte matching made this 58% larger than zlib).
        var pixels = try Image(width: 300, height: 120)
        var generator = SplitMix64(state: 9)
        for y in stride(from: 0, to: 120, by: 3) {
            for x in 0..<300 {
                let red = UInt8.random(in: 0...255, using: &generator)
                let color = PremultipliedColor(red: red, green: red / 2, blue: 255 - red, alpha: 255)
                for copy in 0..<3 { pixels[x, y + copy] = color }
            }
        }
        let greedyPixels = try PNGEncoder.encode(pixels, options: .default)
        let zlibPixels = try PNGEncoder.encode(pixels, options: .zlibFast)
        #expect(
            Double(greedyPixels.count) <= 1.05 * Double(zlibPixels.count),
            "\(greedyPixels.count) against zlib's \(zlibPixels.count)")
        let flat = try Image(
            width: 1170, height: 600, fill: PremultipliedColor(red: 20, green: 30, blue: 40, alpha: 255))
        let flatBytes = try PNGEncoder.encode(flat, options: .default)
        #expect(flatBytes.count < 600 * (1 + 1170 * 3) / 100, "\(flatBytes.count) bytes")
        #expect(try PNGDecoder.decode(flatBytes, checkingAdler32: true) == flat)
    }

    /// A strip whose only matches are runs at distance 1 (one flat row under SUB: its first
    /// pixel, then zeros) uses one distance code; the coder still sends two, a complete code.
    @Test func oneKindOfMatchDecodes() throws {
        for width in [2, 100, 1000] {
            let image = try Image(
                width: width, height: 1, fill: PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 255))
            let encoded = try PNGEncoder.encode(image, options: Self.greedy(.sub))
            #expect(try PNGDecoder.decode(encoded, checkingAdler32: true) == image, "\(width) px")
        }
    }

    @Test func adaptiveFilteringIsRejected() throws {
        let image = try Image(width: 4, height: 4)
        let options = Self.greedy(.adaptive)
        #expect(throws: PNGError.self) { try PNGEncoder.encode(image, options: options) }
        do {
            _ = try PNGEncoder.encode(image, options: options)
        } catch {
            #expect("\(error)".contains("greedy compressor needs a fixed row filter"))
        }
    }

    // MARK: - Code lengths

    static func codeLengths(_ frequencies: [UInt32], maxBits: Int) -> [Int] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        cpng_code_lengths(frequencies, Int32(frequencies.count), Int32(maxBits), &lengths)
        return lengths.map(Int.init)
    }

    /// The cost (Σ frequency × length) and deepest leaf of a minimum-redundancy code built the
    /// textbook way: merge the two lightest trees until one is left.
    static func huffmanReference(_ frequencies: [UInt32]) -> (cost: UInt64, depth: Int) {
        var trees: [(weight: UInt64, depth: Int)] = frequencies.filter { $0 > 0 }.map { (UInt64($0), 0) }
        if trees.count == 1 { return (trees[0].weight, 1) }
        var cost: UInt64 = 0
        while trees.count > 1 {
            trees.sort { $0.weight > $1.weight }
            let a = trees.removeLast(), b = trees.removeLast()
            cost += a.weight + b.weight
            trees.append((a.weight + b.weight, max(a.depth, b.depth) + 1))
        }
        return (cost, trees[0].depth)
    }

    static func kraftSum(_ lengths: [Int], maxBits: Int) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (maxBits - $1)) }
    }

    @Test func codeLengthsAreOptimalWhereTheLimitAllows() {
        var generator = SplitMix64(state: 5)
        var checked = 0
        for trial in 0..<300 {
            let count = [2, 3, 19, 30, 286][trial % 5]
            let frequencies = (0..<count).map { _ -> UInt32 in
                UInt64.random(in: 0..<4, using: &generator) == 0 ? 0 : UInt32.random(in: 1...5000, using: &generator)
            }
            let used = frequencies.filter { $0 > 0 }.count
            guard used >= 2 else { continue }
            let reference = Self.huffmanReference(frequencies)
            guard reference.depth <= 15 else { continue }
            let lengths = Self.codeLengths(frequencies, maxBits: 15)
            let cost = zip(frequencies, lengths).reduce(UInt64(0)) { $0 + UInt64($1.0) * UInt64($1.1) }
            #expect(cost == reference.cost, "trial \(trial)")
            #expect(Self.kraftSum(lengths, maxBits: 15) == 1 << 15, "trial \(trial): a complete code")
            #expect(zip(frequencies, lengths).allSatisfy { ($0 == 0) == ($1 == 0) }, "trial \(trial)")
            checked += 1
        }
        #expect(checked > 200)
    }

    /// Fibonacci frequencies make the deepest minimum-redundancy trees (depth n − 1): the
    /// lengths are cut to the limit, stay complete, and a rarer symbol never gets a shorter code.
    @Test(arguments: [(19, 7), (30, 15), (40, 15), (286, 15)])
    func codeLengthsAreLimited(count: Int, maxBits: Int) {
        var frequencies = [UInt32](repeating: 1, count: count)
        for i in 2..<min(count, 40) { frequencies[i] = frequencies[i - 1] &+ frequencies[i - 2] }
        let lengths = Self.codeLengths(frequencies, maxBits: maxBits)
        #expect(Self.huffmanReference(frequencies).depth > maxBits)
        #expect(lengths.allSatisfy { (1...maxBits).contains($0) })
        #expect(Self.kraftSum(lengths, maxBits: maxBits) == 1 << maxBits)
        for i in 0..<count {
            for j in 0..<count where frequencies[i] < frequencies[j] {
                #expect(lengths[i] >= lengths[j], "symbols \(i) and \(j)")
            }
        }
    }

    @Test func oneUsedSymbolGetsOneBitAndUnusedOnesNone() {
        #expect(Self.codeLengths([0, 7, 0], maxBits: 15) == [0, 1, 0])
        #expect(Self.codeLengths([0, 0, 0], maxBits: 15) == [0, 0, 0])
    }
}
