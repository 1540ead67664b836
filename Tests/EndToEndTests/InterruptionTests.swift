import Foundation
import PNG
import Support
import TestSupport
import Testing

/// Faults from outside: a file-size limit (SIGXFSZ / EFBIG) and SIGINT or SIGTERM in the middle
/// of `batch`, `animate` and `test`. Each checks the message, the exit status, that no temporary
/// file is left, that every file written is complete, and that no manifest or report lies.
@Suite(.serialized) struct InterruptionTests {
    /// A scene heavy enough that a run of several takes a while.
    static let heavy = #"""
        {"canvas": {"width": 390, "height": 600, "scale": 2, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 80, "height": 80}},
         "cellStyle": {"backgroundColor": "#34C759", "cornerRadius": 8},
         "sections": [{"itemCount": 30}]}
        """#

    static let animated = #"""
        {"canvas": {"width": 390, "height": 600, "scale": 2, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 80, "height": 80}},
         "cellStyle": {"backgroundColor": "#34C759", "cornerRadius": 8},
         "sections": [{"itemCount": 30}],
         "animation": {"fps": 60, "steps": [{"scrollTo": {"x": 0, "y": 200}, "duration": 3}]}}
        """#

    /// Files whose names mark them as an `AtomicFile` temporary.
    static func temporaries(in folder: TemporaryFolder) -> [String] {
        folder.files().filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && $0.contains("tmp") }
    }

    /// Starts the binary with `arguments` in `folder`, waits until `ready` holds, sends `signal`
    /// (`times` times, back to back), and returns the exit status and standard error.
    static func interrupt(
        _ arguments: [String], in folder: TemporaryFolder, with signal: Int32, times: Int = 1, when ready: () -> Bool
    ) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryLocator.collectionPreview))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let errorFile = folder.url("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while !ready() && process.isRunning && Date() < deadline { usleep(10_000) }
        #expect(process.isRunning, "the command ended before it could be interrupted")
        for _ in 0..<times { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        let text = String(decoding: folder.bytes("stderr.txt") ?? [], as: UTF8.self)
        try FileManager.default.removeItem(atPath: errorFile)
        return (process.terminationStatus, text)
    }

    @Test func aFileSizeLimitIsAWriteErrorNotADeath() throws {
        let folder = try TemporaryFolder()
        try folder.write("scene.json", Self.heavy)
        try folder.write("out.png", "the previous file")
        let binary = try #require(BinaryLocator.collectionPreview)
        // 20 blocks of 512 bytes: far less than the PNG needs.
        let render = try CommandRun.run(
            ["-c", "ulimit -f 20; exec '\(binary)' render scene.json -o out.png"], in: folder.path,
            binary: "/bin/sh")
        #expect(render.status == 73)
        #expect(render.errorLines == ["error: cannot write 'out.png': File too large (errno 27)"])
        #expect(String(decoding: folder.bytes("out.png") ?? [], as: UTF8.self) == "the previous file")
        #expect(Self.temporaries(in: folder).isEmpty)

        try folder.write("scenes/a.json", Self.heavy)
        try folder.write("scenes/b.json", Self.heavy)
        let batch = try CommandRun.run(
            ["-c", "ulimit -f 20; exec '\(binary)' batch scenes -o out -q"], in: folder.path, binary: "/bin/sh")
        #expect(batch.status == 73)
        #expect(batch.standardError.contains("File too large"))
        #expect(folder.files(under: "out").filter { $0.hasSuffix(".png") }.isEmpty)
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// `assets` that cannot write its first picture (a 512-byte file-size limit) takes away the
    /// folders it made for them, and leaves a folder that was there before.
    @Test func assetsThatCannotWriteLeaveNoEmptyFolderBehind() throws {
        let folder = try TemporaryFolder()
        try folder.write("kept/readme.txt", "was here")
        let binary = try #require(BinaryLocator.collectionPreview)
        for output in ["new/deep", "kept"] {
            let run = try CommandRun.run(
                ["-c", "ulimit -f 1; exec '\(binary)' assets -o \(output)"], in: folder.path, binary: "/bin/sh")
            #expect(run.status == 73, "\(run.standardError)")
            #expect(run.errorLines.count == 1 && run.standardError.contains("File too large"), "\(run.standardError)")
        }
        #expect(!folder.exists("new"))
        #expect(folder.files() == ["kept/readme.txt"])
    }

    /// A batch manifest that cannot be written (larger than the file-size limit, which the
    /// scenes' PNGs are not, but for one) comes after the list of the scenes that failed; the
    /// earlier run's manifest, which would describe other PNGs, is removed; and the folder made
    /// for the failed scene's PNG is not left behind empty.
    @Test func aManifestThatCannotBeWrittenComesAfterTheScenesThatFailed() throws {
        let folder = try TemporaryFolder()
        for i in 0..<80 { try folder.write("scenes/tiny/t\(i).json", TestScenes.valid(width: 8, height: 8, scale: 1)) }
        try folder.write("scenes/big/heavy.json", Self.heavy)
        try folder.write("out/manifest.json", "{}")
        let binary = try #require(BinaryLocator.collectionPreview)
        let batch = try CommandRun.run(
            ["-c", "ulimit -f 20; exec '\(binary)' batch scenes -o out -q"], in: folder.path, binary: "/bin/sh")
        #expect(batch.status == 73)
        #expect(batch.errorLines.count == 2, "\(batch.standardError)")
        #expect(batch.errorLines.first?.hasPrefix("error: scenes/big/heavy.json: cannot write") == true)
        #expect(
            batch.errorLines.last?.contains("manifest.json") == true && batch.standardError.contains("File too large"))
        #expect(!folder.exists("out/manifest.json") && !folder.exists("out/big"), "\(folder.files(under: "out"))")
        #expect(folder.files(under: "out/tiny").count == 80)
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// `animate` puts its outputs in place only once each has been written: a contact sheet
    /// that does not fit (65 KB against a 30 KB file-size limit, where the 17 KB APNG and the
    /// frames would) leaves the earlier APNG and frames as they were.
    @Test func aContactSheetThatCannotBeWrittenLeavesTheOtherOutputsAsTheyWere() throws {
        let folder = try TemporaryFolder()
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animation-tap.json").path
        try folder.write("a.png", "the previous APNG")
        try folder.write("frames/frame_0000.png", "the previous frame")
        let binary = try #require(BinaryLocator.collectionPreview)
        let run = try CommandRun.run(
            [
                "-c",
                "ulimit -f 60; exec '\(binary)' animate '\(sample)' -o frames --apng a.png --contact-sheet c.png -q",
            ], in: folder.path, binary: "/bin/sh")
        #expect(run.status == 73, "\(run.standardError)")
        #expect(run.errorLines.count == 1 && run.standardError.contains("c.png"), "\(run.standardError)")
        #expect(String(decoding: folder.bytes("a.png") ?? [], as: UTF8.self) == "the previous APNG")
        #expect(folder.files(under: "frames") == ["frame_0000.png"])
        #expect(!folder.exists("c.png") && Self.temporaries(in: folder).isEmpty, "\(folder.files())")
    }

    /// The APNG's last chunk is written before any output is put in place too: an APNG one byte
    /// over the file-size limit (set in bytes with `prlimit`) leaves the earlier frames and APNG.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/prlimit")))
    func anAPNGWhoseEndDoesNotFitLeavesTheFramesAsTheyWere() throws {
        let folder = try TemporaryFolder()
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animation-tap.json").path
        let binary = try #require(BinaryLocator.collectionPreview)
        #expect(try CommandRun.run(["animate", sample, "--apng", "whole.png", "-q"], in: folder.path).status == 0)
        let size = try #require(folder.bytes("whole.png")).count
        try folder.write("a.png", "the previous APNG")
        try folder.write("frames/frame_0000.png", "the previous frame")
        let run = try CommandRun.run(
            ["--fsize=\(size - 1)", binary, "animate", sample, "-o", "frames", "--apng", "a.png", "-q"],
            in: folder.path, binary: "/usr/bin/prlimit")
        #expect(run.status == 73, "\(run.standardError)")
        #expect(run.errorLines == ["error: cannot write 'a.png': File too large (errno 27)"], "\(run.standardError)")
        #expect(String(decoding: folder.bytes("a.png") ?? [], as: UTF8.self) == "the previous APNG")
        #expect(folder.files(under: "frames") == ["frame_0000.png"])
        #expect(String(decoding: folder.bytes("frames/frame_0000.png") ?? [], as: UTF8.self) == "the previous frame")
        #expect(Self.temporaries(in: folder).isEmpty, "\(folder.files())")
    }

    @Test func sigtermStopsABatchCleanly() throws {
        let folder = try TemporaryFolder()
        for i in 0..<40 { try folder.write("scenes/s\(i).json", Self.heavy) }
        // An earlier run's manifest must not survive to describe this run's files.
        try folder.write("out/manifest.json", "{}")
        let (status, error) = try Self.interrupt(
            ["batch", "scenes", "-o", "out", "-j", "1", "-q"], in: folder, with: SIGTERM
        ) { folder.files(under: "out").contains { $0.hasSuffix(".png") } }
        #expect(status == 143)
        #expect(error.contains("interrupted by SIGTERM") && error.contains("no manifest was written"))
        let pngs = folder.files(under: "out").filter { $0.hasSuffix(".png") }
        #expect(!pngs.isEmpty && pngs.count < 40)
        for png in pngs { #expect(throws: Never.self) { try PNGDecoder.read(contentsOf: folder.url("out/" + png)) } }
        #expect(!folder.exists("out/manifest.json"))
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// A batch stopped before its first PNG takes back the output folder it made, and its
    /// parents: nothing is left that the run did not finish.
    @Test func aBatchStoppedBeforeItsFirstPNGLeavesNoNewFolder() throws {
        let folder = try TemporaryFolder()
        // 64 Mpx: long enough to draw and encode that the stop comes first.
        try folder.write(
            "scenes/huge.json",
            Self.heavy.replacingOccurrences(
                of: #""width": 390, "height": 600"#, with: #""width": 4000, "height": 4000"#))
        let (status, error) = try Self.interrupt(
            ["batch", "scenes", "-o", "new/out", "-j", "1", "-q"], in: folder, with: SIGINT
        ) { folder.exists("new/out") }
        #expect(status == 130, "\(error)")
        #expect(!folder.exists("new"), "\(folder.files())")
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// The frames reach the folder together: stopped halfway, an earlier run's frames stay as they were.
    @Test func sigintStopsAnAnimationCleanly() throws {
        let folder = try TemporaryFolder()
        try folder.write("anim.json", Self.animated)
        let earlier = (0..<5).map { "frame_000\($0).png" }
        for name in earlier { try folder.write("frames/" + name, "an earlier run's \(name)") }
        func staged() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url("frames"))) ?? []
            return names.filter { $0.hasPrefix(".") }
        }
        let (status, error) = try Self.interrupt(
            [
                "animate", "anim.json", "-o", "frames", "--apng", "anim.png", "--contact-sheet", "sheet.png", "-j", "1",
                "-q",
            ],
            in: folder, with: SIGINT
        ) {
            staged().contains { hidden in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.url("frames/" + hidden))) ?? []).count
                    >= 4
            }
        }
        #expect(status == 130)
        #expect(error.contains("interrupted by SIGINT"))
        #expect(folder.files(under: "frames") == earlier)
        for name in earlier {
            #expect(folder.bytes("frames/" + name) == Array("an earlier run's \(name)".utf8))
        }
        #expect(staged().isEmpty, "the hidden folder of staged frames is removed")
        #expect(!folder.exists("anim.png") && !folder.exists("sheet.png"))
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// The folders `-o` made are taken away again when the run stops or fails: nothing is left
    /// of a run that wrote nothing.
    @Test func aStoppedOrFailedAnimationLeavesNoNewFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("anim.json", Self.animated)
        let (status, _) = try Self.interrupt(
            ["animate", "anim.json", "-o", "new/frames", "-j", "1", "-q"], in: folder, with: SIGINT
        ) {
            folder.files(under: "new").count >= 2
        }
        #expect(status == 130)
        #expect(!folder.exists("new"), "\(folder.files())")
        // A frame rate an APNG cannot hold is found before any folder is made.
        try folder.write("odd.json", Self.animated.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": 29.97"))
        let odd = try CommandRun.run(
            ["animate", "odd.json", "-o", "other/frames", "--apng", "odd.png"], in: folder.path)
        #expect(odd.status == 1 && odd.standardError.contains("an APNG needs a whole number of frames per second"))
        #expect(!folder.exists("other") && !folder.exists("odd.png"))
    }

    /// A folder with `scenes/anim.json` at 4 frames a second (13 frames) and its baselines
    /// recorded in `baselines`.
    static func recordedAnimation() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("scenes/anim.json", animated.replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": 4"))
        let record = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "old", "-q"], in: folder.path)
        #expect(record.status == 1)  // recorded
        return folder
    }

    @Test func sigtermStopsATestRunWithoutAReport() throws {
        let folder = try Self.recordedAnimation()
        try folder.write("scenes/anim.json", Self.animated.replacingOccurrences(of: "#34C759", with: "#FF0000"))
        let (status, error) = try Self.interrupt(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "never", "-j", "1", "-q"],
            in: folder, with: SIGTERM
        ) { folder.bytes("report/images/anim/frame_0002/diff.png") != nil }
        #expect(status == 143)
        #expect(error.contains("no results or report were written"))
        #expect(!error.contains("failed: anim"))  // a scene cut short is not reported as failed
        for file in ["results.json", "junit.xml", "index.html"] { #expect(!folder.exists("report/" + file)) }
        // The images it had written are taken back: with no results to list them, the next run
        // would not know to clear them.
        #expect(!folder.exists("report/images"), "\(folder.files(under: "report"))")
        // The run made the report folder and leaves nothing in it: the folder goes too.
        #expect(!folder.exists("report"), "\(folder.files(under: "report"))")
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// A recording killed outright (SIGKILL: no clean-up) leaves its staged frames in a hidden
    /// folder; the next `test` run removes it whatever it records. A first recording of an
    /// animation that is stopped leaves no empty folder for it.
    @Test func aKilledRecordingsStagedFramesAreRemovedByTheNextRun() throws {
        let folder = try Self.recordedAnimation()
        let before = folder.files(under: "baselines")
        func staged(_ animation: String) -> [String] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.url("baselines/" + animation))) ?? []
            return names.filter { $0.hasPrefix(".") }
        }
        func stagedFrames(_ animation: String) -> Int {
            staged(animation).map {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.url("baselines/\(animation)/" + $0)))
                    ?? []).count
            }.reduce(0, +)
        }
        try folder.write("scenes/anim.json", Self.animated.replacingOccurrences(of: "#34C759", with: "#FF0000"))
        let record = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-j", "1", "-q"]
        let (status, _) = try Self.interrupt(record + ["--record", "all"], in: folder, with: SIGKILL) {
            stagedFrames("anim") >= 4
        }
        #expect(status == SIGKILL)
        #expect(staged("anim").count == 1, "the killed run's staged frames are left behind")
        let check = try CommandRun.run(record + ["--record", "never"], in: folder.path)
        #expect(check.status == 1)  // the red cells differ from the green baselines
        #expect(staged("anim").isEmpty && folder.files(under: "baselines") == before)

        try FileManager.default.removeItem(atPath: folder.url("scenes/anim.json"))
        try folder.write("scenes/new.json", Self.animated)
        let (stopped, _) = try Self.interrupt(record, in: folder, with: SIGTERM) { stagedFrames("new") >= 2 }
        #expect(stopped == 143)
        #expect(!folder.exists("baselines/new"), "\(folder.files(under: "baselines"))")
    }

    /// A first recording into baseline folders that do not exist yet, stopped before its first
    /// baseline is in place, leaves none of those folders behind.
    @Test func aFirstRecordingStoppedEarlyLeavesNoNewBaselineFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/anim.json", Self.animated)
        func stagedFrames() -> Int {
            let anim = folder.url("new/baselines/anim")
            let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: anim)) ?? []).filter {
                $0.hasPrefix(".")
            }
            return hidden.map { ((try? FileManager.default.contentsOfDirectory(atPath: anim + "/" + $0)) ?? []).count }
                .reduce(0, +)
        }
        let (status, error) = try Self.interrupt(
            ["test", "scenes", "--baselines", "new/baselines", "--report", "report", "-j", "1", "-q"], in: folder,
            with: SIGINT
        ) { stagedFrames() >= 2 }
        #expect(status == 130, "\(error)")
        #expect(!folder.exists("new"), "\(folder.files())")
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// `test --record all` stopped in the middle of an animation leaves its baselines as they
    /// were: the frames re-recorded so far wait in a hidden folder that is removed.
    @Test func sigtermStopsARecordingWithTheBaselinesAsTheyWere() throws {
        let folder = try Self.recordedAnimation()
        let before = folder.files(under: "baselines")
        #expect(before.count == 13)
        let bytes = before.map { folder.bytes("baselines/" + $0) }
        func staged() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url("baselines/anim"))) ?? []
            return names.filter { $0.hasPrefix(".") }
        }
        try folder.write("scenes/anim.json", Self.animated.replacingOccurrences(of: "#34C759", with: "#FF0000"))
        let (status, _) = try Self.interrupt(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "all", "-j", "1", "-q"],
            in: folder, with: SIGTERM
        ) {
            staged().contains { hidden in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.url("baselines/anim/" + hidden))) ?? [])
                    .count >= 4
            }
        }
        #expect(status == 143)
        #expect(folder.files(under: "baselines") == before)
        #expect(before.map { folder.bytes("baselines/" + $0) } == bytes, "no baseline was replaced")
        #expect(staged().isEmpty, "the hidden folder of staged baselines is removed")
        // Run to the end (at 8 frames a second, to be quick), a recording replaces the frames'
        // baselines together.
        try folder.write(
            "scenes/anim.json",
            Self.animated.replacingOccurrences(of: "#34C759", with: "#FF0000").replacingOccurrences(
                of: "\"fps\": 60", with: "\"fps\": 8"))
        #expect(
            try CommandRun.run(
                [
                    "test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "all", "-j", "1",
                    "-q",
                ],
                in: folder.path
            ).status == 1)
        #expect(folder.files(under: "baselines").count == 25)
        #expect(folder.bytes("baselines/anim/frame_0000.png") != bytes[0])
        #expect(staged().isEmpty && Self.temporaries(in: folder).isEmpty)
    }

    /// A still scene large enough that loading and drawing it takes a while: nothing in that
    /// work looks for a signal, so only the output's commit can honour one.
    static let large = #"""
        {"canvas": {"width": 1000, "height": 2000, "scale": 3, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 16, "height": 16}, "minimumInteritemSpacing": 2},
         "cellStyle": {"backgroundColor": "#34C759", "cornerRadius": 5, "borderWidth": 1, "borderColor": "#000000"},
         "sections": [{"itemCount": 6000}]}
        """#

    /// SIGINT or SIGTERM while a command works without looking for them (drawing one still
    /// scene; playing a large animation's steps): the output it would have written afterwards
    /// is not put in place, and the stop is reported.
    @Test(arguments: [(false, SIGINT), (true, SIGTERM)])
    func aStopWhileWorkingKeepsTheOldOutput(animated: Bool, signal: Int32) throws {
        let folder = try TemporaryFolder()
        // Forty layout changes of 100,000 items: each step takes a while.
        let steps = (0..<40).map { #"{"setLayout": {"type": "\#($0 % 2 == 0 ? "waterfall" : "flow")"}}"# }
        let scene =
            animated
            ? #"{"canvas": {"width": 390, "height": 844}, "sections": [{"itemCount": 100000}], "animation": {"steps": ["#
                + steps.joined(separator: ", ") + "]}}"
            : Self.large
        try folder.write("scene.json", scene)
        try folder.write("out.png", "the previous file")
        let start = Date()
        let (status, error) = try Self.interrupt(["render", "scene.json", "-o", "out.png"], in: folder, with: signal) {
            Date().timeIntervalSince(start) > 0.3
        }
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(status == 128 + signal)
        #expect(error.hasPrefix("error: interrupted by \(name)"), "\(error)")
        #expect(String(decoding: folder.bytes("out.png") ?? [], as: UTF8.self) == "the previous file")
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    /// A signal sent twice at once (`timeout` signals the process and then its process group) is
    /// one request to stop, which gets the clean stop, not the second Ctrl-C's stop at once.
    @Test func aSignalSentTwiceAtOnceIsOneRequest() throws {
        let folder = try TemporaryFolder()
        try folder.write("anim.json", Self.animated)
        try folder.write("out.png", "the previous file")
        let (status, error) = try Self.interrupt(
            ["animate", "anim.json", "-o", "frames", "--apng", "out.png", "-j", "1", "-q"], in: folder, with: SIGINT,
            times: 2
        ) { folder.files(under: "frames").count >= 2 }
        #expect(status == 130)
        #expect(error.hasPrefix("error: interrupted by SIGINT"), "\(error)")
        #expect(String(decoding: folder.bytes("out.png") ?? [], as: UTF8.self) == "the previous file")
        #expect(Self.temporaries(in: folder).isEmpty && !folder.exists("frames"), "\(folder.files())")
    }
}
