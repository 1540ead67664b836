import Raster
import Support
import TestSupport
import Testing

@testable import PNG

/// Damaged, truncated and hostile input fails with the expected `PNGError`,
/// never a crash or a large allocation.
@Suite struct PNGCorruptionTests {
    @Test func emptyInput() {
        #expect(pngError { _ = try PNGDecoder.decode([]) } == .emptyInput)
    }

    @Test func garbageIsNotPNG() {
        var generator = SplitMix64(state: 7)
        let garbage = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(pngError { _ = try PNGDecoder.decode(garbage) } == .notPNG)
        #expect(pngError { _ = try PNGDecoder.decode(Array("GIF89a....".utf8)) } == .notPNG)
        #expect(pngError { _ = try PNGDecoder.decode([0x89, 0x50]) } == .notPNG)
    }

    @Test func signatureOnly() {
        let error = pngError { _ = try PNGDecoder.decode(PNGHeader.signature) }
        #expect(error == .corrupt(reason: "the data ends after 8 bytes, inside the IHDR chunk"))
    }

    /// A correct-CRC header claiming 100000x100000 is refused before allocation.
    @Test func hugeHeaderIsRefusedBeforeAllocation() throws {
        for name in ["huge_header.png", "huge_header_only.png"] {
            let error = pngError { _ = try PNGDecoder.decode(try! Fixtures.bytes(name)) }
            #expect(error == .imageTooLarge(width: 100000, height: 100000))
            #expect(error?.description.contains("100000x100000") == true)
        }
    }

    @Test func limitsAreThoseOfRaster() {
        // A legal size passes the size check, then fails for want of IDAT data.
        let legal = pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 2048, height: 2048)) }
        if case .corrupt = legal {} else { Issue.record("expected corrupt, got \(String(describing: legal))") }
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 8192, height: 8193)) }
                == .imageTooLarge(width: 8192, height: 8193))
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 1, height: 16385)) }
                == .imageTooLarge(width: 1, height: 16385))
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)) }
                == .imageTooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))
    }

    /// The message names the limit the header breaks: a square within the side limit but over
    /// the pixel count must not be reported as too wide.
    @Test func theMessageNamesTheLimitBroken() {
        let square = pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 16384, height: 16384)) }
        #expect(
            square?.description
                == "the PNG header declares 16384x16384 pixels: 268435456 pixels, over the limit of 67108864 in all")
        let tall = pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 1, height: 16385)) }
        #expect(
            tall?.description
                == "the PNG header declares 1x16385 pixels: 16385 pixels high, over the limit of 16384 per side")
        let wide = pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 0x7FFF_FFFF, height: 2)) }
        #expect(wide?.description.hasSuffix("2147483647 pixels wide, over the limit of 16384 per side") == true)
    }

    @Test func badHeaderFields() {
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 0, height: 5)) }
                == .corrupt(reason: "IHDR declares a size of 0x5; both must be at least 1"))
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 0x8000_0000, height: 1)) }
                == .corrupt(reason: "IHDR declares a size of 2147483648x1, past the PNG maximum of 2147483647"))
        #expect(
            pngError { _ = try PNGDecoder.decode(headerOnlyPNG(width: 4, height: 4, colorType: 5)) }
                == .corrupt(reason: "IHDR colour type 5 is not one of 0, 2, 3, 4, 6"))
        #expect(
            pngError { _ = try PNGDecoder.decode(try! Fixtures.bytes("bad_depth.png")) }
                == .corrupt(reason: "IHDR bit depth 3 is not allowed for colour type 2"))
        #expect(
            pngError { _ = try PNGDecoder.decode(try! Fixtures.bytes("bad_crc_ihdr.png")) }
                == .corrupt(reason: "the IHDR chunk's CRC does not match its contents"))
    }

    /// libpng's own messages come through for damage past the header.
    @Test func libpngErrorsComeBackAsCorrupt() throws {
        let cases: [(String, String)] = [
            ("bad_crc_idat.png", "CRC error"),
            ("truncated_idat.png", "truncated"),
            ("no_iend.png", "truncated"),
            ("bad_zlib.png", ""),
        ]
        for (name, fragment) in cases {
            let error = pngError { _ = try PNGDecoder.decode(try! Fixtures.bytes(name)) }
            guard case .corrupt(let reason) = error else {
                Issue.record("\(name): expected .corrupt, got \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty, "\(name)")
            #expect(fragment.isEmpty || reason.contains(fragment), "\(name): \(reason)")
        }
    }

    /// A bad CRC in an ancillary chunk drops the chunk; the image still decodes.
    @Test func badAncillaryCRCIsOnlyAWarning() throws {
        #expect(try Fixtures.image("bad_crc_text.png") == (try Fixtures.image("rgb8.png")))
    }

    @Test func fileErrorsNameThePath() throws {
        let path = Fixtures.path("bad_crc_idat.png")
        let error = pngError { _ = try PNGDecoder.read(contentsOf: path) }
        guard case .inFile(let errorPath, .corrupt) = error else {
            Issue.record("expected inFile(corrupt), got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(error!.description.hasPrefix(path + ": the PNG data is corrupt: "))

        let missing = Fixtures.path("does-not-exist.png")
        let missingError = pngError { _ = try PNGDecoder.read(contentsOf: missing) }
        #expect(missingError == .file(FileError(.open, path: missing, code: 2)))
        #expect(missingError!.description == "\(missing): no such file")

        let directoryError = pngError { _ = try PNGDecoder.read(contentsOf: Fixtures.directory) }
        #expect(directoryError == .file(FileError(.notRegularInput, path: Fixtures.directory, code: 0)))
        #expect(
            directoryError!.description
                == "cannot read something that is not a regular file: '\(Fixtures.directory)'")
    }

    /// Every prefix of valid files fails cleanly (or, for the whole file, decodes).
    @Test func everyTruncationFailsCleanly() throws {
        for name in ["rgb8.png", "rgba8_adam7.png", "palette4_trns.png"] {
            let bytes = try Fixtures.bytes(name)
            for length in 0..<bytes.count {
                #expect(
                    pngError { _ = try PNGDecoder.decode(Array(bytes[..<length])) } != nil, "\(name) cut at \(length)")
            }
            #expect(pngError { _ = try PNGDecoder.decode(bytes) } == nil)
        }
    }

    /// Flipping any single byte never crashes; flips inside chunk data or CRCs are caught.
    @Test func everyByteFlipIsHandled() throws {
        let bytes = try Fixtures.bytes("rgba8_adam7.png")
        var failures = 0
        for i in 0..<bytes.count {
            var damaged = bytes
            damaged[i] ^= 0x55
            if pngError({ _ = try PNGDecoder.decode(damaged) }) != nil { failures += 1 }
        }
        // Every byte is in the signature, a length field, or a CRC-protected
        // chunk type, body or CRC, so every flip is detected.
        #expect(failures == bytes.count)
    }
}
