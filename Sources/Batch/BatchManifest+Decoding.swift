import Scene

/// Reading a manifest back, so shard manifests can be checked and merged.
extension BatchManifest {
    /// Decodes a manifest written by `json`.
    ///
    /// Every key is checked: the format name, version 1, the `fnv1a64` hash,
    /// the shard, each scene's fields for its status, and that `counts`
    /// matches the scene list. Unknown keys are errors, as in scene files.
    ///
    /// - Parameter bytes: The UTF-8 JSON text.
    /// - Throws: `BatchError.invalidManifest` naming the JSON path, e.g.
    ///   `scenes[2].hash: must be 16 lowercase hexadecimal digits`.
    /// - Complexity: O(n) in the length of `bytes`.
    public init(jsonBytes bytes: [UInt8]) throws(BatchError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalidManifest(location: error.path, reason: error.message)
        }
        let top = try ManifestObject(root, path: "(root)")
        try top.checkKeys(["format", "version", "hashAlgorithm", "shard", "counts", "devices", "scenes"])
        guard try top.string("format") == BatchManifest.format else {
            throw .invalidManifest(location: "format", reason: "must be \"\(BatchManifest.format)\"")
        }
        guard try top.integer("version") == BatchManifest.version else {
            throw .invalidManifest(location: "version", reason: "must be \(BatchManifest.version)")
        }
        guard try top.string("hashAlgorithm") == FNV1a64.name else {
            throw .invalidManifest(location: "hashAlgorithm", reason: "must be \"\(FNV1a64.name)\"")
        }
        let shardObject = try top.object("shard")
        try shardObject.checkKeys(["index", "count"])
        let shard: BatchShard
        do {
            shard = try BatchShard(index: shardObject.integer("index"), count: shardObject.integer("count"))
        } catch {
            throw .invalidManifest(location: "shard", reason: "index must be from 1 to count, and count at least 1")
        }
        let counts = try top.object("counts")
        try counts.checkKeys(["batch", "shard", "ok", "error"])
        guard case .array(let entries) = try top.value("scenes") else {
            throw .invalidManifest(location: "scenes", reason: "must be an array")
        }
        var results: [BatchSceneResult] = []
        for (i, entry) in entries.enumerated() {
            results.append(try BatchManifest.decodeResult(entry, path: "scenes[\(i)]"))
        }
        var devices: [String] = []
        if top.contains("devices") {
            guard case .array(let names) = try top.value("devices"), !names.isEmpty else {
                throw .invalidManifest(location: "devices", reason: "must be a non-empty array of device names")
            }
            for (i, name) in names.enumerated() {
                guard case .string(let text) = name, (try? SceneDeviceVariant(parsing: text)) != nil else {
                    throw .invalidManifest(location: "devices[\(i)]", reason: "must be a device name")
                }
                devices.append(text)
            }
        }
        self.init(shard: shard, batchSceneCount: try counts.integer("batch"), results: results, devices: devices)
        guard try counts.integer("shard") == results.count, try counts.integer("ok") == succeededCount,
            try counts.integer("error") == failedCount, results.count <= batchSceneCount
        else {
            throw .invalidManifest(location: "counts", reason: "does not match the scene list")
        }
    }

    /// One entry of `scenes`.
    private static func decodeResult(_ value: JSONValue, path: String) throws(BatchError) -> BatchSceneResult {
        let entry = try ManifestObject(value, path: path)
        var scene = BatchScene(sourcePath: try entry.string("source"), outputPath: try entry.string("output"))
        var keys: Set<String> = ["source", "output", "status"]
        if entry.contains("device") {
            keys.insert("device")
            let name = try entry.string("device")
            do {
                scene.device = try SceneDeviceVariant(parsing: name)
            } catch {
                throw .invalidManifest(location: path + ".device", reason: error.message)
            }
        }
        switch try entry.string("status") {
        case "ok":
            try entry.checkKeys(keys.union(["width", "height", "bytes", "hash"]))
            let hashText = try entry.string("hash")
            guard hashText.utf8.count == 16,
                hashText.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                let hash = UInt64(hashText, radix: 16)
            else {
                throw .invalidManifest(location: path + ".hash", reason: "must be 16 lowercase hexadecimal digits")
            }
            return BatchSceneResult(
                scene: scene,
                outcome: .written(
                    width: try entry.integer("width"), height: try entry.integer("height"),
                    byteCount: try entry.integer("bytes"), hash: hash))
        case "error":
            try entry.checkKeys(keys.union(["error"]))
            return BatchSceneResult(scene: scene, outcome: .failed(message: try entry.string("error")))
        default:
            throw .invalidManifest(location: path + ".status", reason: "must be \"ok\" or \"error\"")
        }
    }
}

/// A JSON object of a manifest, with typed member access that names the JSON path in errors.
private struct ManifestObject {
    let members: [(key: String, value: JSONValue)]
    let path: String

    init(_ value: JSONValue, path: String) throws(BatchError) {
        guard case .object(let members) = value else {
            throw .invalidManifest(location: path, reason: "must be an object, not \(value.kindDescription)")
        }
        self.members = members
        self.path = path
    }

    private func location(_ key: String) -> String { path == "(root)" ? key : path + "." + key }

    /// Rejects keys not in `allowed`.
    func checkKeys(_ allowed: Set<String>) throws(BatchError) {
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw .invalidManifest(location: path, reason: "unknown key \"\(unknown.key)\"")
        }
    }

    func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    func value(_ key: String) throws(BatchError) -> JSONValue {
        guard let member = members.first(where: { $0.key == key }) else {
            throw .invalidManifest(location: path, reason: "missing key \"\(key)\"")
        }
        return member.value
    }

    func string(_ key: String) throws(BatchError) -> String {
        guard case .string(let text) = try value(key) else {
            throw .invalidManifest(location: location(key), reason: "must be a string")
        }
        return text
    }

    func integer(_ key: String) throws(BatchError) -> Int {
        guard case .number(let number) = try value(key), number >= 0, number <= 9e15, number == number.rounded(.down)
        else {
            throw .invalidManifest(location: location(key), reason: "must be a whole number ≥ 0")
        }
        return Int(number)
    }

    func object(_ key: String) throws(BatchError) -> ManifestObject {
        try ManifestObject(try value(key), path: location(key))
    }
}
