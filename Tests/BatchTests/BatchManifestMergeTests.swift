import Scene
import TestSupport
import Testing

@testable import Batch

/// The description of the `BatchError` thrown by `body`, or nil.
private func failure(_ body: () throws -> BatchManifest) -> String? {
    thrownMessage(BatchError.self) { _ = try body() }
}

private func result(_ name: String, failed: Bool = false) -> BatchSceneResult {
    let scene = BatchScene(sourcePath: "in/\(name).json", outputPath: "\(name).png")
    if failed { return BatchSceneResult(scene: scene, outcome: .failed(message: "in/\(name).json: oops \"q\"\n")) }
    return BatchSceneResult(
        scene: scene, outcome: .written(width: name.count, height: 2, byteCount: 3, hash: 0xfedc_ba98_7654_3210))
}

@Suite struct BatchManifestMergeTests {
    @Test func aManifestReadsBackToItself() throws {
        let manifest = BatchManifest(
            shard: try BatchShard(index: 2, count: 5), batchSceneCount: 9,
            results: [result("b"), result("a", failed: true), result("é/c")])
        let decoded = try BatchManifest(jsonBytes: Array(manifest.json.utf8))
        #expect(decoded == manifest)
        #expect(decoded.json == manifest.json)
        let empty = BatchManifest(shard: try BatchShard(index: 3, count: 3), batchSceneCount: 2, results: [])
        #expect(try BatchManifest(jsonBytes: Array(empty.json.utf8)) == empty)
    }

