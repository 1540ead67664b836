import Foundation
import Support

/// What `bench` divides the rendering rows (S1–S3) by: Blend2D's engine-only minima, from the
/// anchor table (BENCHMARKS.md, "The anchors") or timed in the same hour by
/// `Tools/blend2d-anchors.py` (`bench --anchors FILE`).
public struct RenderAnchors: Sendable, Equatable {
    /// The name shown in the anchor column.
    public var name: String
    /// The anchor's minimum per scene name (`"S1"`, `"S2"`, `"S3"`), in milliseconds.
    public var milliseconds: [String: Double]

    /// The anchor table's Blend2D minima (7.5, 5.7 and 1.8 ms), measured when the project began.
    /// Blend2D timed beside `bench` since has run 2–3x faster on the same kind of machine, so
    /// ratios against these flatter the project; `bench` says so under its table.
    public static let table = RenderAnchors(name: "Blend2D", milliseconds: ["S1": 7.5, "S2": 5.7, "S3": 1.8])

    /// Creates anchors from their figures.
    public init(name: String, milliseconds: [String: Double]) {
        self.name = name
        self.milliseconds = milliseconds
    }

    /// Reads the JSON `Tools/blend2d-anchors.py` prints: `{"library": …, "S2": {"engine_min_ms": …}, …}`.
    /// The scenes it timed get its figures; at least one must be there.
    ///
    /// - Throws: `RenderAnchors.Error` naming the JSON path and the rule broken.
    public init(json bytes: [UInt8]) throws(Error) {
        let file = try AnchorsFileError.decode(AnchorsFile.self, from: bytes, rule: Self.rule(at:))
        var figures: [String: Double] = [:]
        for (scene, times) in [("S1", file.s1), ("S2", file.s2), ("S3", file.s3)] {
            guard let times else { continue }
            guard times.engineMinimum.isFinite, times.engineMinimum > 0 else {
                throw Error(path: "\(scene).engine_min_ms", message: "must be a number greater than 0")
            }
            figures[scene] = times.engineMinimum
        }
        guard !figures.isEmpty else {
            throw Error(
                path: "(root)",
                message: "names none of the scenes S1, S2, S3 (nor diff_changed, as pixelmatch's file does)")
        }
        self.init(name: "Blend2D (\(file.library.map { "\($0), " } ?? "")same hour)", milliseconds: figures)
    }

    /// What the value at `keys` must be.
    private static func rule(at keys: [any CodingKey]) -> String {
        switch keys.last?.stringValue {
        case "library": "must be a string"
        case "engine_min_ms": "must be a number greater than 0"
        default: "must be an object with engine_min_ms"
        }
    }

    /// The file's shape; other keys (`samples`, the whole and replay times) are for people.
    private struct AnchorsFile: Decodable {
        struct SceneTimes: Decodable {
            var engineMinimum: Double
            enum CodingKeys: String, CodingKey { case engineMinimum = "engine_min_ms" }
        }
        var library: String?
        var s1: SceneTimes?
        var s2: SceneTimes?
        var s3: SceneTimes?
        enum CodingKeys: String, CodingKey {
            case library
            case s1 = "S1"
            case s2 = "S2"
            case s3 = "S3"
        }
    }

    /// An anchors file that cannot be used.
    public typealias Error = AnchorsFileError
}
