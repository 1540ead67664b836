import Batch
import Foundation
import Scene
import Support

/// The results of a `test` run: every scene and frame checked, and the baselines no scene uses.
///
/// Written to the report folder as `results.json` (a whole run, or shards merged) or
/// `results-K-of-N.json` (one shard). Holds no times, dates or absolute paths, so the same
/// suite gives the same bytes on every machine, and merged shards equal an unsharded run.
public struct SuiteResults: Codable, Hashable, Sendable {
    /// The baselines folder, as given.
    public var baselines: String
    /// The record mode of the run.
    public var recordMode: String
    /// What counted as a difference, e.g. `yiq threshold 0.1, anti-aliasing not counted, no budget`.
    public var comparison: String
    /// The shard (`K/N`) these results cover; nil for a whole run.
    public var shard: String?
    /// In a shard's results, how many scenes the whole run checks (all shards together), so
    /// that `merge` can tell shards cut from different suites apart; nil (and no key in the
    /// JSON) for a whole run.
    public var runScenes: Int?
    /// How many scenes ended with each status, and in all (`scenes`), and how many of the passed
    /// ones passed only within the tolerance (`withinTolerance`).
    public var counts: [String: Int]
    /// Each scene, in the suite's order.
    public var scenes: [SceneCheck]
    /// Baseline files (relative to `baselines`) that no scene of the suite uses.
    public var orphanedBaselines: [String]
    /// Whether the orphaned baselines were deleted (`--prune`).
    public var pruned: Bool
    /// The devices every scene was checked on (`--device`, sorted), or nil (and no key in the
    /// JSON) for scenes on their own canvases.
    public var devices: [String]?

    /// Creates results; `counts` is computed from `scenes`.
    public init(
        baselines: String, recordMode: String, comparison: String, shard: String?, scenes: [SceneCheck],
        orphanedBaselines: [String], pruned: Bool, devices: [String]? = nil, runScenes: Int? = nil
    ) {
        self.baselines = baselines
        self.recordMode = recordMode
        self.comparison = comparison
        self.shard = shard
        self.runScenes = runScenes
        self.scenes = scenes
        self.orphanedBaselines = orphanedBaselines
        self.pruned = pruned
        self.devices = devices
        counts = SuiteResults.counts(of: scenes)
    }

    /// The `devices` entry of a run on `variants`: their names, each once, sorted; nil for none.
    public static func deviceList(_ variants: [SceneDeviceVariant]) -> [String]? {
        variants.isEmpty ? nil : SceneDeviceVariant.names(variants)
    }