    @Test func scenesOnDevicesAreNamedAndReadBackWithTheirDevice() throws {
        let phone = try SceneDeviceVariant(parsing: "iPhone SE")
        let pad = try SceneDeviceVariant(parsing: "iPad Pro 11:landscape")
        let found = [
            BatchScene(sourcePath: "in/b.json", outputPath: "b.png"),
            BatchScene(sourcePath: "in/a.json", outputPath: "a.png"),
        ]
        let shown = try BatchScene.shown(found, on: [phone, pad, phone])
        #expect(
            shown.map(\.outputPath) == [
                "a.iPad-Pro-11-landscape.png", "a.iPhone-SE.png", "b.iPad-Pro-11-landscape.png", "b.iPhone-SE.png",
            ])
        #expect(shown.map(\.device) == [pad, phone, pad, phone])
        #expect(try BatchScene.shown(found, on: []) == found)
        let manifest = BatchManifest(
            shard: .whole, batchSceneCount: 4,
            results: shown.map { BatchSceneResult(scene: $0, outcome: .failed(message: "x")) })
        #expect(
            manifest.json.contains(
                #""output": "a.iPad-Pro-11-landscape.png", "device": "iPad Pro 11:landscape", "status""#))
        let decoded = try BatchManifest(jsonBytes: Array(manifest.json.utf8))
        #expect(decoded == manifest && decoded.json == manifest.json)
        // Shards rendered on other devices are not one batch.
        let onDevices = try (1...2).map { k in
            BatchManifest(
                shard: try BatchShard(index: k, count: 2), batchSceneCount: 2, results: [result("s\(k)")],
                devices: k == 1 ? ["iPhone SE"] : ["iPad mini"])
        }
        let decodedShards = try onDevices.map { try BatchManifest(jsonBytes: Array($0.json.utf8)) }
        #expect(decodedShards == onDevices && onDevices[0].json.contains(#"  "devices": ["iPhone SE"],"#))
        #expect(
            thrownMessage(BatchError.self) { _ = try BatchManifest.merging(decodedShards) }
                == "cannot merge the shard manifests: shard 2/2 was rendered on other devices than shard 1/2 (iPad mini against iPhone SE)"
        )
        let wrong = manifest.json.replacingOccurrences(of: #""device": "iPhone SE""#, with: #""device": "iPhone 12""#)
        #expect(
            failure { try BatchManifest(jsonBytes: Array(wrong.utf8)) }?.hasPrefix(
                "scenes[1].device: unknown device \"iPhone 12\"") == true)
    }

    @Test func badManifestsNameTheJSONPath() {
        let good = BatchManifest(shard: .whole, batchSceneCount: 1, results: [result("a")]).json
        func decode(_ text: String) -> String? { failure { try BatchManifest(jsonBytes: Array(text.utf8)) } }
        #expect(decode(good) == nil)
        #expect(
            decode(good.replacingOccurrences(of: "fedcba9876543210", with: "FEDCBA9876543210"))
                == "scenes[0].hash: must be 16 lowercase hexadecimal digits")
        #expect(decode(good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")) == "version: must be 1")
        #expect(
            decode(good.replacingOccurrences(of: "\"ok\": 1", with: "\"ok\": 0"))
                == "counts: does not match the scene list")
        #expect(
            decode(good.replacingOccurrences(of: "\"width\"", with: "\"wide\"")) == "scenes[0]: unknown key \"wide\"")
        #expect(
            decode(good.replacingOccurrences(of: "\"status\": \"ok\"", with: "\"status\": \"fine\""))
                == "scenes[0].status: must be \"ok\" or \"error\"")
        #expect(
            decode(good.replacingOccurrences(of: "\"index\": 1", with: "\"index\": 2"))
                == "shard: index must be from 1 to count, and count at least 1")
        #expect(decode("[]") == "(root): must be an object, not an array")
        #expect(decode("{").map { $0.hasPrefix("(json): ") } == true)
    }

    @Test func shardsMergeIntoTheWholeBatchsManifest() throws {
        let all = ["a", "b", "c", "d", "e"].map { result($0, failed: $0 == "c") }
        let whole = BatchManifest(shard: .whole, batchSceneCount: 5, results: all)
        let parts = try (1...2).map { k in
            let shard = try BatchShard(index: k, count: 2)
            let written = BatchManifest(shard: shard, batchSceneCount: 5, results: shard.select(all)).json
            return try BatchManifest(jsonBytes: Array(written.utf8))
        }
        let merged = try BatchManifest.merging(parts.reversed())
        #expect(merged == whole)
        #expect(merged.json == whole.json)
    }

    @Test func incompleteOrInconsistentShardsAreRefused() throws {
        let all = ["a", "b", "c"].map { result($0) }
        func part(_ k: Int, of n: Int, batch: Int = 3) throws -> BatchManifest {
            let shard = try BatchShard(index: k, count: n)
            return BatchManifest(shard: shard, batchSceneCount: batch, results: shard.select(all))
        }
        #expect(failure { try BatchManifest.merging([]) } == "cannot merge the shard manifests: no manifests given")
        #expect(
            failure { try BatchManifest.merging([part(1, of: 3)]) }
                == "cannot merge the shard manifests: missing shards 2/3, 3/3")
        #expect(
            failure { try BatchManifest.merging([part(2, of: 3)]) }
                == "cannot merge the shard manifests: missing shards 1/3, 3/3")
        #expect(
            failure { try BatchManifest.merging([part(2, of: 2, batch: 3)]) }
                == "cannot merge the shard manifests: missing shard 1/2")
        // A mistyped count is named without a set of every shard number: the first ten, then
        // how many more.
        #expect(
            failure { try BatchManifest.merging([part(3, of: 1_000_000), part(12, of: 1_000_000)]) }
                == "cannot merge the shard manifests: missing shards 1/1000000, 2/1000000, "
                + "4/1000000, 5/1000000, 6/1000000, 7/1000000, 8/1000000, "
                + "9/1000000, 10/1000000, 11/1000000 and 999988 more")
        #expect(
            failure { try BatchManifest.merging([part(1, of: 2), part(1, of: 2), part(2, of: 2)]) }
                == "cannot merge the shard manifests: shard 1/2 is given twice")
        #expect(
            failure { try BatchManifest.merging([part(1, of: 2), part(2, of: 3)]) }
                == "cannot merge the shard manifests: the manifests come from different batches (shard counts or scene counts differ)"
        )
        var short = try part(2, of: 2)
        short.results = []
        #expect(
            failure { try BatchManifest.merging([part(1, of: 2), short]) }
                == "cannot merge the shard manifests: the shards list 2 scenes but the batch has 3")
        var clash = try part(2, of: 2)
        clash.results = [result("a")]
        #expect(
            failure { try BatchManifest.merging([part(1, of: 2), clash]) }
                == "cannot merge the shard manifests: a.png is listed by more than one shard")
    }

    /// Shards run over different files can agree on every count and list no scene twice: shard 1
    /// ran over {a, b, c, d} and took a and c, shard 2 over {0, 1, a, b} and took 1 and b. Merged,
    /// the order is 1, a, b, c, and 1 (listed by shard 2) sits first, a place of shard 1. Shard 2
    /// over {a, b, d, e} (b and e) fits shard 1's a and c, and merges.
    @Test func shardsRunOverDifferentScenesAreRefusedEvenWhenTheCountsAgree() throws {
        let first = try BatchShard(index: 1, count: 2), second = try BatchShard(index: 2, count: 2)
        let one = BatchManifest(shard: first, batchSceneCount: 4, results: [result("a"), result("c")])
        let two = BatchManifest(shard: second, batchSceneCount: 4, results: [result("1"), result("b")])
        #expect(
            failure { try BatchManifest.merging([one, two]) }
                == "cannot merge the shard manifests: 1.png is listed by shard 2/2 but its place in the whole batch "
                + "belongs to shard 1/2: the shards were run over different scenes")
        let fits = BatchManifest(shard: second, batchSceneCount: 4, results: [result("b"), result("e")])
        #expect(
            try BatchManifest.merging([one, fits]).results.map(\.scene.outputPath) == [
                "a.png", "b.png", "c.png", "e.png",
            ])
    }
}
