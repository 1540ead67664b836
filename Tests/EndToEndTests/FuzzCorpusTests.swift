import Foundation
import PNG
import Raster
import Scene
import Testing

/// The fuzzers' seed corpus (and any crashing input, once fixed, added beside it) replayed
/// through the decoders and the encoder on every `swift test`: each input decodes or fails
/// with an error, and each pixel seed encodes to a file that decodes to it.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus").path

    static func inputs(_ kind: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus + "/" + kind)) ?? []).sorted()
    }

    @Test func theCorpusIsThere() {
        for kind in ["scene", "png", "pixels", "layout", "animation"] { #expect(!Self.inputs(kind).isEmpty, "\(kind)") }
    }

    @Test(arguments: inputs("png")) func pngInputsDecodeOrFail(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/png/" + name)))
        if let image = try? PNGDecoder.decode(bytes) { #expect(image.pixels.count == image.width * image.height * 4) }
    }

    /// The encoder's seeds as opaque images (width from the first byte, as the fuzzer reads
    /// them): both compressors give files that decode to the image.
    @Test(arguments: inputs("pixels")) func pixelInputsRoundTrip(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/pixels/" + name)))
        let width = Int(bytes[0] % 64) + 1, body = bytes.dropFirst(2)
        var image = try Image(width: width, height: max(1, body.count / (width * 4)))
        for y in 0..<image.height {
            for x in 0..<width {
                let i = body.startIndex + (y * width + x) * 4
                image[x, y] = PremultipliedColor(red: body[i], green: body[i + 1], blue: body[i + 2], alpha: 255)
            }
        }
        for options in [PNGEncodingOptions.default, .zlibFast] {
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image, options: options)) == image, "\(name)")
        }
    }

    @Test(arguments: inputs("scene")) func sceneInputsDecodeOrFail(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/scene/" + name)))
        #expect((try? Scene(jsonBytes: bytes)) != nil, "the seed scenes are valid")
    }

    @Test(arguments: inputs("animation")) func animationInputsPlayOrFail(_ name: String) throws {
        let animation = try String(contentsOfFile: Self.corpus + "/animation/" + name, encoding: .utf8)
        let json = """
            {"canvas": {"width": 200, "height": 150}, "layout": {"type": "flow", "itemSize": {"width": 40, "height": 40}},
             "sections": [{"itemCount": 6}, {"itemCount": 3}], "animation": \(animation)}
            """
        if let scene = try? Scene(json: json), let player = try? SceneAnimationPlayer(scene: scene) {
            #expect(player.frameCount >= 1)
        }
    }
}
