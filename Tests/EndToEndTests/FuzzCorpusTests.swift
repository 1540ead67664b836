import Foundation
import PNG
import Scene
import Testing

/// The fuzzers' seed corpus (and any crashing input, once fixed, added beside it) replayed
/// through the decoders on every `swift test`: each input decodes or fails with an error.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus").path

    static func inputs(_ kind: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus + "/" + kind)) ?? []).sorted()
    }

    @Test func theCorpusIsThere() {
        for kind in ["scene", "png", "layout", "animation"] { #expect(!Self.inputs(kind).isEmpty, "\(kind)") }
    }

    @Test(arguments: inputs("png")) func pngInputsDecodeOrFail(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/png/" + name)))
        if let image = try? PNGDecoder.decode(bytes) { #expect(image.pixels.count == image.width * image.height * 4) }
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
