import Foundation

/// What `bench` divides the changed-diff row by: pixelmatch's minimum on the same two frames
/// (`DiffFrames`), either the fixed figure of BENCHMARKS.md ("Image diff") or pixelmatch timed
/// under Node in the same hour by `Tools/pixelmatch-anchors.mjs` (`bench --anchors FILE`).
public struct PixelmatchAnchor: Sendable, Equatable {
    /// The name shown in the anchor column.
    public var name: String
    /// pixelmatch's minimum for the changed frames, in milliseconds.
    public var changedMilliseconds: Double

    /// pixelmatch 7.1 on the first machine (an AMD EPYC, 2026-11-23): 10.6 ms. Slower machines
    /// run pixelmatch slower too, so the ratio against this fixed figure is only a guide there;
    /// `bench` says so under its table.
    public static let table = PixelmatchAnchor(name: "pixelmatch", changedMilliseconds: 10.6)

    /// Creates an anchor from its figure.
    public init(name: String, changedMilliseconds: Double) {
        self.name = name
        self.changedMilliseconds = changedMilliseconds
    }

    /// Reads the JSON `Tools/pixelmatch-anchors.mjs` prints:
    /// `{"library": "pixelmatch 7.1.0", "diff_changed": {"min_ms": …}, …}`.
    ///
    /// - Throws: `AnchorsFileError` naming the JSON path and the rule broken.
    public init(json bytes: [UInt8]) throws(AnchorsFileError) {
        let file = try AnchorsFileError.decode(
            AnchorsFile.self, from: bytes,
            rule: { keys in
                switch keys.last?.stringValue {
                case "library": "must be a string"
                case "min_ms": "must be a number greater than 0"
                default: "must be an object with min_ms"
                }
            })
        let minimum = file.diffChanged.minimum
        guard minimum.isFinite, minimum > 0 else {
            throw AnchorsFileError(path: "diff_changed.min_ms", message: "must be a number greater than 0")
        }
        self.init(name: "\(file.library ?? "pixelmatch") (same hour)", changedMilliseconds: minimum)
    }

    /// Whether `bytes` look like the output of `Tools/pixelmatch-anchors.mjs` rather than of
    /// `Tools/blend2d-anchors.py`: a JSON object with a `diff_changed` member, whatever its value.
    public static func isPixelmatchFile(_ bytes: [UInt8]) -> Bool {
        (try? JSONDecoder().decode(Marker.self, from: Data(bytes)))?.hasDiffChanged ?? false
    }

    /// The file's shape; other keys (`node`, `frames`, `rounds`, `samples`, `pixels`,
    /// `project_pixels`, `project`, `ratio`) are for people.
    private struct AnchorsFile: Decodable {
        struct Times: Decodable {
            var minimum: Double
            enum CodingKeys: String, CodingKey { case minimum = "min_ms" }
        }
        var library: String?
        var diffChanged: Times
        enum CodingKeys: String, CodingKey {
            case library
            case diffChanged = "diff_changed"
        }
    }

    /// Only whether the file is an object with a `diff_changed` member, whatever its value.
    private struct Marker: Decodable {
        var hasDiffChanged: Bool
        enum CodingKeys: String, CodingKey { case diffChanged = "diff_changed" }
        init(from decoder: any Decoder) throws {
            hasDiffChanged = try decoder.container(keyedBy: CodingKeys.self).contains(.diffChanged)
        }
    }
}
