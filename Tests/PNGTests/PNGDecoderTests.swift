import Raster
import Testing

@testable import PNG

/// Every colour type and depth decodes to the exact pixels the fixture
/// generator wrote (patterns re-derived here from make_fixtures.py).
@Suite struct PNGDecoderTests {
    @Test func grey1Bit() throws {
        let image = try Fixtures.image("grey1.png")
        #expect(image.width == 10 && image.height == 2)
        for y in 0..<2 { for x in 0..<10 { #expect(image[x, y] == grey((x + y) % 3 == 0 ? 255 : 0)) } }
    }

    @Test func grey2Bit() throws {
        let image = try Fixtures.image("grey2.png")
        #expect(allPixels(image) == [0, 85, 170, 255, 85, 170, 255, 0].map(grey))
    }

    @Test func grey4Bit() throws {
        let image = try Fixtures.image("grey4.png")
        #expect(allPixels(image) == (0..<16).map { grey($0 * 17) })
    }

    @Test func grey8Bit() throws {
        let image = try Fixtures.image("grey8.png")
        for y in 0..<3 { for x in 0..<5 { #expect(image[x, y] == grey(x * 50 + y)) } }
    }

    /// 16-bit samples become round(v / 257): checked for all 65536 values.
    @Test func grey16BitRoundsEveryValue() throws {
        let image = try Fixtures.image("grey16_all.png")
        #expect(image.width == 256 && image.height == 256)
        var mismatches = 0
        for v in 0..<65536 {
            let expected = UInt8((v * 255 + 32767) / 65535)
            if image[v & 255, v >> 8] != PremultipliedColor(red: expected, green: expected, blue: expected, alpha: 255)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // Boundary spot checks: 128/257 = 0.498, 129/257 = 0.502, 385/257 = 1.498, 386/257 = 1.502.
        #expect(image[128, 0].red == 0)
        #expect(image[129, 0].red == 1)
        #expect(image[129, 1].red == 1)  // v = 385
        #expect(image[130, 1].red == 2)  // v = 386
    }

    @Test func greyColourKey() throws {
        let image = try Fixtures.image("grey8_trns.png")
        for y in 0..<3 {
            for x in 0..<5 {
                #expect(image[x, y] == (x * 50 + y == 101 ? .clear : grey(x * 50 + y)))
            }
        }
    }

    @Test func greyAlpha8() throws {
        let image = try Fixtures.image("greyalpha8.png")
        for y in 0..<4 { for x in 0..<4 { #expect(image[x, y] == premultiplied(x * 60, x * 60, x * 60, y * 85)) } }
        #expect(image[3, 1] == PremultipliedColor(red: 60, green: 60, blue: 60, alpha: 85))  // 180·85/255 = 60
    }

    @Test func greyAlpha16() throws {
        let image = try Fixtures.image("greyalpha16.png")
        #expect(
            allPixels(image) == [
                PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 128),  // 255 at alpha 32768/257 → 128
                PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255),  // 128/257 rounds to 0
                PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1),  // 156 at alpha 1
            ])
    }

    @Test func rgb8() throws {
        let image = try Fixtures.image("rgb8.png")
        for y in 0..<3 { for x in 0..<4 { #expect(image[x, y] == premultiplied(x * 80, y * 120, 200)) } }
    }

    @Test func rgb16() throws {
        let image = try Fixtures.image("rgb16.png")
        #expect(allPixels(image) == [premultiplied(255, 0, 1), premultiplied(1, 2, 128)])
    }

    @Test func rgbColourKey() throws {
        let image = try Fixtures.image("rgb8_trns.png")
        for y in 0..<2 {
            for x in 0..<3 {
                #expect(image[x, y] == (x == 1 && y == 1 ? .clear : premultiplied(10 * x, 20, 30 * y)))
            }
        }
    }

    /// The 16-bit key is compared before reduction: 3001 ≠ 3000 stays opaque.
    @Test func rgb16ColourKey() throws {
        let image = try Fixtures.image("rgb16_trns.png")
        #expect(allPixels(image) == [.clear, premultiplied(4, 8, 12)])
    }

    @Test func rgba8() throws {
        let image = try Fixtures.image("rgba8.png")
        #expect(
            allPixels(image) == [
                .clear,
                PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1),
                PremultipliedColor(red: 100, green: 50, blue: 25, alpha: 128),
                PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 255),
            ] + Array(repeating: PremultipliedColor(red: 50, green: 25, blue: 13, alpha: 64), count: 4))
    }

    @Test func rgba16() throws {
        let image = try Fixtures.image("rgba16.png")
        #expect(
            allPixels(image) == [
                PremultipliedColor(red: 128, green: 0, blue: 64, alpha: 128),
                PremultipliedColor(red: 100, green: 200, blue: 0, alpha: 255),
            ])
    }

    static let palette = [
        premultiplied(255, 0, 0), premultiplied(0, 255, 0), premultiplied(0, 0, 255), premultiplied(200, 100, 50),
    ]

    @Test func palette8() throws {
        let image = try Fixtures.image("palette8.png")
        for y in 0..<2 { for x in 0..<4 { #expect(image[x, y] == Self.palette[(x + y) % 4]) } }
    }

    @Test func palette2And1() throws {
        #expect(allPixels(try Fixtures.image("palette2.png")) == (0..<5).map { Self.palette[$0 % 4] })
        #expect(allPixels(try Fixtures.image("palette1.png")) == (0..<9).map { Self.palette[$0 % 2] })
    }

    /// tRNS shorter than the palette: later entries stay opaque.
    @Test func paletteWithTransparency() throws {
        let image = try Fixtures.image("palette4_trns.png")
        #expect(
            allPixels(image) == [
                premultiplied(200, 100, 50), premultiplied(0, 0, 255),
                PremultipliedColor(red: 0, green: 128, blue: 0, alpha: 128), .clear,
            ])
    }

    @Test func adam7RGBA() throws {
        let image = try Fixtures.image("rgba8_adam7.png")
        #expect(image.width == 9 && image.height == 9)
        for y in 0..<9 {
            for x in 0..<9 { #expect(image[x, y] == premultiplied(x * 20, y * 20, (x + y) * 10, 255 - 10 * x)) }
        }
    }

    /// Interlaced 8-bit RGB goes through libpng's filler, not the in-place spread of rows that
    /// only a non-interlaced image's single pass allows.
    @Test func adam7RGB() throws {
        let image = try Fixtures.image("rgb8_adam7.png")
        #expect(image.width == 9 && image.height == 9)
        for y in 0..<9 { for x in 0..<9 { #expect(image[x, y] == premultiplied(x * 25, 250 - y * 20, (x * y) % 251)) } }
    }

    @Test func adam7Grey4() throws {
        let image = try Fixtures.image("grey4_adam7.png")
        for y in 0..<7 { for x in 0..<7 { #expect(image[x, y] == grey((x + 2 * y) % 16 * 17)) } }
    }

    @Test func headerIsReadWithoutDecoding() throws {
        let header = try PNGHeader(parsing: try Fixtures.bytes("grey4_adam7.png"))
        #expect(header.width == 7 && header.height == 7)
        #expect(header.bitDepth == 4 && header.colorType == .grey && header.isInterlaced)
    }
}
