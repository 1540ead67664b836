import Benchmark
import Foundation
import TestSupport
import Testing

/// `bench --write-diff-frames` and `Tools/pixelmatch-anchors.mjs`, which times pixelmatch on
/// those frames for `bench --anchors`. pixelmatch is not part of the project, so the script is
/// run here on a plain count of the pixels whose bytes differ, given with `--pixelmatch`: what
/// it reports then shows that it read the very frames the bench compares.
struct PixelmatchAnchorsScriptTests {
    /// `node`, if this machine has it on its PATH.
    static let node: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the script with `arguments` under Node, its temporary files in `temporary`.
    static func runScript(_ arguments: [String], temporary: String) throws -> CommandRun {
        let node: String = try #require(Self.node)
        let script = BinaryLocator.repositoryRoot.appendingPathComponent("Tools/pixelmatch-anchors.mjs").path
        return try CommandRun.run(
            [script] + arguments, in: temporary, environment: ["TMPDIR": temporary], binary: node)
    }

    /// A module that counts the pixels whose four bytes are not all equal, as pixelmatch's
    /// signature takes them.
    static let byteCount = """
        module.exports = function (a, b, output, width, height) {
            let count = 0;
            for (let i = 0; i < width * height * 4; i += 4) {
                if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) count++;
            }
            return count;
        };
        """

