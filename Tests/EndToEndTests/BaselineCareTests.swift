import Foundation
import PNG
import RegressionSuite
import TestSupport
import Testing

/// What `test`, `approve` and `merge` do to keep a baselines folder true: frames past the end
/// of an animation that got shorter, a report approved in the wrong folder, a suite given by a
/// sub-folder, a part of a suite, a one-shard run, a log that does not depend on `--jobs`.
@Suite struct BaselineCareTests {
    static let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"]

    /// Shards of one suite that together list fewer scenes than their run checks (one edited by
    /// hand) are refused, as shards of suites of different sizes are.
    @Test func shardsMustListEverySceneOfTheirRun() {
        func shard(_ index: Int, runScenes: Int?, names: [String]) -> SuiteResults {
            let checks = names.map { name in
                SceneCheck(
                    scene: name + ".json", name: name, animated: false,
                    frames: [FrameCheck(name: name, frame: nil, status: .passed, baseline: name + ".png")])
            }
            return SuiteResults(
                baselines: "b", recordMode: "missing", comparison: "exact", shard: "\(index)/2", scenes: checks,
                orphanedBaselines: [], pruned: false, runScenes: runScenes)
        }
        func failure(_ shards: [SuiteResults]) -> String? {
            thrownMessage(SuiteError.self) { _ = try SuiteResults.merging(shards) }
        }
        #expect(
            failure([shard(1, runScenes: 3, names: ["a"]), shard(2, runScenes: 3, names: ["c"])])
                == "the shards list 2 scenes of the 3 their run checks")
        #expect(
            failure([shard(1, runScenes: 2, names: ["a"]), shard(2, runScenes: nil, names: ["c"])])
                == "shard 2/2 ran on a suite of unknown size, shard 1/2 on one of 2 scenes: run every shard on the same scenes"
        )
        let merged = try? SuiteResults.merging([
            shard(1, runScenes: 2, names: ["a"]), shard(2, runScenes: 2, names: ["c"]),
        ])
        #expect(merged?.scenes.map(\.name) == ["a", "c"] && merged?.runScenes == nil && merged?.shard == nil)
    }

    /// Baselines of another digit count (an animation that was longer than 10,000 frames and is
    /// no longer) are not all past the end, and the summary does not say they are.
    @Test func baselinesNamedForAnotherLengthAreNotCalledPastTheEnd() {
        func summary(_ pastNames: [String]) -> String {
            let frames = (0..<3).map { (index: Int) in
                FrameCheck(name: "a", frame: index, status: .passed, baseline: "a/frame_000\(index).png")
            }
            let past = pastNames.map {
                FrameCheck(name: "a", frame: nil, status: .failed, baseline: "a/" + $0, pastTheEnd: true)
            }
            return SceneCheck(scene: "a.json", name: "a", animated: true, frames: frames + past).failureSummary
        }
        #expect(
            summary(["frame_0003.png"])
                == "1 baseline(s) past the animation's end (it has 3 frames): frame_0003.png; approve, or --record failed or all, deletes them"
        )
        #expect(
            summary(["frame_00000.png", "frame_00003.png"])
                == "2 baseline(s) this animation does not use (past its end, or named for an animation of another length) (it has 3 frames): frame_00000.png, frame_00003.png; approve, or --record failed or all, deletes them"
        )
    }

    /// The suite of `VisualTestCommandTests.makeSuite`, recorded; `anim` has 4 frames.
    static func recordedSuite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try VisualTestCommandTests.makeSuite(in: folder)
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // recorded
        #expect(try CommandRun.run(test + ["--record", "never"], in: folder.path).status == 0)
        return folder
    }

    /// `anim` shortened from 4 frames to 2 (a step of 0.1 s at 10 fps instead of 0.3 s).
    static func shortenAnimation(in folder: TemporaryFolder) throws {
        let text = VisualTestCommandTests.animated("#FF9500").replacingOccurrences(
            of: #""duration": 0.3"#, with: #""duration": 0.1"#)
        try folder.write("scenes/anim.json", text)
    }

    @Test func framesPastTheEndOfAShorterAnimationFailItUntilApprovedOrRerecorded() throws {
        let folder = try Self.recordedSuite()
        try Self.shortenAnimation(in: folder)
        let failed = try CommandRun.run(Self.test + ["--record", "never"], in: folder.path)
        #expect(failed.status == 1)
        // Its last frame now shows the end state, reached sooner: it differs too.
        #expect(
            failed.standardError.contains(
                "failed: anim: 1 of 2 frames differ or are missing (frames 1); frame 1: "), "\(failed.standardError)")
        #expect(
            failed.standardError.contains(
                "; 2 baseline(s) past the animation's end (it has 2 frames): frame_0002.png, frame_0003.png; approve, or --record failed or all, deletes them\n"
            ), "\(failed.standardError)")
        // They are the scene's frames, not baselines no scene uses.
        #expect(try VisualTestCommandTests.results(folder)["orphanedBaselines"] as? [String] == [])
        let scenes = try #require(try VisualTestCommandTests.results(folder)["scenes"] as? [[String: Any]])
        let anim = try #require(scenes.first { $0["name"] as? String == "anim" })
        let frames = try #require(anim["frames"] as? [[String: Any]])
        #expect(frames.map { $0["status"] as? String } == ["passed", "failed", "failed", "failed"])
        #expect(frames[3]["pastTheEnd"] as? Bool == true && frames[3]["actual"] is NSNull)
        // The report keeps the image that would go.
        #expect(
            folder.bytes("report/images/anim/frame_0003/expected.png") == folder.bytes("baselines/anim/frame_0003.png"))
        // missing (the default) does not delete them either.
        #expect(try CommandRun.run(Self.test, in: folder.path).status == 1)
        #expect(folder.exists("baselines/anim/frame_0003.png"))

        // approve deletes them (and nothing else of the scene).
        let approved = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(approved.status == 0, "\(approved.standardError)")
        #expect(approved.standardError.contains("1 baseline(s) written, 2 past an animation's end deleted"))
        #expect(folder.files(under: "baselines/anim") == ["frame_0000.png", "frame_0001.png"])
        // Approved twice: nothing left to do, and nothing said to be deleted.
        let twice = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(twice.standardError.contains("0 baseline(s) written, 3 already approved"), "\(twice.standardError)")
        #expect(try CommandRun.run(Self.test + ["--record", "never"], in: folder.path).status == 0)

        // --record failed deletes them in the run, which fails so that the change is looked at.
        try VisualTestCommandTests.makeSuite(in: folder)
        #expect(try CommandRun.run(Self.test, in: folder.path).status == 1)  // frames 2 and 3 recorded
        try Self.shortenAnimation(in: folder)
        let rerecorded = try CommandRun.run(Self.test + ["--record", "failed"], in: folder.path)
        #expect(rerecorded.status == 1)
        #expect(rerecorded.standardError.contains("recorded: anim: 2 baseline(s) past the animation's end"))
        #expect(rerecorded.standardError.contains("frame_0002.png, frame_0003.png; deleted"))
        #expect(folder.files(under: "baselines/anim") == ["frame_0000.png", "frame_0001.png"])
        #expect(try CommandRun.run(Self.test + ["--record", "never"], in: folder.path).status == 0)
    }

    @Test func approveInTheWrongFolderWritesNothingAndBaselinesNamesTheRightOne() throws {
        let (folder, _) = try VisualTestCommandTests.suiteWithFailures()
        let before = folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) }
        // The report approved from another folder (downloaded from CI, say): `baselines` is
        // not there, so nothing is written, not even the scenes' first frames.
        _ = try folder.write("elsewhere/.keep", "")
        let wrong = try CommandRun.run(["approve", "--report", "../report"], in: folder.url("elsewhere"))
        #expect(wrong.status == 66, "\(wrong.standardError)")
        #expect(wrong.errorLines.count == 1)
        #expect(wrong.standardError.contains("no such baseline, though the test run compared with it"))
        #expect(folder.files(under: "elsewhere") == [".keep"])
        // --baselines names the folder from there.
        let right = try CommandRun.run(
            ["approve", "--report", "../report", "--baselines", "../baselines"], in: folder.url("elsewhere"))
        #expect(right.status == 0, "\(right.standardError)")
        #expect(folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) } != before)
        let check = ["test", "scenes", "--baselines", "baselines", "--report", "check", "--record", "never", "-q"]
        #expect(try CommandRun.run(check, in: folder.path).status == 0)
        // Approved twice: the files hold the images already and are left alone.
        let again = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(again.status == 0)
        #expect(again.standardError.contains("0 baseline(s) written, 5 already approved"), "\(again.standardError)")
        #expect(String(decoding: again.standardOutput, as: UTF8.self).hasPrefix("unchanged baselines/"))
        #expect(try CommandRun.run(["approve", "--baselines", ""], in: folder.path).status == 64)
        // A file given as the baselines folder, or as the report, is named as such.
        for (option, status, what) in [("--baselines", 73, "the baselines"), ("--report", 66, "the test run's report")]
        {
            let run = try CommandRun.run(["approve", option, "scenes/a.json"], in: folder.path)
            #expect(run.status == status, "\(run.standardError)")
            #expect(
                run.errorLines == ["error: scenes/a.json: is a file, not a folder; give \(option) a folder for \(what)"]
            )
        }
    }

    @Test func aSuiteGivenByItsSubFolderIsRefusedAndFilterChecksPartOfIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/nested/b.json", VisualTestCommandTests.still("#34C759"))
        try folder.write("scenes/nested/c.json", VisualTestCommandTests.animated("#FF9500"))
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#007AFF"))
        #expect(try CommandRun.run(Self.test, in: folder.path).status == 1)  // recorded
        let recorded = folder.files(under: "baselines")

        // Given by its sub-folder, the scenes are b and c, whose baselines are nested/b.png and
        // nested/c/: nothing is checked, recorded or pruned.
        let sub = try CommandRun.run(
            ["test", "scenes/nested", "--baselines", "baselines", "--report", "report", "--prune"], in: folder.path)
        #expect(sub.status == 64, "\(sub.standardError)")
        #expect(sub.errorLines.count == 1)
        #expect(sub.standardError.contains("no scene has its baseline here, but each has one under nested/"))
        #expect(folder.files(under: "baselines") == recorded)

        // --filter checks only the scenes whose name holds a text; the others keep their
        // baselines, and so does any baseline outside the filter that no scene uses.
        _ = try folder.write("baselines/old.png", "stale")
        _ = try folder.write("baselines/nested/old.png", "stale")
        let part = try CommandRun.run(
            Self.test + ["--record", "never", "--filter", "nested/", "--prune"], in: folder.path)
        #expect(part.status == 0, "\(part.standardError)")
        #expect(part.standardError.contains("2 scenes: 2 passed"))
        #expect(part.standardError.contains("deleted baseline: baselines/nested/old.png"))
        #expect(folder.files(under: "baselines") == (recorded + ["old.png"]).sorted())
        let typo = try CommandRun.run(Self.test + ["--filter", "nestde"], in: folder.path)
        #expect(typo.status == 64 && typo.standardError.contains(#"--filter: no scene name contains "nestde""#))
    }

    /// Scenes kept in their baselines folder, with the pictures they show beside them: the
    /// pictures are not baselines, so neither listed as unused nor deleted by `--prune`.
    @Test func thePicturesScenesShowAreNotUnusedBaselines() throws {
        let folder = try TemporaryFolder()
        try folder.write("tiny.json", ##"{"canvas": {"width": 4, "height": 4, "background": "#FF2D55"}}"##)
        try FileManager.default.createDirectory(atPath: folder.url("suite/art"), withIntermediateDirectories: true)
        for picture in ["suite/mycat.png", "suite/art/badge.png", "suite/stale.png"] {
            #expect(try CommandRun.run(["render", "tiny.json", "-o", picture], in: folder.path).status == 0)
        }
        try folder.write(
            "suite/pic.json",
            #"""
            {"canvas": {"width": 120, "height": 80, "background": "#FFFFFF"},
             "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50}},
             "cell": {"contentView": {"subviews": [{"image": {"name": "{image}"}}, {"image": {"name": "art/badge"}}]}},
             "sections": [{"items": [{"image": "mycat"}]}]}
            """#)
        let test = ["test", "suite", "--baselines", "suite", "--report", "report", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // pic.png recorded
        let pictures = ["suite/art/badge.png", "suite/mycat.png"].map { folder.bytes($0) }
        let listed = try CommandRun.run(test + ["--record", "never"], in: folder.path)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardError.contains("unused baseline: suite/stale.png"))
        #expect(!listed.standardError.contains("mycat") && !listed.standardError.contains("badge"))
        let pruned = try CommandRun.run(test + ["--record", "never", "--prune"], in: folder.path)
        #expect(pruned.status == 0 && pruned.standardError.contains("deleted baseline: suite/stale.png"))
        #expect(folder.files(under: "suite") == ["art/badge.png", "mycat.png", "pic.json", "pic.png"])
        #expect(["suite/art/badge.png", "suite/mycat.png"].map { folder.bytes($0) } == pictures)
        // The scene still renders: its pictures are where it finds them.
        #expect(try CommandRun.run(["render", "suite/pic.json", "-o", "out.png"], in: folder.path).status == 0)

        // A scene that cannot be read: the pictures it may show (anything in its folder and
        // below) are not unused, while an unused baseline elsewhere still is.
        try folder.write("suite/broken/b.json", #"{"canvas": {"width": 10}, "layout": {"type": "flow"}"#)
        try FileManager.default.createDirectory(
            atPath: folder.url("suite/broken/art"), withIntermediateDirectories: true)
        for picture in ["suite/broken/photo.png", "suite/broken/art/logo.png", "suite/stale.png"] {
            #expect(try CommandRun.run(["render", "tiny.json", "-o", picture], in: folder.path).status == 0)
        }
        let withBroken = try CommandRun.run(test + ["--record", "never", "--prune"], in: folder.path)
        #expect(withBroken.status == 1, "\(withBroken.standardError)")
        #expect(withBroken.standardError.contains("deleted baseline: suite/stale.png"))
        #expect(!withBroken.standardError.contains("photo") && !withBroken.standardError.contains("logo"))
        #expect(folder.exists("suite/broken/photo.png") && folder.exists("suite/broken/art/logo.png"))
    }

    @Test func oneShardOfOneMergesForTestAndBatch() throws {
        let folder = try Self.recordedSuite()
        let shard = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "one", "--record", "never", "--shard", "1/1"],
            in: folder.path)
        #expect(shard.status == 0)
        let index = folder.bytes("one/index.html")
        try FileManager.default.removeItem(atPath: folder.url("one/index.html"))
        let merged = try CommandRun.run(["merge", "one"], in: folder.path)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardError.contains("merged test results: 3 of 3 scenes passed"))
        #expect(folder.bytes("one/index.html") == index)  // written again, the same

        let batch = try CommandRun.run(["batch", "scenes", "-o", "out", "--shard", "1/1"], in: folder.path)
        #expect(batch.status == 0)
        let manifest = folder.bytes("out/manifest.json")
        let mergedBatch = try CommandRun.run(["merge", "out", "-o", "merged.json"], in: folder.path)
        #expect(mergedBatch.status == 0, "\(mergedBatch.standardError)")
        #expect(mergedBatch.errorLines.last == "merged 1 shard: 3 of 3 scenes written; manifest merged.json")
        #expect(folder.bytes("merged.json") == manifest && folder.bytes("out/manifest.json") == manifest)
    }

    @Test func failuresAreListedInTheSuitesOrderWithAnyNumberOfJobs() throws {
        let folder = try TemporaryFolder()
        // A slow first scene (an animation of 61 frames) and quick stills after it: with several
        // jobs the stills finish first.
        try folder.write(
            "scenes/0.json",
            VisualTestCommandTests.animated("#FF9500").replacingOccurrences(of: #""fps": 10"#, with: #""fps": 60"#)
                .replacingOccurrences(of: #""duration": 0.3"#, with: #""duration": 1"#))
        for i in 1...6 { try folder.write("scenes/\(i).json", VisualTestCommandTests.still("#007AFF")) }
        let run = try CommandRun.run(Self.test + ["--record", "never", "--jobs", "4"], in: folder.path)
        #expect(run.status == 1)
        let names = run.errorLines.compactMap { line -> String? in
            guard line.hasPrefix("missing: ") else { return nil }
            return String(line.dropFirst("missing: ".count).prefix { $0 != ":" })
        }
        #expect(names == ["0", "1", "2", "3", "4", "5", "6"])
    }

    @Test func aPassWithinTheToleranceIsCountedAndExactFailsIt() throws {
        let folder = try Self.recordedSuite()
        // One unit of red in a's cells: within pixelmatch's default threshold.
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#017AFF"))
        let tolerant = try CommandRun.run(Self.test + ["--record", "never"], in: folder.path)
        #expect(tolerant.status == 0)
        #expect(
            tolerant.standardError.contains("3 scenes: 3 passed (1 within the tolerance, not identical), 0 failed"),
            "\(tolerant.standardError)")
        let scenes = try #require(try VisualTestCommandTests.results(folder)["scenes"] as? [[String: Any]])
        let identical = scenes.map { scene in
            ((scene["frames"] as? [[String: Any]]) ?? []).map {
                ($0["comparison"] as? [String: Any])?["identical"] as? Bool
            }
        }
        #expect(identical == [[false], [true, true, true, true], [true]])
        // Each image that passed only within the tolerance says so, and no other does.
        let near = scenes.map { scene in
            ((scene["frames"] as? [[String: Any]]) ?? []).map { $0["withinTolerance"] as? Bool }
        }
        #expect(near == [[true], [nil, nil, nil, nil], [nil]])
        let counts = try #require(try VisualTestCommandTests.results(folder)["counts"] as? [String: Int])
        #expect(counts["passed"] == 3 && counts["withinTolerance"] == 1, "\(counts)")
        let exact = try CommandRun.run(Self.test + ["--record", "never", "--exact"], in: folder.path)
        #expect(exact.status == 1 && exact.standardError.contains("failed: a: "), "\(exact.standardError)")
        let both = try CommandRun.run(Self.test + ["--exact", "--threshold", "0.2"], in: folder.path)
        #expect(both.status == 64 && both.standardError.contains("--exact sets the threshold"))
    }
}
