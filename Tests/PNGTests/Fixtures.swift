import Foundation
import Raster
import TestSupport
import Testing

@testable import PNG

/// Paths and helpers shared by the PNG tests.
enum Fixtures {
    /// The folder holding the PNG fixtures written by `Fixtures/make_fixtures.py`.
    static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { directory + "/" + name }

    /// The bytes of fixture `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Fixture `name`, decoded.
    static func image(_ name: String) throws -> Image {
        try PNGDecoder.read(contentsOf: path(name))
    }
}

/// The premultiplied pixel for straight channels (the `Raster` conversion).
func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> PremultipliedColor {
    Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: UInt8(a)).premultiplied
}

/// An opaque grey pixel.
func grey(_ v: Int) -> PremultipliedColor { premultiplied(v, v, v) }

/// Every pixel of `image`, row-major.
func allPixels(_ image: Image) -> [PremultipliedColor] {
    (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
}

/// The `PNGError` `body` throws, or nil (any other error is recorded as an issue).
func pngError(_ body: () throws -> Void) -> PNGError? {
    do {
        try body()
        return nil
    } catch let error as PNGError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// The chunk types of a PNG, in order.
func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var i = 8
    while i + 8 <= png.count {
        let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
        i += 12 + length
    }
    return types
}

/// A signature plus an IHDR chunk with a correct CRC, and an IEND.
func headerOnlyPNG(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    let body = Array("IHDR".utf8) + be(width) + be(height) + [depth, colorType, 0, 0, 0]
    let iend = Array("IEND".utf8)
    return PNGHeader.signature + be(13) + body + be(CRC32.checksum(body)) + be(0) + iend + be(CRC32.checksum(iend))
}
