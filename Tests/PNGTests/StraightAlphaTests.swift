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
