import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// encode → decode gives back the same premultiplied pixels.
///
/// The bound is exact (zero error) for every valid premultiplied pixel
/// (no channel above alpha): un-premultiplying errs by at most ½, which
/// re-premultiplying scales by a/255 < 1 before rounding again, so the
/// original value always comes back. The first test checks all 32,896 valid
/// (channel, alpha) pairs.
@Suite struct PNGRoundTripTests {
    /// Pixel (x, y) has alpha y and channels derived from x, all ≤ alpha:
    /// red runs through every (c, a) pair with c ≤ a.
    static func everyPremultipliedPair() throws -> Image {
        var image = try Image(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                image[c, a] = PremultipliedColor(
                    red: UInt8(min(c, a)), green: UInt8(min(255 - c, a)), blue: UInt8(min(c / 2, a)), alpha: UInt8(a))
            }
        }
        return image
    }

    @Test func everyValidPremultipliedPixelRoundTripsExactly() throws {
        let image = try Self.everyPremultipliedPair()
        let png = try PNGEncoder.encode(image)
        #expect(png[25] == 6)  // colour type RGBA
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 256 && decoded.height == 256)
        var mismatches = 0
        for y in 0..<256 { for x in 0..<256 where decoded[x, y] != image[x, y] { mismatches += 1 } }
        #expect(mismatches == 0)
    }

    /// Straight values in the file are c·255/a rounded; alpha 0 is stored as all zeros.
    @Test func storedValuesAreUnpremultipliedExactly() throws {
        var image = try Image(width: 4, height: 1)
        image[0, 0] = PremultipliedColor(red: 100, green: 50, blue: 25, alpha: 128)
        image[1, 0] = PremultipliedColor(red: 1, green: 0, blue: 1, alpha: 3)
        image[2, 0] = .clear
        image[3, 0] = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255)
        let png = try PNGEncoder.encode(
            image, options: PNGEncodingOptions(compressionLevel: 0, filter: .none, strategy: .default))
        // Level 0 stores the filtered row verbatim in a stored deflate block:
        // zlib header (2) + block header (5) follow the IDAT type; then filter byte 0.
        let idat = png.indices.first { png[$0..<($0 + 4)].elementsEqual(Array("IDAT".utf8)) }!
        let row = Array(png[(idat + 4 + 2 + 5)..<(idat + 4 + 2 + 5 + 17)])
        #expect(row == [0, 199, 100, 50, 128, 85, 0, 85, 3, 0, 0, 0, 0, 10, 20, 30, 255])
    }

    @Test func randomImagesRoundTripWithEveryOption() throws {
        var generator = SplitMix64(state: 42)
        for filter in PNGFilter.allCases {
            for strategy in PNGCompressionStrategy.allCases {
                let width = Int.random(in: 1...37, using: &generator)
                let height = Int.random(in: 1...23, using: &generator)
                var image = try Image(width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        let kind = Int.random(in: 0..<4, using: &generator)
                        let a = kind == 0 ? 0 : kind == 1 ? 255 : Int.random(in: 1...254, using: &generator)
                        image[x, y] = PremultipliedColor(
                            red: UInt8.random(in: 0...UInt8(a), using: &generator),
                            green: UInt8.random(in: 0...UInt8(a), using: &generator),
                            blue: UInt8.random(in: 0...UInt8(a), using: &generator), alpha: UInt8(a))
                    }
                }
                let level = Int.random(in: 0...9, using: &generator)
                let options = PNGEncodingOptions(compressionLevel: level, filter: filter, strategy: strategy)
                #expect(try PNGDecoder.decode(PNGEncoder.encode(image, options: options)) == image, "\(options)")
            }
        }
    }

    /// Opaque images are written as RGB (colour type 2) and come back exactly.
    @Test func opaqueImagesAreRGBAndExact() throws {
        var generator = SplitMix64(state: 9)
        var image = try Image(width: 50, height: 20)
        for i in 0..<(50 * 20) {
            image[i % 50, i / 50] = PremultipliedColor(
                red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                blue: .random(in: 0...255, using: &generator), alpha: 255)
        }
        let png = try PNGEncoder.encode(image)
        #expect(png[24] == 8 && png[25] == 2)  // 8-bit RGB
        #expect(try PNGDecoder.decode(png) == image)
        // One translucent pixel switches to RGBA.
        image[49, 19] = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 254)
        #expect(try PNGEncoder.encode(image)[25] == 6)
    }

    /// A channel above alpha (not valid premultiplied) is clamped, not trapped on.
    @Test func invalidPremultipliedPixelsAreClamped() throws {
        var image = try Image(width: 2, height: 1)
        image[0, 0] = PremultipliedColor(red: 200, green: 0, blue: 100, alpha: 100)
        image[1, 0] = PremultipliedColor(red: 9, green: 9, blue: 9, alpha: 0)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
        #expect(decoded[0, 0] == PremultipliedColor(red: 100, green: 0, blue: 100, alpha: 100))
        #expect(decoded[1, 0] == .clear)
    }

    @Test func encodingIsDeterministicAndWritesNoAncillaryChunks() throws {
        let image = try Self.everyPremultipliedPair()
        for options in [PNGEncodingOptions.default, .zlibFast, .libpngDefault] {
            let first = try PNGEncoder.encode(image, options: options)
            let second = try PNGEncoder.encode(image, options: options)
            #expect(first == second)
            #expect(Set(chunkTypes(first)) == ["IHDR", "IDAT", "IEND"])
            #expect(chunkTypes(first).first == "IHDR" && chunkTypes(first).last == "IEND")
        }
    }

    /// The options reach zlib: level 0 stores, level 9 compresses, and filters change the bytes.
    @Test func optionsChangeTheOutput() throws {
        let image = try Self.everyPremultipliedPair()
        let stored = try PNGEncoder.encode(
            image, options: PNGEncodingOptions(compressionLevel: 0, filter: .none, strategy: .default))
        let small = try PNGEncoder.encode(image, options: .smallest)
        #expect(stored.count > 256 * 256 * 4)
        #expect(small.count < stored.count / 4)
        let outputs = Set(
            try PNGFilter.allCases.map {
                try PNGEncoder.encode(
                    image, options: PNGEncodingOptions(compressionLevel: 6, filter: $0, strategy: .default))
            })
        #expect(outputs.count == PNGFilter.allCases.count)
    }

    @Test func badOptionsAndImagesThrow() throws {
        let image = try Image(width: 2, height: 2)
        for level in [-1, 10, 99] {
            let error = pngError {
                _ = try PNGEncoder.encode(
                    image, options: PNGEncodingOptions(compressionLevel: level, filter: .up, strategy: .rle))
            }
            #expect(error == .invalidOptions("compression level \(level) is outside 0...9"))
        }
        var broken = image
        broken.storage.removeLast()  // only possible inside Raster (@testable): the encoder still checks
        #expect(
            pngError { _ = try PNGEncoder.encode(broken) }
                == .invalidImage(reason: "15 pixel bytes do not fill 2 rows of 8 bytes"))
    }
}
