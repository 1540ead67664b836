import Benchmark
import Foundation
import Geometry
import Raster
import Testing

/// `Tools/blend2d-anchors.py` builds the reference scenes itself, for Blend2D; its operations must
/// be ReferenceScenes.swift's exactly, or its anchors time another picture.
struct AnchorScriptSceneTests {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A JSON value as the script prints them. Decoded with `JSONDecoder`, whose doubles are the
    /// text's exactly (`JSONSerialization` made some long ones `NSDecimalNumber`s, one ulp off).
    indirect enum Value: Decodable, Equatable {
        case number(Double)
        case string(String)
        case array([Value])
        case null

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let n = try? c.decode(Double.self) {
                self = .number(n)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else {
                self = .array(try c.decode([Value].self))
            }
        }
    }

    /// The script's printout: the canvas size and the frames.
    struct Printout: Decodable {
        var width: Int
        var height: Int
        var frames: [[Value]]
    }

    /// What the script prints for `scene` with `--print-operations` (it needs python3, not Blend2D).
    static func scriptOperations(_ scene: String) throws -> Printout {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("Tools/blend2d-anchors.py").path, "--print-operations", scene,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode(Printout.self, from: data)
    }

    /// One operation as the script prints it.
    static func expected(_ op: DrawOperation) -> Value {
        func numbers(_ values: [Double]) -> Value { .array(values.map(Value.number)) }
        func colour(_ c: Color) -> Value { numbers([c.red, c.green, c.blue, c.alpha].map(Double.init)) }
        func matrix(_ m: Geometry.AffineTransform) -> Value {
            m == .identity ? .null : numbers([m.a, m.b, m.c, m.d, m.tx, m.ty])
        }
        switch op {
        case .clear(let c):
            return .array([.string("clear"), colour(c)])
        case .fillRoundedRect(let r, let radius, let c, let m):
            return .array([
                .string("fill"), numbers([r.minX, r.minY, r.width, r.height, radius]), colour(c), matrix(m),
            ])
        case .border(let r, let radius, let width, let c, let m):
            let half = width / 2
            let inset = [r.minX + half, r.minY + half, r.width - width, r.height - width, max(radius - half, 0)]
            return .array([.string("stroke"), numbers(inset), .number(width), colour(c), matrix(m)])
        case .text(let s, let origin, let size, let c, let m):
            return .array([
                .string("text"), numbers([origin.x, origin.y]), .string(s), .number(size), colour(c), matrix(m),
            ])
        }
    }

    @Test(arguments: ReferenceScenes.all)
    func theScriptBuildsTheSameOperations(scene: ReferenceScene) throws {
        let printed = try Self.scriptOperations(scene.name)
        #expect(printed.width == scene.width && printed.height == scene.height)
        let frames = printed.frames
        try #require(frames.count == scene.frames.count)
        for (f, (theirs, ours)) in zip(frames, scene.frames).enumerated() {
            try #require(theirs.count == ours.count, "frame \(f)")
            for (k, (a, b)) in zip(theirs, ours).enumerated() {
                let expected = Self.expected(b)
                try #require(a == expected, "\(scene.name) frame \(f) operation \(k): \(a) against \(expected)")
            }
        }
    }
}

extension ReferenceScene: CustomTestStringConvertible {
    public var testDescription: String { name }
}
