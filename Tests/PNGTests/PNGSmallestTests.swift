import Testing

@testable import PNG
@testable import Raster

/// `encodeSmallest` and `recompressSmallest`: the stored form of baselines, the same pixels in
/// fewer bytes.
@Suite struct PNGSmallestTests {
    /// A rendered screen: the selection sample's cells, header and labels, as the end-to-end
    /// tests drew it (the fixture `rendered-cells.png`, a copy of that golden image).
    static func renderedPicture() throws -> Image {
        try Fixtures.image("rendered-cells.png")
    }

    /// Smooth gradients in both directions, where predicting from the row above wins.
    static func gradientPicture() throws -> Image {
        var image = try Image(width: 240, height: 180)
        for y in 0..<180 {
            for x in 0..<240 {
                image[x, y] = PremultipliedColor(
                    red: UInt8((x * 255) / 239), green: UInt8((y * 255) / 179), blue: UInt8(((x + y) * 255) / 418),
                    alpha: 255)
            }
        }
        return image
    }

    @Test(arguments: [false, true])
    func theSmallestCandidateIsKeptAndShowsTheSamePixels(gradient: Bool) throws {
        let image = try gradient ? Self.gradientPicture() : Self.renderedPicture()
        let each = try PNGEncodingOptions.storageCandidates.map { try PNGEncoder.encode(image, options: $0) }
        let smallest = try PNGEncoder.encodeSmallest(image)
        let sizes = each.map(\.count)
        #expect(smallest.count == sizes.min())
        #expect(each.contains(smallest))
        // Each picture makes a different candidate win: no filter on the rendered one, `up` on the
        // gradients, so both branches of the choice are exercised.
        #expect(smallest == each[gradient ? 1 : 0], "\(sizes)")
        let decoded = try PNGDecoder.decode(smallest)
        #expect(decoded.pixels == image.pixels)
        #expect(try smallest.count < PNGEncoder.encode(image).count, "smaller than the fast default")
    }

    @Test func noCandidatesIsAnError() throws {
        let image = try Self.renderedPicture()
        #expect(throws: PNGError.self) { try PNGEncoder.encodeSmallest(image, candidates: []) }
        let png = try PNGEncoder.encode(image)
        #expect(throws: PNGError.self) { try PNGEncoder.recompressSmallest(png, candidates: []) }
    }

    /// A translucent straight pixel that premultiplying would change (200 at alpha 1 becomes
    /// 1, then 255) keeps its stored values: the file is re-encoded as straight samples.
    @Test func recompressingKeepsStraightSamplesExactly() throws {
        var pixels = [UInt8](repeating: 0, count: 64 * 48 * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let pixel = index / 4
            pixels[index] = 200
            pixels[index + 1] = UInt8(pixel % 7)
            pixels[index + 2] = UInt8(pixel % 251)
            pixels[index + 3] = UInt8(1 + pixel % 3)
        }
        let straight = try StraightRGBAImage(width: 64, height: 48, pixels: pixels)
        let stored = try PNGEncoder.encode(
            straight, options: PNGEncodingOptions(compressionLevel: 0, filter: .none, strategy: .default))
        let smaller = try PNGEncoder.recompressSmallest(stored)
        #expect(smaller.count < stored.count)
        #expect(try PNGDecoder.decodeStraight(smaller) == straight)
    }

    /// Straight pixels are stored as RGB (colour type 2) when every alpha is 255 and as RGBA
    /// (6) otherwise, whichever pixel is translucent: the first, one inside, or the last of an
    /// odd count, which the word-wise opacity test reads apart from the others.
    @Test func straightPixelsAreStoredAsRGBOnlyWhenOpaque() throws {
        let width = 7, height = 5
        let opaque = [UInt8](repeating: 255, count: width * height * 4)
        func colourType(_ pixels: [UInt8]) throws -> UInt8 {
            let png = try PNGEncoder.encode(
                StraightRGBAImage(width: width, height: height, pixels: pixels), options: .default)
            return png[25]
        }
        #expect(try colourType(opaque) == 2)
        for pixel in [0, 17, width * height - 1] {
            var pixels = opaque
            pixels[pixel * 4 + 3] = 254
            #expect(try colourType(pixels) == 6, "pixel \(pixel)")
        }
    }

    @Test func aFileAlreadySmallestOr16BitIsReturnedAsItIs() throws {
        let image = try Self.renderedPicture()
        let smallest = try PNGEncoder.encodeSmallest(image)
        #expect(try PNGEncoder.recompressSmallest(smallest) == smallest)
        // 16-bit samples would lose their low bytes in an 8-bit file.
        for name in ["rgb16.png", "rgba16.png", "grey16_all.png"] {
            let png = try Fixtures.bytes(name)
            #expect(try PNGEncoder.recompressSmallest(png) == png, "\(name)")
        }
        // An 8-bit palette file becomes whatever is smallest and shows the same pixels.
        let palette = try Fixtures.bytes("palette8.png")
        let recompressed = try PNGEncoder.recompressSmallest(palette)
        #expect(recompressed.count <= palette.count)
        #expect(try PNGDecoder.decodeStraight(recompressed) == PNGDecoder.decodeStraight(palette))
        #expect(throws: PNGError.self) { try PNGEncoder.recompressSmallest([1, 2, 3]) }
    }

    /// A file with a chunk whose loss a viewer would see, an animation's control chunk or a
    /// colour space, is returned as it is, though without the chunk it gets smaller.
    @Test(arguments: [
        ("acTL", [0, 0, 0, 2, 0, 0, 0, 0] as [UInt8]), ("gAMA", [0, 0, 0xB1, 0x8F]), ("sRGB", [0]),
        ("cHRM", [UInt8](repeating: 1, count: 32)),
    ])
    func aFileWithAChunkRecompressionWouldLoseIsKept(chunk: String, data: [UInt8]) throws {
        let fast = try PNGEncoder.encode(try Self.renderedPicture())
        #expect(PNGEncoder.chunkLostByRecompression(in: fast) == nil)
        #expect(try PNGEncoder.recompressSmallest(fast).count < fast.count)
        // The chunk right after IHDR (8 bytes of signature, 25 of IHDR), where these belong.
        let marked = Array(fast[..<33]) + PNGChunk.make(chunk, data) + Array(fast[33...])
        #expect(try PNGDecoder.decodeStraight(marked) == PNGDecoder.decodeStraight(fast))
        #expect(PNGEncoder.chunkLostByRecompression(in: marked) == chunk)
        #expect(try PNGEncoder.recompressSmallest(marked) == marked)
    }
}