    @Test func benchWritesTheFramesItCompares() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["bench", "--write-diff-frames", "frames/new"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(folder.files(under: "frames/new").sorted() == ["changed.rgba", "expected.rgba", "frames.json"])
        let frames = try DiffFrames()
        #expect(folder.bytes("frames/new/expected.rgba") == frames.expected.pixels)
        #expect(folder.bytes("frames/new/changed.rgba") == frames.changed.pixels)
        for (arguments, message) in [
            (["--write-diff-frames", "x", "--json"], "--json and --write-diff-frames cannot be combined"),
            (["--write-diff-frames", "x", "--samples", "3"], "--samples and --write-diff-frames cannot be combined"),
            (["--write-diff-frames", ""], "--write-diff-frames must not be empty"),
        ] {
            let refused = try CommandRun.run(["bench"] + arguments, in: folder.path)
            #expect(refused.status == 64 && refused.errorLines.count == 1, "\(arguments)")
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
        #expect(!folder.exists("x"))
    }

    @Test func benchTakesOneAnchorsFileOfEachKind() throws {
        let folder = try TemporaryFolder()
        try folder.write("blend2d.json", #"{"S2": {"engine_min_ms": 1000}}"#)
        try folder.write("pixelmatch.json", #"{"library": "pixelmatch 9.9.9", "diff_changed": {"min_ms": 2000}}"#)
        let both = try CommandRun.run(
            [
                "bench", "--only", "s2,diff", "--samples", "1", "--anchors", "pixelmatch.json", "--anchors",
                "blend2d.json",
            ],
            in: folder.path)
        let table = String(decoding: both.standardOutput, as: UTF8.self)
        #expect(both.status == 0, "\(both.standardError)")
        #expect(table.contains("| Blend2D (same hour) | 1000.00 |"), "\(table)")
        #expect(table.contains("| pixelmatch 9.9.9 (same hour) | 2000.00 |"), "\(table)")
        #expect(!table.contains("anchor table") && !table.contains("fixed 10.6 ms"))
        // Without pixelmatch's file, the fixed figure and a note saying what it is.
        let fixed = try CommandRun.run(["bench", "--only", "diff", "--samples", "1"], in: folder.path)
        let fixedTable = String(decoding: fixed.standardOutput, as: UTF8.self)
        #expect(fixedTable.contains("| pixelmatch | 10.60 |") && fixedTable.contains("pixelmatch's fixed 10.6 ms"))
        try folder.write("bad.json", #"{"diff_changed": {"min_ms": -1}}"#)
        for (arguments, status, line) in [
            (
                ["pixelmatch.json", "pixelmatch.json"], Int32(64),
                "error: --anchors: pixelmatch.json and pixelmatch.json both give pixelmatch's figures; give one of each kind"
            ),
            (["bad.json"], 66, "error: bad.json: diff_changed.min_ms: must be a number greater than 0"),
        ] {
            let refused = try CommandRun.run(
                ["bench", "--only", "diff", "--samples", "1"] + arguments.flatMap { ["--anchors", $0] }, in: folder.path
            )
            #expect(refused.status == status && refused.errorLines == [line], "\(refused.standardError)")
        }
    }

    @Test(.enabled(if: node != nil, "needs node on the PATH"))
    func theScriptTimesTheModuleOnTheBenchsFrames() throws {
        let folder = try TemporaryFolder()
        try folder.write("count/package.json", #"{"name": "byte-count", "version": "1.2.3", "main": "index.js"}"#)
        try folder.write("count/index.js", Self.byteCount)
        try folder.write("temporary/.keep", "")
        let binary = try #require(BinaryLocator.collectionPreview)
        let run = try Self.runScript(
            [
                "--bench", binary, "--pixelmatch", folder.url("count"), "--rounds", "2", "--samples", "2",
                "--bench-samples", "1",
            ], temporary: folder.url("temporary"))
        #expect(run.status == 0, "\(run.standardError)")
        struct Output: Decodable {
            struct Times: Decodable { var minMs, medianMs: Double }
            struct Project: Decodable { var diffChangedMinMs: Double }
            var library, frames: String
            var rounds, samples, pixels, projectPixels: Int
            var diffChanged: Times
            var project: Project
            var ratio: Double
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let output = try decoder.decode(Output.self, from: Data(run.standardOutput))
        #expect(output.library == "byte-count 1.2.3" && output.frames == "1170x2532")
        #expect(output.rounds == 2 && output.samples == 2)
        // Every pixel of the inverted block differs in its bytes, and none outside it.
        #expect(output.pixels == DiffFrames.changedBlock.width * DiffFrames.changedBlock.height)
        #expect(output.projectPixels == (try DiffFrames()).differentPixels)
        #expect(run.standardError.contains("warning: pixelmatch counted 29584 different pixels, the project"))
        #expect(output.diffChanged.minMs > 0 && output.diffChanged.medianMs >= output.diffChanged.minMs)
        #expect(output.project.diffChangedMinMs > 0 && output.ratio > 0)
        // The output is an anchors file for the bench.
        let anchor = try PixelmatchAnchor(json: run.standardOutput)
        #expect(anchor.name == "byte-count 1.2.3 (same hour)")
        // The frames' temporary folder is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url("temporary")) == [".keep"])
    }

    @Test(.enabled(if: node != nil, "needs node on the PATH"))
    func theScriptFailsInOneLineAndLeavesNoFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("temporary/.keep", "")
        try folder.write("temporary/count/index.js", Self.byteCount)
        let binary = try #require(BinaryLocator.collectionPreview)
        for (arguments, status, line) in [
            (
                [String](), Int32(64),
                "error: --bench is required; usage: node Tools/pixelmatch-anchors.mjs --bench BINARY"
            ),
            (["--bench", binary, "--rounds", "0"], 64, "error: --rounds must be a whole number of at least 1, got 0"),
            (["--bench", binary, "--frames"], 64, "error: unknown option '--frames'"),
            (["--bench", binary, "--pixelmatch", "absent"], 66, "error: --pixelmatch absent: no such file or folder"),
            (["--bench", "absent-binary", "--pixelmatch", "count"], 66, "error: absent-binary: not found"),
            // A bench that fails once the frames' temporary folder exists: the folder goes too.
            (["--bench", "/bin/false", "--pixelmatch", "count"], 1, "error: /bin/false bench --write-diff-frames "),
        ] {
            let run = try Self.runScript(arguments, temporary: folder.url("temporary"))
            #expect(run.status == status && run.errorLines.count == 1, "\(arguments): \(run.standardError)")
            #expect(run.standardError.hasPrefix(line), "\(run.standardError)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url("temporary")).sorted() == [".keep", "count"])
    }
}
