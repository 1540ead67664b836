import Foundation
import PNG
import Scene
import TestSupport
import Testing

@testable import Batch

@Suite struct BatchManifestTests {
    @Test func fnv1a64MatchesTheReferenceVectors() {
        #expect(FNV1a64.hash([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
        var hasher = FNV1a64()
        hasher.combine(Array("foo".utf8))
        hasher.combine(Array("bar".utf8))
        #expect(hasher.hexDigits == "85944171f73967e8")
        #expect(FNV1a64.hexDigits(0xff) == "00000000000000ff")
    }

    @Test func jsonHasFixedKeysSortedScenesAndNoTimes() {
        let ok = BatchSceneResult(
            scene: BatchScene(sourcePath: "in/b.json", outputPath: "b.png"),
            outcome: .written(width: 128, height: 96, byteCount: 2048, hash: 0x0123_4567_89ab_cdef))
        let failed = BatchSceneResult(
            scene: BatchScene(sourcePath: "in/a \"q\".json", outputPath: "a \"q\".png"),
            outcome: .failed(message: #"in/a "q".json: layout: unknown key "itemSzie""#))
        let manifest = BatchManifest(
            shard: try! BatchShard(index: 2, count: 3), batchSceneCount: 7, results: [ok, failed])
        #expect(manifest.fileName == "manifest-2-of-3.json")
        #expect(manifest.succeededCount == 1)
        #expect(manifest.failedCount == 1)
        #expect(
            manifest.json == #"""
                {
                  "format": "collection-preview-batch-manifest",
                  "version": 1,
                  "hashAlgorithm": "fnv1a64",
                  "shard": {"index": 2, "count": 3},
                  "counts": {"batch": 7, "shard": 2, "ok": 1, "error": 1},
                  "scenes": [
                    {"source": "in/a \"q\".json", "output": "a \"q\".png", "status": "error", "error": "in/a \"q\".json: layout: unknown key \"itemSzie\""},
                    {"source": "in/b.json", "output": "b.png", "status": "ok", "width": 128, "height": 96, "bytes": 2048, "hash": "0123456789abcdef"}
                  ]
                }

                """#)
    }

    @Test func anEmptyShardHasAnEmptySceneList() {
        let manifest = BatchManifest(shard: try! BatchShard(index: 3, count: 3), batchSceneCount: 2, results: [])
        #expect(manifest.json.contains("\n  \"scenes\": []\n}\n"))
        #expect(BatchManifest.fileName(for: .whole) == "manifest.json")
    }

    @Test func manifestOfATinySceneRecordsTheWrittenPNG() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/tiny.json", TestScenes.valid(width: 30, height: 20, scale: 2, count: 1))
        let runner = BatchRunner(renderer: try SceneRenderer(), outputDirectory: folder.url("out"), jobs: 1)
        let manifest = try runner.run(paths: [folder.url("in")])
        let png = try #require(folder.bytes("out/tiny.png"))
        let image = try PNGDecoder.decode(png)
        #expect(image.width == 60 && image.height == 40)
        let expected = """
            {
              "format": "collection-preview-batch-manifest",
              "version": 1,
              "hashAlgorithm": "fnv1a64",
              "shard": {"index": 1, "count": 1},
              "counts": {"batch": 1, "shard": 1, "ok": 1, "error": 0},
              "scenes": [
                {"source": "\(folder.url("in/tiny.json"))", "output": "tiny.png", "status": "ok", "width": 60, "height": 40, "bytes": \(png.count), "hash": "\(FNV1a64.hexDigits(FNV1a64.hash(png)))"}
              ]
            }

            """
        #expect(manifest.json == expected)
        #expect(folder.bytes("out/manifest.json") == Array(expected.utf8))
        // It is valid JSON.
        let object = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: Any]
        #expect(object?["hashAlgorithm"] as? String == "fnv1a64")
    }
}
