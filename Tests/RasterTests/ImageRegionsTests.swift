import TestSupport
import Testing

@testable import Raster

/// `Image.cropped(to:)` and `Image.boundsOfDifference(from:)`, against pixel-by-pixel references.
@Suite struct ImageRegionsTests {
    static func randomImage(_ rng: inout SplitMix64, width: Int, height: Int) throws -> Image {
        var image = try Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8(truncatingIfNeeded: rng.next())
                image[x, y] = PremultipliedColor(red: a / 2, green: a / 3, blue: a, alpha: a)
            }
        }
        return image
    }

    @Test func croppingCopiesTheRectanglesPixels() throws {
        var rng = SplitMix64(seed: 31)
        let image = try Self.randomImage(&rng, width: 13, height: 9)
        for _ in 0..<50 {
            let x0 = Int(rng.next() % 13), y0 = Int(rng.next() % 9)
            let rect = PixelRect(
                minX: x0, minY: y0, maxX: x0 + 1 + Int(rng.next() % UInt64(13 - x0)),
                maxY: y0 + 1 + Int(rng.next() % UInt64(9 - y0)))
            let part = try image.cropped(to: rect)
            #expect(part.width == rect.width && part.height == rect.height)
            for y in 0..<rect.height {
                for x in 0..<rect.width { #expect(part[x, y] == image[rect.minX + x, rect.minY + y]) }
            }
        }
        #expect(try image.cropped(to: PixelRect(minX: 0, minY: 0, maxX: 13, maxY: 9)) == image)
        for outside in [
            PixelRect(minX: 0, minY: 0, maxX: 14, maxY: 9), PixelRect(minX: -1, minY: 0, maxX: 3, maxY: 3),
            PixelRect(minX: 2, minY: 2, maxX: 2, maxY: 5), PixelRect(minX: 0, minY: 8, maxX: 1, maxY: 10),
        ] {
            #expect(throws: RasterError.cropOutsideImage(outside, imageWidth: 13, imageHeight: 9)) {
                try image.cropped(to: outside)
            }
        }
        #expect(
            RasterError.cropOutsideImage(PixelRect(minX: -1, minY: 0, maxX: 3, maxY: 3), imageWidth: 13, imageHeight: 9)
                .description == "crop rectangle 4x3 at (-1, 0) is empty or reaches outside the 13x9 image")
    }

    /// The bounds of every pixel that differs, by brute force, for random changes: none, one
    /// pixel (at the edges too), a byte of one channel, and scattered rectangles.
    @Test func boundsOfDifferenceAreThoseOfEveryChangedPixel() throws {
        var rng = SplitMix64(seed: 32)
        for trial in 0..<200 {
            let width = 1 + Int(rng.next() % 20), height = 1 + Int(rng.next() % 20)
            let before = try Self.randomImage(&rng, width: width, height: height)
            var after = before
            for _ in 0..<Int(rng.next() % 4) {
                let x = Int(rng.next() % UInt64(width)), y = Int(rng.next() % UInt64(height))
                var p = after[x, y]
                switch rng.next() % 3 {
                case 0: p.red &+= 1
                case 1: p.alpha &+= 128
                default: p.blue &+= UInt8(1 + rng.next() % 255)
                }
                after[x, y] = p
            }
            var expected: PixelRect? = nil
            for y in 0..<height {
                for x in 0..<width where before[x, y] != after[x, y] {
                    let pixel = PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
                    expected =
                        expected.map {
                            PixelRect(
                                minX: min($0.minX, x), minY: min($0.minY, y), maxX: max($0.maxX, x + 1),
                                maxY: max($0.maxY, y + 1))
                        } ?? pixel
                }
            }
            #expect(after.boundsOfDifference(from: before) == expected, "trial \(trial)")
            #expect(before.boundsOfDifference(from: after) == expected, "trial \(trial)")
        }
    }
}
