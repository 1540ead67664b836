import Foundation
import PNG
import TestSupport
import Testing

/// What a run of the `collection-preview` binary produced.
struct CommandRun {
    /// The exit status.
    var status: Int32
    /// Standard output, as bytes.
    var standardOutput: [UInt8]
    /// Standard error, as text.
    var standardError: String

    /// The lines of standard error (without the final empty one).
    var errorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Runs the built binary (or `binary`) with `arguments` in `directory`.
    ///
    /// The shard variables of the test's own environment are removed; `environment` adds to it.
    /// Output goes through files, not pipes, so a large PNG on standard output cannot block.
    /// Records an issue and throws when the binary has not been built.
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], binary: String? = nil
    ) throws -> CommandRun {
        let binary =
            try binary
            ?? #require(
                BinaryLocator.collectionPreview,
                "the collection-preview executable was not found next to the test bundle")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["JOB_COMPLETION_INDEX"] = nil
        env["CP_SHARD_COUNT"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let captures = NSTemporaryDirectory() + "/cp-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: captures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: captures) }
        let outPath = captures + "/stdout", errPath = captures + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CommandRun(
            status: process.terminationStatus,
            standardOutput: [UInt8](FileManager.default.contents(atPath: outPath) ?? Data()),
            standardError: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
    }
}