    /// Scenes per status, plus `scenes`, and `withinTolerance`: those of the passed ones that
    /// passed only within the tolerance (`SceneCheck.passedWithinTolerance`).
    static func counts(of scenes: [SceneCheck]) -> [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: SnapshotStatus.allCases.map { ($0.rawValue, 0) })
        for scene in scenes { counts[scene.status.rawValue, default: 0] += 1 }
        counts["scenes"] = scenes.count
        counts["withinTolerance"] = scenes.filter(\.passedWithinTolerance).count
        return counts
    }

    /// Whether every scene passed (a recorded baseline fails the run that records it).
    public var succeeded: Bool { scenes.allSatisfy { !$0.status.isFailure } }

    /// Whether some baseline is there but is not a readable PNG: an input error (exit status 65)
    /// rather than a difference.
    public var hasUnreadableBaseline: Bool { scenes.contains { $0.frames.contains(where: \.baselineUnreadable) } }

    /// The file name of these results in the report folder.
    public static func fileName(for shard: BatchShard) -> String {
        shard.count == 1 ? "results.json" : "results-\(shard.index)-of-\(shard.count).json"
    }

    /// Whether `name` is a results file name (`results.json` or `results-K-of-N.json`).
    public static func isShardFileName(_ name: String) -> Bool {
        name.hasPrefix("results-") && name.hasSuffix(".json") && name.contains("-of-")
    }

    /// The JSON text: pretty-printed, keys sorted, slashes unescaped, a final newline.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Whether `path`, relative to a folder, stays inside it: not empty, not absolute, no `..`
    /// component, and no NUL (where the system would cut the path short).
    static func staysInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && !path.contains("\0")
    }

    /// The keys whose numbers are whole (`Int` fields, or collections of them) in results, as
    /// `SuiteResults`, `FrameCheck` and `ComparisonNumbers` name them.
    static let wholeNumberKeys: Set<String> = [
        "counts", "runScenes", "frame", "differentPixels", "totalPixels", "antiAliasedPixels", "allowedDifferentPixels",
        "regions",
    ]

    /// The JSON path of the first number under a `wholeNumberKeys` key that is not a whole
    /// number within `Int`'s range, and whether it is whole (then too large); nil when there is
    /// none.
    static func misfitWholeNumber(
        in value: JSONValue, at path: String = "", mustBeWhole: Bool = false
    ) -> (path: String, isWhole: Bool)? {
        switch value {
        case .number(let number):
            if mustBeWhole && Int(exactly: number) == nil {
                return (path.isEmpty ? "(root)" : path, number.rounded() == number)
            }
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let found = misfitWholeNumber(in: item, at: "\(path)[\(i)]", mustBeWhole: mustBeWhole) {
                    return found
                }
            }
        case .object(let entries):
            for (key, item) in entries {
                let inner = path.isEmpty ? key : path + "." + key
                let whole = mustBeWhole || wholeNumberKeys.contains(key)
                if let found = misfitWholeNumber(in: item, at: inner, mustBeWhole: whole) { return found }
            }
        case .null, .bool, .string: break
        }
        return nil
    }

    /// The largest results file read (512 MB, the bound `merge` sets for a manifest).
    static let maximumFileSize = 512 << 20

    /// Reads results written by `jsonText()`.
    ///
    /// - Throws: `SuiteError.invalidResults` naming the file and what is wrong.
    public static func read(path: String) throws -> SuiteResults {
        let data: Data
        do {
            // Read as every other input is: a pipe or a device is refused, not waited on.
            data = Data(try FileBytes.read(path, maximumSize: maximumFileSize))
        } catch {
            throw SuiteError.noResults(path)
        }
        let results: SuiteResults
        do {
            results = try JSONDecoder().decode(SuiteResults.self, from: data)
        } catch {
            var reason = DecodingFailure.line(error)
            // Foundation's decoder says only that the document is not JSON; the scene parser
            // says where. It says the same of a number that does not fit its whole-number field
            // (a frame of 1.5): the document then parses, and the number is found by its key.
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
                do {
                    let root = try JSONParser.parse(Array(data))
                    if let misfit = misfitWholeNumber(in: root) {
                        reason = "\(misfit.path): \(misfit.isWhole ? "is too large" : "must be a whole number")"
                    }
                } catch {
                    reason = "\(error)"
                }
            }
            throw SuiteError.invalidResults(path: path, reason: "not the results of a test run: \(reason)")
        }
        // A test run lists each scene once and each frame of a scene once; approving a frame
        // listed twice would write its baseline twice (200 copies of a scene took 26 s).
        var sceneIndices: [String: Int] = [:]
        var baselineOwners: [String: Int] = [:]
        for (s, scene) in results.scenes.enumerated() {
            if let first = sceneIndices.updateValue(s, forKey: scene.name) {
                throw SuiteError.invalidResults(
                    path: path, reason: "scenes[\(s)] (\(scene.name)) lists the scene of scenes[\(first)] again")
            }
            var frames = Set<String>()
            for (f, frame) in scene.frames.enumerated() {
                // A results file edited to reach outside its folders must not make `approve`
                // write there, nor `merge` link to it from the report.
                let paths = [frame.baseline, frame.expected, frame.actual, frame.diff].compactMap { $0 }
                guard paths.allSatisfy(staysInside) else {
                    throw SuiteError.invalidResults(
                        path: path,
                        reason:
                            "scenes[\(s)].frames[\(f)] (\(frame.name)): a path leaves its folder (\(paths.joined(separator: ", ")))"
                    )
                }
                guard frames.insert(frame.name).inserted else {
                    throw SuiteError.invalidResults(
                        path: path, reason: "scenes[\(s)] (\(scene.name)) lists its frame \(frame.name) twice")
                }
                if let owner = baselineOwners.updateValue(s, forKey: frame.baseline), owner != s {
                    throw SuiteError.invalidResults(
                        path: path,
                        reason:
                            "scenes[\(s)] (\(scene.name)) and scenes[\(owner)] (\(results.scenes[owner].name)) both name the baseline \(frame.baseline)"
                    )
                }
            }
        }
        return results
    }
}
