import TestSupport
import Testing

@testable import PNG
@testable import Raster

/// The word-wise opacity test against the byte-wise one.
@Suite struct StraightAlphaTests {
    /// For odd and even pixel counts, across the 4 KiB check points: an opaque image, and one
    /// translucent pixel at each of a set of places (first, last, either half of a word, around
    /// the 512-word blocks).
    @Test(arguments: [1, 2, 3, 7, 1023, 1024, 1025, 2049])
    func wordsAgreeWithBytes(pixels: Int) throws {
        let opaque = try Image(
            width: pixels, height: 1, fill: PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
        #expect(StraightAlpha.isOpaque(opaque) && StraightAlpha.isOpaqueByBytes(opaque))
        let places = [0, 1, pixels / 2, 1022, 1023, 1024, pixels - 2, pixels - 1].filter { (0..<pixels).contains($0) }
        for place in places {
            for alpha: UInt8 in [0, 128, 254] {
                var image = opaque
                image[place, 0] = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: alpha)
                #expect(!StraightAlpha.isOpaque(image), "pixel \(place) of \(pixels), alpha \(alpha)")
                #expect(!StraightAlpha.isOpaqueByBytes(image))
            }
        }
    }
}

/// The pairwise un-premultiplication against the pixel-by-pixel reference.
@Suite struct UnpremultiplyTests {
    /// Random pixels, valid and invalid (a channel above alpha), with alpha 255 in runs so that
    /// both kinds of pair and every mix of the two occur; odd and even pixel counts, and a
    /// partial trailing pixel.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 8, 9, 64, 1001, 4096, 4099])
    func pairsAgreeWithPixels(byteCount: Int) {
        var generator = SplitMix64(seed: UInt64(byteCount) &+ 7)
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var opaqueRun = false
        for i in 0..<byteCount {
            if i % 4 == 0, generator.next() % 5 == 0 { opaqueRun.toggle() }
            let value = UInt8(truncatingIfNeeded: generator.next())
            bytes[i] = i % 4 == 3 && opaqueRun ? 255 : value
        }
        #expect(StraightAlpha.unpremultiplied(bytes) == StraightAlpha.unpremultipliedByPixels(bytes))
    }

    /// An opaque image's straight form is its own bytes; a translucent one's is converted.
    @Test func opaqueImagesAreTheirOwnStraightForm() throws {
        let opaque = try Image(width: 3, height: 2, fill: PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
        let straight = StraightRGBAImage(opaque)
        #expect(straight.pixels == opaque.pixels)
        var translucent = opaque
        translucent[1, 1] = PremultipliedColor(red: 64, green: 32, blue: 0, alpha: 128)
        let converted = StraightRGBAImage(translucent)
        #expect(Array(converted.pixels[16..<20]) == [128, 64, 0, 128])
        #expect(converted.pixels[0..<16] == opaque.pixels[0..<16])
    }
}
