import Geometry
import PNG
import Raster
import Testing

@testable import VisualTesting

/// A rendered image checked against a stored reference, with and without the reference's pixel
/// digest: the digest only ever skips decoding, never changes a result.
@Suite struct ReferenceCheckTests {
    /// A picture with translucent pixels, `changed` pixels of it altered.
    static func picture(changed: Int = 0) throws -> Image {
        var image = try Image(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let alpha = UInt8(128 + (x + y) % 128)
                image[x, y] = PremultipliedColor(
                    red: UInt8(Int(alpha) * x / 40), green: UInt8(Int(alpha) * y / 30), blue: 20, alpha: alpha)
            }
        }
        for k in 0..<changed { image[5 + k, 7] = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255) }
        return image
    }

    /// The options of a check: the default, and with an ignored region and a budget, which the
    /// identical result must count as a comparison does.
    static let optionSets = [
        ComparisonOptions(),
        ComparisonOptions(
            maximumDifferentPixels: 3, ignoredRegions: [PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 4)]),
    ]

    /// An image with the reference's pixels is matched by the digest, and the result is the one
    /// a decoded comparison gives.
    @Test(arguments: optionSets)
    func anIdenticalImageIsMatchedByTheDigest(options: ComparisonOptions) throws {
        let image = try Self.picture()
        let reference = try PNGEncoder.encodeReference(image)
        let check = try ReferenceCheck(reference: reference, actual: image, options: options)
        #expect(check.matchedByDigest)
        #expect(check.result.identical)
        #expect(check.expected == StraightRGBAImage(image))
        let decoded = ImageComparator.compare(
            expected: try PNGDecoder.decodeStillStraight(reference), actual: StraightRGBAImage(image), options: options)
        #expect(check.result == decoded)
    }

    /// A changed image, or a reference without a digest, is decoded and compared pixel by
    /// pixel: the same result as `ImageComparator.compare`, the same decoded pixels.
    @Test(arguments: optionSets)
    func otherChecksAreDecoded(options: ComparisonOptions) throws {
        let image = try Self.picture()
        let withDigest = try PNGEncoder.encodeReference(image)
        let withoutDigest = try PNGEncoder.encodeSmallest(image)
        for (reference, actual) in [(withDigest, try Self.picture(changed: 6)), (withoutDigest, image)] {
            let check = try ReferenceCheck(reference: reference, actual: actual, options: options)
            #expect(!check.matchedByDigest)
            let expected = try PNGDecoder.decodeStillStraight(reference)
            #expect(check.expected == expected)
            #expect(
                check.result
                    == ImageComparator.compare(expected: expected, actual: StraightRGBAImage(actual), options: options))
        }
        let changed = try ReferenceCheck(reference: withDigest, actual: Self.picture(changed: 6), options: options)
        #expect(changed.result.differentPixels > 0)
    }

    /// An image of another size whose bytes match is not taken as identical: the digest covers
    /// the size, and the sizes are compared first.
    @Test func anotherSizeIsNeverMatched() throws {
        let image = try Self.picture()
        let reference = try PNGEncoder.encodeReference(image)
        let straight = StraightRGBAImage(image)
        let reshaped = try StraightRGBAImage(width: 30, height: 40, pixels: straight.pixels).premultiplied()
        let check = try ReferenceCheck(reference: reference, actual: reshaped, options: ComparisonOptions())
        #expect(!check.matchedByDigest)
        #expect(check.result.sizeMismatch)
    }

    /// A reference that is not a PNG throws the decoder's error, as decoding it did.
    @Test func anUnreadableReferenceThrows() throws {
        #expect(throws: PNGError.self) {
            try ReferenceCheck(reference: Array("not a png".utf8), actual: Self.picture(), options: ComparisonOptions())
        }
    }
}
