import Foundation
import TestSupport
import Testing

/// What every command has in common: the exit statuses of one error mapper, help with an exit
/// status section, `--version`, clear messages for bad numbers, and batches that never read
/// their own output.
@Suite struct CommandLineTests {
    /// The commands with the common statuses say so; `layout` and `approve`, which render
    /// nothing, and `diff` and `test`, where 1 means a difference, give their own.
    @Test(arguments: [
        ("render", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("batch", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("merge", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("bench", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("assets", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("animate", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("compact", "Exit status: 0 success; 1 an invalid scene (or a scene that failed to render); 64 bad usage"),
        ("layout", "Exit status: 0 success; 1 an invalid scene; 64 bad usage; 65 an image file the scene names"),
        (
            "approve",
            "Exit status: 0 the baselines hold the run's actual images (written now, or already); 64 bad usage"
        ),
        ("diff", "Exit status: 0 the images match within the tolerance and budgets, 1 they differ, 64 bad usage"),
        ("test", "Exit status: 0 every scene passed, 1 some scene differs"),
    ])
    func everyCommandsHelpHasAnExitStatusSection(_ command: String, _ statuses: String) throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["help", command], in: folder.path)
        // Help is wrapped to the terminal's width: compare with the line breaks folded.
        let text = (String(decoding: run.standardOutput, as: UTF8.self) + run.standardError)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(statuses), "\(text.suffix(600))")
        #expect(text.contains(" 73 "))
    }

    /// Every example in every command's help fits the 80 columns help is printed in when not on a
    /// terminal, so each can be pasted as it is: a long one goes on over lines that end in ` \`.
    @Test func everyHelpExampleCanBePasted() throws {
        let folder = try TemporaryFolder()
        let commands = [
            "render", "layout", "animate", "batch", "diff", "test", "approve", "merge", "compact", "bench", "assets",
        ]
        var examples = 0
        for command in commands {
            let run = try CommandRun.run(["help", command], in: folder.path)
            let lines = String(decoding: run.standardOutput, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(of: "Examples:") else { continue }
            var continued = false
            // The block ends at an empty line or at the exit statuses; a wrapped example would
            // leave a piece of itself, not indented, in between.
            for line in lines[(start + 1)...] {
                if line.isEmpty || line.hasPrefix("Exit status") { break }
                let starts = line.hasPrefix("  collection-preview ") || line.hasPrefix("  COLLECTION_PREVIEW_")
                #expect(line.count <= 80 && (continued ? line.hasPrefix("      ") : starts), "\(command): \(line)")
                continued = line.hasSuffix(" \\")
                examples += 1
            }
            #expect(!continued, "\(command): the last example ends in a continuation")
        }
        #expect(examples >= 25)
    }

    /// An output folder that is a file, and a file output whose folder is missing, are named as
    /// such before any work, with status 73 (66 for baselines only read) and the file left as it
    /// was.
    @Test func outputsOfTheWrongKindAreNamedBeforeAnyWork() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/s.json", TestScenes.valid(count: 2))
        try folder.write("file.png", "keep")
        let cases: [([String], String)] = [
            (
                ["animate", "scenes/s.json", "-o", "file.png"],
                "file.png: is a file, not a folder; give -o a folder for the frames"
            ),
            (
                ["batch", "scenes", "-o", "file.png"],
                "file.png: is a file, not a folder; give -o a folder for the images and the manifest"
            ),
            (
                ["test", "scenes", "--baselines", "b", "--report", "file.png"],
                "file.png: is a file, not a folder; give --report a folder for the report"
            ),
            (
                ["test", "scenes", "--baselines", "file.png"],
                "file.png: is a file, not a folder; give --baselines a folder for the baselines"
            ),
            (["assets", "-o", "file.png"], "file.png: is a file, not a folder; give -o a folder for the pictures"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 73 && run.errorLines == ["error: " + message], "\(arguments): \(run.standardError)")
        }
        // With --record never the baselines are only read: a file there is a missing input (66).
        let readOnly = try CommandRun.run(
            ["test", "scenes", "--baselines", "file.png", "--record", "never"], in: folder.path)
        #expect(
            readOnly.status == 66
                && readOnly.errorLines == [
                    "error: file.png: is a file, not a folder; give --baselines a folder for the baselines"
                ], "\(readOnly.standardError)")
        #expect(folder.bytes("file.png") == Array("keep".utf8))
        #expect(
            try CommandRun.run(["batch", "scenes", "-o", "out", "--shard", "1/1", "-q"], in: folder.path).status == 0)
        let merge = try CommandRun.run(["merge", "out", "-o", "nowhere/m.json"], in: folder.path)
        #expect(merge.status == 73 && merge.errorLines == ["error: nowhere/m.json: the folder nowhere does not exist"])
        let intoAFolder = try CommandRun.run(["merge", "out", "-o", "scenes"], in: folder.path)
        #expect(intoAFolder.errorLines == ["error: scenes: is a folder; give a file name for the manifest"])
    }

    /// The tool run with no arguments prints its help, as `--help` does (exit 0).
    @Test func noArgumentsPrintTheHelp() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run([], in: folder.path)
        let help = try CommandRun.run(["--help"], in: folder.path)
        #expect(run.status == 0 && run.standardError.isEmpty)
        #expect(
            run.standardOutput == help.standardOutput
                && String(decoding: run.standardOutput, as: UTF8.self).contains("SUBCOMMANDS:"))
    }

    /// A first argument that names no command is a usage error on one line that suggests the
    /// command meant, or lists the commands when none is near; `help` with such a name too.
    @Test func anUnknownCommandIsAUsageErrorWithASuggestion() throws {
        let folder = try TemporaryFolder()
        let typo = try CommandRun.run(["rendr", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(typo.status == 64 && typo.standardOutput.isEmpty)
        #expect(typo.errorLines == [#"error: unknown command "rendr"; did you mean "render"?"#])
        let cased = try CommandRun.run(["Render", "scene.json"], in: folder.path)
        #expect(cased.errorLines == [#"error: unknown command "Render"; did you mean "render"?"#])
        let far = try CommandRun.run(["screenshot"], in: folder.path)
        #expect(far.status == 64)
        #expect(
            far.errorLines == [
                #"error: unknown command "screenshot"; the commands: render, layout, animate, batch, diff, test, approve, merge, compact, bench, assets; see 'collection-preview --help'"#
            ])
        let help = try CommandRun.run(["help", "nosuch"], in: folder.path)
        #expect(help.status == 64 && help.standardOutput.isEmpty && help.errorLines.count == 1)
        let known = try CommandRun.run(["help", "diff"], in: folder.path)
        #expect(
            known.status == 0
                && String(decoding: known.standardOutput, as: UTF8.self).contains("USAGE: collection-preview diff"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.png"))
    }

    /// An output that is one of the command's inputs, or two outputs that are one file, are
    /// refused before any work, and nothing is touched.
    @Test func outputsThatWouldOverwriteAnInputOrEachOtherAreRefused() throws {
        let folder = try TemporaryFolder()
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animation-tap.json").path
        try FileManager.default.copyItem(atPath: sample, toPath: folder.url("scene.json"))
        let scene: [UInt8] = try #require(folder.bytes("scene.json"))
        try folder.write("a.png", "picture a")
        try folder.write("b.png", "picture b")
        let cases: [([String], String)] = [
            (["animate", "scene.json", "--apng", "./scene.json"], "./scene.json: is the scene file itself"),
            (["animate", "scene.json", "--contact-sheet", "scene.json"], "scene.json: is the scene file itself"),
            (
                ["animate", "scene.json", "--apng", "out.png", "--contact-sheet", "./out.png"],
                "./out.png: --apng and --contact-sheet would write the same file"
            ),
            (
                ["animate", "scene.json", "-o", "frames", "--apng", "frames/frame_0003.png"],
                "frames/frame_0003.png: --apng is named like a frame in -o frames"
            ),
            (
                ["animate", "scene.json", "-o", "./frames/", "--contact-sheet", "frames/frame_12.png"],
                "frames/frame_12.png: --contact-sheet is named like a frame in -o ./frames/"
            ),
            (["diff", "a.png", "b.png", "-o", "a.png"], "a.png: is the expected image itself"),
            (["diff", "a.png", "b.png", "-o", "./b.png"], "./b.png: is the actual image itself"),
            (
                ["test", "scene.json", "--baselines", "here", "--report", "./here"],
                "--report ./here: is the baselines folder"
            ),
            (
                ["test", "scene.json", "--baselines", "report/images/b", "--report", "report"],
                "--baselines report/images/b: is inside the report's images folder"
            ),
        ]
        for (arguments, message) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errorLines.count == 1 && run.errorLines[0].hasPrefix("error: " + message), "\(run.errorLines)")
        }
        #expect(folder.bytes("scene.json") == scene)
        #expect(folder.bytes("a.png") == Array("picture a".utf8) && folder.bytes("b.png") == Array("picture b".utf8))
        #expect(folder.files().sorted() == ["a.png", "b.png", "scene.json"])
    }

    @Test func versionIsPrinted() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRun.run(["--version"], in: folder.path)
        #expect(run.status == 0)
        let version = String(decoding: run.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
    }

    @Test func layoutUsesTheSameExitStatusesAsRender() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        try folder.write("bad.json", TestScenes.badKey)
        let missing = try CommandRun.run(["layout", "nothere.json"], in: folder.path)
        #expect(missing.status == 66 && missing.errorLines == ["error: nothere.json: no such file"])
        let badRect = try CommandRun.run(["layout", "scene.json", "--rect", "1,2"], in: folder.path)
        #expect(badRect.status == 64 && badRect.standardError.contains("--rect: must be four numbers"))
        // A rect that starts left of the content is a value, not an option.
        let negative = try CommandRun.run(["layout", "scene.json", "--rect", "-10,0,50,50"], in: folder.path)
        let inside = try CommandRun.run(["layout", "scene.json", "--rect=-10,0,50,50"], in: folder.path)
        #expect(negative.status == 0 && negative.standardOutput == inside.standardOutput, "\(negative.standardError)")
        let bad = try CommandRun.run(["layout", "bad.json"], in: folder.path)
        #expect(bad.status == 1 && bad.errorLines.count == 1 && bad.errorLines[0].hasPrefix("error: bad.json: layout:"))
        let usage = try CommandRun.run(["layout"], in: folder.path)
        // A usage error is one line too, naming the help to read.
        #expect(
            usage.status == 64
                && usage.errorLines == [
                    "error: Missing expected argument '<scene.json>'; see 'collection-preview layout --help'"
                ])
    }

    @Test func benchAnchorsFromAFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("anchors.json", #"{"S2": {"engine_min_ms": 1000}}"#)
        let run = try CommandRun.run(
            ["bench", "--only", "s2", "--samples", "1", "--anchors", "anchors.json"], in: folder.path)
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(output.contains("| Blend2D (same hour) | 1000.00 |"), "\(output)")
        #expect(!output.contains("anchor table"))
        // Without --anchors, the table's figures, and a note saying what they are.
        let table = try CommandRun.run(["bench", "--only", "s2", "--samples", "1"], in: folder.path)
        let tableOutput = String(decoding: table.standardOutput, as: UTF8.self)
        #expect(
            tableOutput.contains("| Blend2D | 5.70 |")
                && tableOutput.contains("Rendering ratios are against the anchor table"))
        try folder.write("bad.json", #"{"S2": {"engine_min_ms": 0}}"#)
        for (file, status, message) in [
            ("bad.json", 66, "error: bad.json: S2.engine_min_ms: must be a number greater than 0"),
            ("absent.json", 66, "absent.json"),
        ] {
            let failed = try CommandRun.run(["bench", "--only", "s2", "--anchors", file], in: folder.path)
            #expect(failed.status == status && failed.standardError.contains(message), "\(failed.standardError)")
        }
    }

    @Test func badNumbersGetClearMessages() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        let cases: [([String], String)] = [
            (["render", "scene.json", "-o", "a.png", "--scale", "-2"], "--scale must be a number greater than 0"),
            (["render", "scene.json", "-o", ""], "-o/--output must not be empty"),
            (["bench", "--samples", "0"], "--samples must be at least 1, got 0"),
            (["bench", "--samples", "-4"], "--samples must be at least 1, got -4"),
            (
                ["bench", "--only", "s2,s4"],
                "--only: unknown part 's4'; the parts are s1, s2, s3, png, diff, layout, animate"
            ),
            (["assets", "--size", "-1", "-o", "x"], "--size must be between 16 and 1024, got -1"),
            (["assets", "-o", ""], "-o/--output must not be empty"),
            (["animate", "scene.json", "--apng", ""], "--apng must not be empty"),
            (["animate", "scene.json", "--contact-sheet", ""], "--contact-sheet must not be empty"),
            (["bench", "--png-settings", "--json"], "--json and --png-settings cannot be combined"),
            (["bench", "--png-settings", "--anchors", "a.json"], "--anchors and --png-settings cannot be combined"),
            // Whole numbers that are not, or that no Int holds, say which.
            (
                ["batch", "scene.json", "-o", "out", "--jobs", "99999999999999999999"],
                "'--jobs <n>': larger than 9223372036854775807, the largest whole number"
            ),
            (
                ["render", "scene.json", "-o", "a.png", "--frame", "-99999999999999999999"],
                "'--frame <n>': smaller than -9223372036854775808, the smallest whole number"
            ),
            (["diff", "a.png", "b.png", "--max-diff-pixels", "1e3"], "'--max-diff-pixels <N>': not a whole number"),
            (["test", "scene.json", "--jobs", "2.5"], "'--jobs <n>': not a whole number"),
            (["animate", "scene.json", "--apng", "a.png", "-j", "+"], "'-j <n>': not a whole number"),
            (["bench", "--samples", "many"], "'--samples <samples>': not a whole number"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(folder.files() == ["scene.json"])
    }

    /// A canvas too large at the `--scale` given is blamed on its key, with the scale that made it
    /// so, for a still render, a frame, an animation and a batch alike.
    @Test func aCanvasTooLargeAtTheScaleGivenNamesItsKey() throws {
        let folder = try TemporaryFolder()
        try folder.write("wide.json", #"{"canvas": {"width": 5000, "height": 100}, "animation": {"steps": []}}"#)
        let message =
            "wide.json: canvas.width: width × scale must be at most 16384 pixels, got 20000 at the scale given (4)"
        for arguments in [
            ["render", "wide.json", "-o", "a.png"], ["render", "wide.json", "--frame", "0", "-o", "a.png"],
            ["animate", "wide.json", "--apng", "a.png"], ["batch", "wide.json", "-o", "out", "-q"],
        ] {
            let run = try CommandRun.run(arguments + ["--scale", "4"], in: folder.path)
            #expect(run.status == 1, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(
            try CommandRun.run(["render", "wide.json", "-o", "a.png", "--scale", "3"], in: folder.path).status == 0)
    }

    /// A folder that cannot be made is reported with the system's reason, and a file given as
    /// the folder to merge is called what it is.
    @Test func foldersThatCannotBeMadeOrReadSayWhy() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        try folder.write("file", "not a folder")
        let cases: [([String], Int32, String)] = [
            (
                ["animate", "scene.json", "-o", "file/frames"], 73,
                "file/frames: cannot create the folder: Not a directory"
            ),
            (["assets", "-o", "file/art"], 73, "file/art: cannot create the folder: Not a directory"),
            (
                ["test", "scene.json", "--baselines", "b", "--report", "file/report"], 73,
                "file/report: cannot create the folder: Not a directory"
            ),
            (["merge", "file"], 66, "file: not a folder"),
            (["merge", "nowhere"], 66, "nowhere: no such folder"),
        ]
        for (arguments, status, message) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == status, "\(arguments): \(run.standardError)")
            #expect(run.errorLines == ["error: " + message], "\(arguments)")
        }
    }

    /// An empty input path (an unset variable: `render "$SCENE"`) is bad usage, as an empty
    /// output is, and "-" names standard output only where `render -o -` writes there: elsewhere
    /// it would have made a file or a folder called "-".
    @Test func emptyInputsAndDashOutputsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        let empty = "must not be an empty path"
        let dash = "- : only render writes to standard output"
        let cases: [([String], String)] = [
            (["render", "", "-o", "a.png"], "<scene.json> " + empty),
            (["layout", ""], "<scene.json> " + empty),
            (["animate", "", "--apng", "a.png"], "<scene.json> " + empty),
            (["batch", "scene.json", "", "-o", "out"], "<path> " + empty),
            (["test", "", "--baselines", "b"], "<scenes> " + empty),
            (["diff", "", "scene.json"], "<a.png> " + empty),
            (["diff", "scene.json", ""], "<b.png> " + empty),
            (["merge", ""], "<dir> " + empty),
            (["compact", ""], "<path> " + empty),
            (["approve", "--report", ""], "--report must name a folder, not an empty path"),
            (["animate", "scene.json", "--apng", "-"], "--apng " + dash),
            (["animate", "scene.json", "--contact-sheet", "-"], "--contact-sheet " + dash),
            (["animate", "scene.json", "-o", "-"], "-o/--output " + dash),
            (["batch", "scene.json", "-o", "-"], "-o/--output " + dash),
            (["diff", "scene.json", "scene.json", "-o", "-"], "-o/--output " + dash),
            (["merge", "scene.json", "-o", "-"], "-o/--output " + dash),
            (["assets", "-o", "-"], "-o/--output " + dash),
            (["test", "scene.json", "--baselines", "-"], "--baselines " + dash),
            (["test", "scene.json", "--baselines", "b", "--report", "-"], "--report " + dash),
            (["approve", "--baselines", "-"], "--baselines " + dash),
        ]
        for (arguments, message) in cases {
            let run = try CommandRun.run(arguments, in: folder.path)
            #expect(run.status == 64, "\(arguments): \(run.standardError)")
            #expect(run.errorLines.first?.contains(message) == true, "\(arguments): \(run.standardError)")
        }
        #expect(folder.files() == ["scene.json"])
    }
    /// Results printed to a full disk or a closed pipe are an output that cannot be written:
    /// exit status 73 and one line with the system's reason, never a success that lost them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func standardOutputThatCannotBeWrittenIsAFailedOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid(count: 400))
        let binary = try #require(BinaryLocator.collectionPreview)
        let render = try CommandRun.run(["render", "scene.json", "-o", "same.png"], in: folder.path)
        #expect(render.status == 0)
        let full = "error: cannot write to standard output: No space left on device"
        for command in [
            "layout scene.json > /dev/full", "render scene.json -o - > /dev/full",
            "diff same.png same.png --json > /dev/full", "--version > /dev/full", "--help > /dev/full",
            "render --help > /dev/full",
        ] {
            let run = try CommandRun.run(["-c", "exec '\(binary)' \(command)"], in: folder.path, binary: "/bin/sh")
            #expect(run.status == 73 && run.errorLines == [full], "\(command): \(run.standardError)")
        }
        // A reader that stops early: the rest of a 220 KB PNG, past the pipe's 64 KB, meets a
        // closed pipe.
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animal-cells.json").path
        let pipe = try CommandRun.run(
            ["-c", "'\(binary)' render '\(sample)' --scale 4 -o - 2>err.txt | head -c 10 > /dev/null; cat err.txt"],
            in: folder.path, binary: "/bin/sh")
        #expect(
            String(decoding: pipe.standardOutput, as: UTF8.self)
                == "error: cannot write to standard output: Broken pipe\n")
    }

    /// A standard error that cannot be written (a full disk, closed, a reader gone) loses the
    /// messages and progress lines, nothing else: the command's own exit status, its outputs
    /// written, no temporary file left. (It used to stop with a trap, status 132.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func standardErrorThatCannotBeWrittenLosesOnlyTheMessages() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", TestScenes.valid())
        try folder.write("scenes/b.json", TestScenes.valid(count: 3))
        let binary = try #require(BinaryLocator.collectionPreview)
        // Each command's status, as the binary returned it (the last through a pipe whose reader
        // has gone: `head -c 0` reads nothing and exits).
        for (command, status) in [
            ("\"$B\" render missing.json -o out.png 2>/dev/full", 66), ("\"$B\" rendr scenes/a.json 2>&-", 64),
            ("\"$B\" batch scenes -o batch 2>/dev/full", 0),
            ("{ \"$B\" batch scenes -o piped 2>&1; echo $? > status; } | head -c 0; exit $(cat status)", 0),
        ] {
            let run = try CommandRun.run(
                ["-c", command], in: folder.path, environment: ["B": binary], binary: "/bin/sh")
            #expect(run.status == Int32(status), "\(command): \(run.standardError)")
        }
        #expect(folder.bytes("batch/a.png") != nil && folder.bytes("batch/b.png") != nil)
        #expect(folder.bytes("batch/manifest.json") != nil)
        #expect(folder.bytes("piped/a.png") != nil && folder.bytes("piped/manifest.json") != nil)
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    /// A folder where `batch` would write its manifest is not a stale manifest: the run fails to
    /// write it (73) and leaves the folder and what is in it as they were.
    @Test func aFolderInTheManifestsPlaceIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", TestScenes.valid())
        try folder.write("out/manifest.json/keep.txt", "precious")
        let run = try CommandRun.run(["batch", "scenes", "-o", "out"], in: folder.path)
        #expect(run.status == 73, "\(run.standardError)")
        #expect(run.errorLines.last?.contains("out/manifest.json") == true, "\(run.standardError)")
        #expect(folder.bytes("out/manifest.json/keep.txt") == Array("precious".utf8))
    }

    /// A font folder named by `COLLECTION_PREVIEW_ASSETS` without the font is missing input.
    @Test func aMissingBundledFontIsMissingInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", TestScenes.valid())
        let run = try CommandRun.run(
            ["render", "scene.json", "-o", "out.png"], in: folder.path,
            environment: ["COLLECTION_PREVIEW_ASSETS": folder.url("nowhere")])
        #expect(run.status == 66)
        #expect(
            run.errorLines == [
                "error: cannot load the bundled font: COLLECTION_PREVIEW_ASSETS is set but "
                    + folder.url("nowhere") + "/Fonts/DejaVuSans.ttf does not exist"
            ], "\(run.standardError)")
        #expect(folder.files() == ["scene.json"])
    }

    @Test func aBatchNeverReadsItsOwnOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.json", TestScenes.valid())
        try folder.write("b.json", TestScenes.valid(count: 2))
        // Twice into a folder inside the searched one, then into the searched folder itself.
        for _ in 0..<2 {
            let run = try CommandRun.run(["batch", ".", "-o", "out", "-q"], in: folder.path)
            #expect(run.status == 0, "\(run.standardError)")
        }
        for _ in 0..<2 {
            let run = try CommandRun.run(["batch", ".", "-o", ".", "-q"], in: folder.path)
            #expect(run.status == 0, "\(run.standardError)")
        }
        let manifest = try #require(folder.bytes("manifest.json"))
        let object = try JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any]
        let scenes = try #require(object?["scenes"] as? [[String: Any]])
        #expect(scenes.compactMap { $0["source"] as? String } == ["./a.json", "./b.json"])
    }

    @Test func mergeJoinsShardManifestsIntoTheWholeBatchs() throws {
        let folder = try TemporaryFolder()
        for i in 0..<5 { try folder.write("scenes/s\(i).json", TestScenes.valid(count: i + 1)) }
        let whole = try CommandRun.run(["batch", "scenes", "-o", "whole", "-q"], in: folder.path)
        #expect(whole.status == 0)
        for k in 1...3 {
            let run = try CommandRun.run(
                ["batch", "scenes", "-o", "sharded", "-q", "--shard", "\(k)/3"], in: folder.path)
            #expect(run.status == 0)
        }
        let incomplete = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: folder.url("sharded/manifest-2-of-3.json"), toPath: incomplete.url("manifest-2-of-3.json"))
        let refused = try CommandRun.run(["merge", incomplete.path], in: folder.path)
        #expect(refused.status == 66 && refused.standardError.contains("missing shards 1/3, 3/3"))
        #expect(!FileManager.default.fileExists(atPath: incomplete.url("manifest.json")))

        // A shard's manifest.json is its part; merge -o FILE replaces it with the whole's too.
        #expect(folder.bytes("sharded/manifest.json") == folder.bytes("sharded/manifest-3-of-3.json"))
        let dash = try CommandRun.run(["merge", "sharded", "-o", "-"], in: folder.path)
        #expect(
            dash.status == 64
                && dash.errorLines.first?.hasPrefix("error: -o/--output - : only render writes to") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url("-")))
        let elsewhere = try CommandRun.run(["merge", "sharded", "-o", "all.json"], in: folder.path)
        #expect(elsewhere.status == 0, "\(elsewhere.standardError)")
        #expect(folder.bytes("all.json") == folder.bytes("whole/manifest.json"))
        #expect(folder.bytes("sharded/manifest.json") == folder.bytes("whole/manifest.json"))
        try FileManager.default.removeItem(atPath: folder.url("sharded/manifest.json"))
        let merged = try CommandRun.run(["merge", "sharded"], in: folder.path)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(folder.bytes("sharded/manifest.json") == folder.bytes("whole/manifest.json"))
        let none = try CommandRun.run(["merge", "scenes"], in: folder.path)
        #expect(none.status == 66 && none.standardError.contains("no shard manifests"))
    }

    @Test func anImageThatIsNotAPNGExitsWith65AndAMissingOneWith66() throws {
        let folder = try TemporaryFolder()
        try folder.write("broken.png", "this is not a PNG")
        try folder.write(
            "scene.json",
            #"{"canvas": {"width": 40, "height": 40}, "cell": {"contentView": {"image": {"name": "{image}"}}}, "sections": [{"items": [{"image": "broken"}]}]}"#
        )
        let run = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(run.status == 65)
        #expect(
            run.errorLines.count == 1
                && run.errorLines[0].hasPrefix("error: scene.json: sections[0].items[0].image: image \"broken\":"))
        #expect(folder.files() == ["broken.png", "scene.json"])
        // An image file that does not exist is a missing input file: 66.
        try folder.write(
            "scene.json",
            String(decoding: try #require(folder.bytes("scene.json")), as: UTF8.self)
                .replacingOccurrences(of: #""image": "broken""#, with: #""image": "absent""#))
        let missing = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(missing.status == 66)
        #expect(
            missing.errorLines.count == 1
                && missing.errorLines[0].hasPrefix(
                    "error: scene.json: sections[0].items[0].image: no image \"absent\" in ")
        )
        #expect(folder.files() == ["broken.png", "scene.json"])
    }
}
