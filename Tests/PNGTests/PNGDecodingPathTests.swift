import CPNGShim
import Raster
import TestSupport
import Testing

@testable import PNG

/// The decoder's own steps around libpng: opaque RGB rows spread to RGBA in place, and the zlib
/// stream's Adler-32 left unchecked while the chunks' CRC-32s are checked.
@Suite struct PNGDecodingPathTests {
    /// The vector spread and the pixel-at-a-time one give the same bytes, and both are RGB with
    /// alpha 255, for every width up to 70 and a few long rows.
    @Test(arguments: Array(0...70) + [1170, 1171, 2532])
    func rgbSpreadsToRGBA(width: Int) {
        var generator = SplitMix64(seed: UInt64(width) &* 31 &+ 1)
        let rgb = (0..<width * 3).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var expected = [UInt8]()
        for x in 0..<width { expected += rgb[3 * x..<3 * x + 3] + [255] }
        for vector: Int32 in [0, 1] {
            // The row's RGBA room, RGB at its start and noise after it.
            var row = rgb + (0..<width).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            row.withUnsafeMutableBufferPointer { cpng_expand_rgb_in_place($0.baseAddress, UInt32(width), vector) }
            #expect(row == expected, "width \(width), vector \(vector)")
        }
    }

    /// An opaque image stored as RGB and a translucent one stored as RGBA come back as they
    /// were encoded, at widths around the vector step.
    @Test(arguments: [1, 3, 4, 5, 37, 64])
    func opaqueAndTranslucentImagesRoundTrip(width: Int) throws {
        var generator = SplitMix64(seed: UInt64(width))
        var opaque = try Image(width: width, height: 3, fill: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
        for y in 0..<3 {
            for x in 0..<width {
                let v = generator.next()
                opaque[x, y] = PremultipliedColor(
                    red: UInt8(truncatingIfNeeded: v), green: UInt8(truncatingIfNeeded: v >> 8),
                    blue: UInt8(truncatingIfNeeded: v >> 16), alpha: 255)
            }
        }
        #expect(try PNGDecoder.decode(PNGEncoder.encode(opaque)) == opaque)
        var translucent = opaque
        translucent[0, 1] = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 128)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(translucent)) == translucent)
    }

    /// A stream whose Adler-32 is wrong decodes when its IDAT chunk's CRC matches (the checksum
    /// is not computed), and fails when the CRC does not (the damage a stored file can suffer),
    /// or when the checksum is asked for (as the encoder's tests ask for it).
    @Test func adlerIsNotCheckedButTheCRCIs() throws {
        let image = try Image(width: 5, height: 4, fill: PremultipliedColor(red: 40, green: 80, blue: 120, alpha: 255))
        let png = try PNGEncoder.encode(image)
        let idat = try #require(PNGChunk.entries(of: png).last { $0.type == "IDAT" })
        var wrongAdler = png
        wrongAdler[idat.data.upperBound - 1] ^= 0x5A  // the Adler-32's last byte
        #expect(throws: PNGError.self) { try PNGDecoder.decode(wrongAdler) }
        let crc = CRC32.checksum(wrongAdler[(idat.data.lowerBound - 4)..<idat.data.upperBound])
        wrongAdler.replaceSubrange(idat.data.upperBound..<idat.data.upperBound + 4, with: PNGChunk.bigEndian(crc))
        #expect(try PNGDecoder.decode(wrongAdler) == image)
        #expect(throws: PNGError.self) { try PNGDecoder.decode(wrongAdler, checkingAdler32: true) }
        #expect(try PNGDecoder.decode(png, checkingAdler32: true) == image)
    }
}
