import Testing

@testable import PNG
@testable import Raster

/// The pixel digest a stored reference carries (`PNGPixelDigest`, `PNGEncoder.encodeReference`).
@Suite struct PNGPixelDigestTests {
    /// A translucent picture, so that the digest is taken of the straight pixels.
    static func picture(width: Int = 37, height: Int = 23, seed: Int = 0) throws -> Image {
        var image = try Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8((x * 7 + y * 3 + seed) % 256)
                image[x, y] = PremultipliedColor(
                    red: UInt8((Int(alpha) * ((x * 11) % 256)) / 255), green: UInt8((Int(alpha) * 200) / 255),
                    blue: UInt8((Int(alpha) * ((y * 13) % 256)) / 255), alpha: alpha)
            }
        }
        return image
    }

    /// A reference is `encodeSmallest`'s file with one 29-byte chunk before IEND; it decodes to
    /// the same pixels, and the digest it carries is that of the image's straight pixels.
    @Test func aReferenceCarriesTheDigestOfItsPixels() throws {
        let image = try Self.picture()
        let smallest = try PNGEncoder.encodeSmallest(image)
        let reference = try PNGEncoder.encodeReference(image)
        #expect(reference.count == smallest.count + 29)
        #expect(Array(reference[..<(smallest.count - 12)]) == Array(smallest[..<(smallest.count - 12)]))
        #expect(Array(reference.suffix(12)) == Array(smallest.suffix(12)))
        let types = PNGChunk.entries(of: reference).map(\.type)
        #expect(types.suffix(2) == [PNGPixelDigest.chunkType, "IEND"])
        #expect(try PNGDecoder.decode(reference).pixels == image.pixels)
        #expect(try PNGDecoder.decodeStillStraight(reference) == StraightRGBAImage(image))
        let stored = try #require(PNGPixelDigest.stored(in: reference))
        #expect(stored == PNGPixelDigest(StraightRGBAImage(image)))
        #expect(PNGPixelDigest.stored(in: smallest) == nil)
    }

    /// The digest follows every pixel and the size: one channel of one pixel changed, or the
    /// same bytes in another shape, give another digest.
    @Test func theDigestChangesWithAnyPixelAndWithTheSize() throws {
        let image = try StraightRGBAImage(Self.picture(width: 8, height: 6))
        let digest = PNGPixelDigest(image)
        for index in [0, 1, 2, 3, 97, image.pixels.count - 1] {
            var pixels = image.pixels
            pixels[index] ^= 0x10
            let changed = try StraightRGBAImage(width: 8, height: 6, pixels: pixels)
            #expect(PNGPixelDigest(changed) != digest, "byte \(index)")
        }
        let reshaped = try StraightRGBAImage(width: 6, height: 8, pixels: image.pixels)
        #expect(PNGPixelDigest(reshaped) != digest)
        #expect(PNGPixelDigest(image) == digest)
    }

    /// The CRC-32 a chunk ends with, recomputed after its data was changed.
    static func fixingCRC(of entry: PNGChunk.Entry, in png: inout [UInt8]) {
        let crc = PNGChunk.bigEndian(CRC32.checksum(png[(entry.data.lowerBound - 4)..<entry.data.upperBound]))
        png.replaceSubrange(entry.data.upperBound..<(entry.data.upperBound + 4), with: crc)
    }

    /// The digest is trusted only in a file that still holds the pixels it was taken of, whole:
    /// an image byte changed (its chunk's CRC-32 fixed, so that only the digest can tell), the
    /// digest chunk damaged, of another version or there twice, the file cut short or followed
    /// by other bytes: each gives nil, and the check then decodes the file.
    @Test func aDigestIsNotTrustedOnceTheFileChanged() throws {
        let reference = try PNGEncoder.encodeReference(Self.picture())
        let entries = PNGChunk.entries(of: reference)
        let idat = try #require(entries.first { $0.type == "IDAT" })
        let digest = try #require(entries.first { $0.type == PNGPixelDigest.chunkType })
        #expect(PNGPixelDigest.stored(in: reference) != nil)

        var changedPixels = reference
        changedPixels[idat.data.lowerBound + idat.data.count / 2] ^= 0x01
        Self.fixingCRC(of: idat, in: &changedPixels)
        #expect(PNGPixelDigest.stored(in: changedPixels) == nil)

        var damaged = reference
        damaged[digest.data.lowerBound + 3] ^= 0x01
        #expect(PNGPixelDigest.stored(in: damaged) == nil)

        var newerVersion = reference
        newerVersion[digest.data.lowerBound] = 2
        Self.fixingCRC(of: digest, in: &newerVersion)
        #expect(PNGPixelDigest.stored(in: newerVersion) == nil)

        let chunk = Array(reference[(digest.data.lowerBound - 8)..<(digest.data.upperBound + 4)])
        var twice = reference
        twice.insert(contentsOf: chunk, at: digest.data.lowerBound - 8)
        #expect(PNGPixelDigest.stored(in: twice) == nil)

        #expect(PNGPixelDigest.stored(in: Array(reference.dropLast(1))) == nil)
        #expect(PNGPixelDigest.stored(in: reference + [0]) == nil)
        #expect(PNGPixelDigest.stored(in: Array(reference.dropFirst(1))) == nil)
        #expect(PNGPixelDigest.stored(in: []) == nil)
    }

    /// The digest chunk of one image moved into another's file does not vouch for the other's
    /// pixels: it records the pixel chunks of the file it was written into.
    @Test func aDigestMovedToAnotherFileIsNotTrusted() throws {
        let first = try PNGEncoder.encodeReference(Self.picture(seed: 0))
        let second = try PNGEncoder.encodeReference(Self.picture(seed: 1))
        let firstDigest = try #require(PNGChunk.entries(of: first).first { $0.type == PNGPixelDigest.chunkType })
        let secondDigest = try #require(PNGChunk.entries(of: second).first { $0.type == PNGPixelDigest.chunkType })
        var grafted = second
        grafted.replaceSubrange(
            (secondDigest.data.lowerBound - 8)..<(secondDigest.data.upperBound + 4),
            with: first[(firstDigest.data.lowerBound - 8)..<(firstDigest.data.upperBound + 4)])
        #expect(PNGPixelDigest.stored(in: grafted) == nil)
        #expect(PNGPixelDigest.stored(in: second) != nil)
    }

    /// Recompressing keeps a reference's digest (each candidate carries one before the sizes
    /// are compared) and gives one to a file written without it; without `pixelDigest` the
    /// smallest file has none.
    @Test func recompressingKeepsOrAddsTheDigest() throws {
        let image = try Self.picture()
        let digest = PNGPixelDigest(StraightRGBAImage(image))
        let reference = try PNGEncoder.encodeReference(image)
        let kept = try PNGEncoder.recompressSmallest(reference, pixelDigest: true)
        #expect(kept == reference)
        #expect(PNGPixelDigest.stored(in: kept) == digest)
        let fast = try PNGEncoder.encode(image)
        let added = try PNGEncoder.recompressSmallest(fast, pixelDigest: true)
        #expect(added.count < fast.count)
        #expect(PNGPixelDigest.stored(in: added) == digest)
        #expect(PNGPixelDigest.stored(in: try PNGEncoder.recompressSmallest(reference)) == nil)
    }
}