@Suite struct RenderCommandTests {
    @Test func rendersATinySceneToAPNGOfThePixelSize() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid(width: 80, height: 60, scale: 2))
        let run = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.isEmpty)
        let image = try PNGDecoder.decode(try #require(folder.bytes("out.png")))
        #expect(image.width == 160 && image.height == 120)
        #expect(image[0, 0].alpha == 255)  // the canvas background is opaque white
        #expect(folder.files() == ["out.png", "scene.json"])
    }

    @Test func renderingIsDeterministicAndStandardOutputGivesTheSameBytes() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        #expect(try CommandRun.run(["render", "scene.json", "-o", "a.png"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["render", "scene.json", "--output", "b.png"], in: folder.path).status == 0)
        let piped = try CommandRun.run(["render", "scene.json", "-o", "-"], in: folder.path)
        #expect(piped.status == 0)
        let a = try #require(folder.bytes("a.png"))
        #expect(folder.bytes("b.png") == a)
        #expect(piped.standardOutput == a)
    }

    /// `-o -` on a terminal is refused with a usage error, before anything is rendered; piped
    /// (above) it writes the PNG. The terminal is a pseudo-terminal that script(1) opens.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func standardOutputOnATerminalIsRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        let binary = try #require(BinaryLocator.collectionPreview)
        let run = try CommandRun.run(
            ["-qec", "'\(binary)' render scene.json -o -", "/dev/null"], in: folder.path, binary: "/usr/bin/script")
        let shown = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 64, "\(shown)")
        #expect(shown.contains("standard output is a terminal; redirect it"), "\(shown)")
        #expect(!run.standardOutput.contains(0x89) && !shown.contains("IHDR"))
        #expect(folder.files() == ["scene.json"])
    }

    @Test func scaleOverridesTheCanvasScale() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid(width: 50, height: 30, scale: 2))
        let run = try CommandRun.run(["render", "scene.json", "-o", "out.png", "--scale", "3"], in: folder.path)
        #expect(run.status == 0)
        let image = try PNGDecoder.decode(try #require(folder.bytes("out.png")))
        #expect(image.width == 150 && image.height == 90)
    }

    @Test func deviceShowsTheSceneOnThatScreenForRenderLayoutAndAnimate() throws {
        let folder = try TemporaryFolder()
        let body = #"""
            "layout": {"type": "flow", "itemSize": {"width": 80, "height": 50}}, "sections": [{"itemCount": 40}],
            "animation": {"fps": 10, "steps": [{"deleteItems": [[0, 0]], "duration": 0.3}]}
            """#
        try folder.write(
            "scene.json", ##"{"canvas": {"width": 50, "height": 30, "background": "#FFFFFF"}, "## + body + "}")
        try folder.write("phone.json", #"{"device": "iPhone SE", "# + body + "}")
        for moment in [[], ["--at", "0.15"]] {
            let run = try CommandRun.run(
                ["render", "scene.json", "-o", "out.png", "--device", "iPhone SE"] + moment, in: folder.path)
            #expect(run.status == 0, "\(run.standardError)")
            let phone = try CommandRun.run(["render", "phone.json", "-o", "phone.png"] + moment, in: folder.path)
            #expect(phone.status == 0)
            #expect(folder.bytes("out.png") == folder.bytes("phone.png"), "\(moment)")
        }
        let layout = try CommandRun.run(["layout", "scene.json", "--device", "iPhone SE"], in: folder.path)
        #expect(
            layout.standardOutput == (try CommandRun.run(["layout", "phone.json"], in: folder.path)).standardOutput)
        #expect(String(decoding: layout.standardOutput, as: UTF8.self).contains(#""contentSize": {"width": 375,"#))
        let sheet = try CommandRun.run(
            ["animate", "scene.json", "--contact-sheet", "sheet.png", "--device", "iPhone SE", "-q"], in: folder.path)
        #expect(sheet.status == 0)
        let phoneSheet = try CommandRun.run(
            ["animate", "phone.json", "--contact-sheet", "phone-sheet.png", "-q"], in: folder.path)
        #expect(phoneSheet.status == 0)
        #expect(folder.bytes("sheet.png") != nil && folder.bytes("sheet.png") == folder.bytes("phone-sheet.png"))
        // The usage error names the devices there are.
        for command in [["render", "scene.json", "-o", "x.png"], ["layout", "scene.json"]] {
            let wrong = try CommandRun.run(command + ["--device", "iPhone 12"], in: folder.path)
            #expect(wrong.status == 64 && wrong.errorLines.count == 1)
            #expect(wrong.standardError.hasPrefix("error: --device: unknown device \"iPhone 12\""))
        }
        #expect(
            folder.files() == ["out.png", "phone-sheet.png", "phone.json", "phone.png", "scene.json", "sheet.png"])
    }

    @Test func aPhoneSizedSampleOnAnIPadInLandscapeMatchesItsReference() throws {
        let folder = try TemporaryFolder()
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animal-cells.json").path
        let run = try CommandRun.run(
            ["render", sample, "-o", "ipad.png", "--device", "iPad mini:landscape", "--scale", "1"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        let image = try PNGDecoder.decode(try #require(folder.bytes("ipad.png")))
        #expect(image.width == 1133 && image.height == 744)
        GoldenImage.assertMatches(image, named: "animal-cells.iPad-mini-landscape")
    }

    /// Foundation's `deletingLastPathComponent` traps on a one-character path: `-o x` crashed.
    @Test func oneCharacterOutputsAreWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("s.json", TestScenes.valid())
        #expect(try CommandRun.run(["render", "s.json", "-o", "x"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["batch", "s.json", "-o", "z", "-q"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["render", "s.json", "-o", "z/."], in: folder.path).status == 73)
        #expect(folder.bytes("x") == folder.bytes("z/s.png") && folder.bytes("x") != nil)
    }

    @Test func aBadKeyGivesOneErrorLineAndLeavesTheOldFileAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.json", TestScenes.badKey)
        try folder.write("out.png", "the previous picture")
        let run = try CommandRun.run(["render", "bad.json", "-o", "out.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.errorLines == [#"error: bad.json: layout: unknown key "itemSzie"; did you mean "itemSize"?"#])
        #expect(run.standardError.hasSuffix("\n"))
        #expect(folder.bytes("out.png") == Array("the previous picture".utf8))
        #expect(folder.files() == ["bad.json", "out.png"])  // no temporary file left
    }

    @Test func badScalesAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        for scale in ["0", "-1", "4.5", "nan", "inf"] {
            let run = try CommandRun.run(
                ["render", "scene.json", "-o", "out.png", "--scale=\(scale)"], in: folder.path)
            #expect(run.status == 64, "--scale \(scale)")
            #expect(run.standardError.contains("--scale must be a number greater than 0 and at most 4"), "\(scale)")
        }
        #expect(
            try CommandRun.run(["render", "scene.json", "-o", "out.png", "--scale", "4"], in: folder.path).status == 0)
        #expect(folder.files() == ["out.png", "scene.json"])
    }

    @Test func missingInputsAndUnwritableOutputsAreClearErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        try folder.write("dir/x.txt", "")
        // One byte over the limit (a sparse file): a scene out of limits, not a missing file.
        try folder.write("huge.json", "")
        #expect(truncate(folder.url("huge.json"), 64 << 20 + 1) == 0)
        let cases: [([String], Int32, String)] = [
            (["render", "nope.json", "-o", "out.png"], 66, "error: nope.json: no such file"),
            (
                ["render", "huge.json", "-o", "out.png"], 1,
                "error: huge.json: (root): a scene file must be at most 64 MiB (67108864 bytes), got 67108865"
            ),
            (["render", "dir", "-o", "out.png"], 66, "error: dir: is a directory"),
            (
                ["render", "scene.json", "-o", "missing/out.png"], 73,
                "error: missing/out.png: the folder missing does not exist"
            ),
            (["render", "scene.json", "-o", "dir"], 73, "error: dir: is a folder; give a file name for the PNG"),
            (
                ["render", "scene.json", "-o", "./scene.json"], 64,
                "error: ./scene.json: is the scene file itself; choose another output file"
            ),
        ]
        for (arguments, status, line) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == status, "\(arguments)")
            #expect(run.errorLines == [line], "\(arguments)")
        }
        #expect(folder.files() == ["dir/x.txt", "huge.json", "scene.json"])
    }

    @Test func everyOutputFileInAMissingFolderIsTheSameClearError() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        #expect(try CommandRun.run(["render", "scene.json", "-o", "a.png"], in: folder.path).status == 0)
        for (arguments, file) in [
            (["diff", "a.png", "a.png", "-o", "missing/diff.png"], "missing/diff.png"),
            (["animate", "scene.json", "--apng", "missing/a.png"], "missing/a.png"),
            (["animate", "scene.json", "--contact-sheet", "missing/sheet.png"], "missing/sheet.png"),
        ] {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 73, "\(arguments)")
            #expect(run.errorLines == ["error: \(file): the folder missing does not exist"], "\(arguments)")
        }
        #expect(folder.files() == ["a.png", "scene.json"])
    }

    @Test func aMissingArgumentIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["render", "scene.json"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.standardError.contains("--output"))
    }

    @Test func helpShowsExamples() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["render", "--help"], in: folder.path)
        #expect(run.status == 0)
        let help = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(help.contains("collection-preview render scene.json -o scene@3x.png --scale 3"))
        #expect(help.contains("--scale"))
    }
}
