import Support

/// The record of a batch run, written as `manifest.json` (or
/// `manifest-K-of-N.json` for shard K of N) in the output folder.
///
/// The JSON is deterministic: keys in a fixed order, scenes sorted by source
/// path, no timestamps, durations, host names or worker counts, so the same
/// inputs give the same bytes with any `--jobs` and on any machine. Example:
///
/// ```json
/// {
///   "format": "collection-preview-batch-manifest",
///   "version": 1,
///   "hashAlgorithm": "fnv1a64",
///   "shard": {"index": 1, "count": 1},
///   "counts": {"batch": 2, "shard": 2, "ok": 1, "error": 1},
///   "scenes": [
///     {"source": "in/a.json", "output": "a.png", "status": "ok", "width": 80, "height": 60, "bytes": 151, "hash": "5d2c6a0f3c9e1b27"},
///     {"source": "in/b.json", "output": "b.png", "status": "error", "error": "in/b.json: layout: unknown key \"itemSzie\""}
///   ]
/// }
/// ```
///
/// - `shard`: which part of the batch this run rendered (`BatchShard`).
/// - `counts.batch`: scenes found before sharding (all shards together);
///   `counts.shard`: scenes in this shard (the length of `scenes`);
///   `counts.ok` / `counts.error`: how many were written / failed.
/// - `devices` (only when the batch named devices): the devices every scene was rendered on,
///   sorted; shards rendered on other devices are not merged.
/// - per scene: `source` (the scene file as found from the command line's
///   paths), `output` (the PNG, relative to the manifest's folder), `device`
///   (only when the batch named devices: `iPhone SE`, `iPad Pro 11:landscape`), `status`
///   (`"ok"` or `"error"`); when ok, the PNG's `width` and `height` in pixels,
///   its length in `bytes` and the `hash` of its bytes (16 lowercase hex
///   digits of FNV-1a 64); when failed, the one-line `error`.
///
/// Merging shards: copy every shard's output folder into one; PNG names never
/// clash (shards are disjoint) and the manifests keep their shard names. The
/// merge is complete when manifests 1…N are present and their `counts.shard`
/// add up to `counts.batch`.
public struct BatchManifest: Equatable, Sendable {
    /// The value of the `format` key.
    public static let format = "collection-preview-batch-manifest"
    /// The value of the `version` key; raised when the format changes incompatibly.
    public static let version = 1

    /// The shard this run rendered.
    public var shard: BatchShard
    /// How many scenes the whole batch holds, across all shards.
    public var batchSceneCount: Int
    /// One result per scene of the shard.
    public var results: [BatchSceneResult]
    /// The devices every scene was rendered on (`--device`: each once, sorted), empty for
    /// scenes on their own canvases; written as `devices` only when there are some.
    public var devices: [String]

    /// Creates a manifest; `results` are sorted by source path.
    ///
    /// - Complexity: O(n log n) in `results.count`.
    public init(shard: BatchShard, batchSceneCount: Int, results: [BatchSceneResult], devices: [String] = []) {
        self.shard = shard
        self.batchSceneCount = batchSceneCount
        self.results = results.sorted { BatchScene.precedes($0.scene, $1.scene) }
        self.devices = devices
    }

    /// The manifest's file name: `manifest.json` for an unsharded batch,
    /// `manifest-K-of-N.json` for shard K of N (N > 1).
    public var fileName: String { BatchManifest.fileName(for: shard) }

    /// Whether `name` is a manifest's file name: `manifest.json` or `manifest-K-of-N.json`.
    public static func isManifestFileName(_ name: String) -> Bool {
        BatchShard.isPartFileName(name, stem: "manifest")
    }

    /// The manifest's file name for `shard` (see `fileName`).
    public static func fileName(for shard: BatchShard) -> String {
        shard.count == 1 ? "manifest.json" : "manifest-\(shard.index)-of-\(shard.count).json"
    }

    /// How many scenes were written.
    ///
    /// - Complexity: O(n) in the number of scenes.
    public var succeededCount: Int { results.count(where: \.succeeded) }

    /// How many scenes failed.
    ///
    /// - Complexity: O(n) in the number of scenes.
    public var failedCount: Int { results.count - succeededCount }

    /// The manifest as UTF-8 JSON text, ending in a newline (format above).
    ///
    /// - Complexity: O(n) in the number of scenes.
    public var json: String {
        var lines = [
            "{",
            "  \"format\": \(JSONWriter.string(BatchManifest.format)),",
            "  \"version\": \(BatchManifest.version),",
            "  \"hashAlgorithm\": \(JSONWriter.string(FNV1a64.name)),",
            "  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count)},",
            "  \"counts\": {\"batch\": \(batchSceneCount), \"shard\": \(results.count), \"ok\": \(succeededCount), \"error\": \(failedCount)},",
        ]
        if !devices.isEmpty {
            lines.append("  \"devices\": [\(devices.map(JSONWriter.string).joined(separator: ", "))],")
        }
        if results.isEmpty {
            lines.append("  \"scenes\": []")
        } else {
            lines.append("  \"scenes\": [")
            for (i, result) in results.enumerated() {
                lines.append("    " + BatchManifest.entry(result) + (i + 1 < results.count ? "," : ""))
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One scene's JSON object, on one line.
    private static func entry(_ result: BatchSceneResult) -> String {
        var members: [(key: String, value: String)] = [
            ("source", JSONWriter.string(result.scene.sourcePath)),
            ("output", JSONWriter.string(result.scene.outputPath)),
        ]
        if let device = result.scene.device { members.append(("device", JSONWriter.string(device.description))) }
        switch result.outcome {
        case .written(let width, let height, let byteCount, let hash):
            members += [
                ("status", JSONWriter.string("ok")), ("width", "\(width)"), ("height", "\(height)"),
                ("bytes", "\(byteCount)"),
                ("hash", JSONWriter.string(FNV1a64.hexDigits(hash))),
            ]
        case .failed(let message):
            members += [("status", JSONWriter.string("error")), ("error", JSONWriter.string(message))]
        }
        return JSONWriter.object(members)
    }
}
