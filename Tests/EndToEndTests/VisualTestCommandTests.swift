import Foundation
import PNG
import RegressionSuite
import TestSupport
import Testing

/// `diff`, `test`, `approve` and `merge` of test shards, run as the built binary.
@Suite struct VisualTestCommandTests {
    static func still(_ color: String) -> String {
        #"""
        {"canvas": {"width": 120, "height": 90, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 30, "height": 30}, "minimumInteritemSpacing": 6,
                    "sectionInset": {"top": 6, "left": 6, "bottom": 6, "right": 6}},
         "cellStyle": {"backgroundColor": "\#(color)", "cornerRadius": 6},
         "sections": [{"itemCount": 5}]}
        """#
    }

    static func animated(_ color: String) -> String {
        #"""
        {"canvas": {"width": 100, "height": 80, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 24, "height": 24}},
         "cellStyle": {"backgroundColor": "\#(color)", "cornerRadius": 4},
         "sections": [{"itemCount": 6}],
         "animation": {"fps": 10, "steps": [{"deleteItems": [[0, 5]], "duration": 0.3}]}}
        """#
    }

    /// A suite of three scenes: two stills (one in a subfolder) and an animation.
    static func makeSuite(in folder: TemporaryFolder, changed: Bool = false) throws {
        try folder.write("scenes/a.json", still(changed ? "#FF3B30" : "#007AFF"))
        try folder.write("scenes/nested/b.json", still("#34C759"))
        try folder.write("scenes/anim.json", animated(changed ? "#AF52DE" : "#FF9500"))
    }

    static func results(_ folder: TemporaryFolder, _ report: String = "report") throws -> [String: Any] {
        let data = Data(try #require(folder.bytes(report + "/results.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func counts(_ folder: TemporaryFolder, _ report: String = "report") throws -> [String: Int] {
        try #require(try results(folder, report)["counts"] as? [String: Int])
    }

    /// The `type` of each `failure` element in the report's `junit.xml`, and its `failures` count.
    static func junitFailures(_ folder: TemporaryFolder) throws -> (types: [String], count: String) {
        let xml = String(decoding: try #require(folder.bytes("report/junit.xml")), as: UTF8.self)
        let types = xml.split(separator: "<failure type=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let count = xml.split(separator: "failures=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        return (types, count ?? "")
    }

    static let baselineFiles = [
        "a.png", "anim/frame_0000.png", "anim/frame_0001.png", "anim/frame_0002.png", "anim/frame_0003.png",
        "nested/b.png",
    ]

    /// A scene's status line is one line whatever its name holds (a file name may have a line
    /// break in it).
    @Test func aStatusLineIsOneLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/two\nlines.json", Self.still("#007AFF"))
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try folder.write("scenes/two\nlines.json", Self.still("#FF3B30"))
        let run = try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 2 && run.errorLines[0].hasPrefix("failed: two lines: "), "\(run.errorLines)")
    }

    /// On a terminal, `test` shows the scenes checked and, while an animation is checked, its
    /// frames: a long animation is one scene, and would otherwise look like a hang.
    @Test func theProgressLineCountsAnAnimationsFrames() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        let binary = try #require(BinaryLocator.collectionPreview)
        // `script` runs the command on a pseudo-terminal (util-linux, on every Debian system).
        let command = "'\(binary)' test scenes --baselines baselines --report report --jobs 1"
        let run = try CommandRun.run(["-qec", command, "/dev/null"], in: folder.path, binary: "/usr/bin/script")
        let terminal = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(run.status == 1, "\(terminal)")  // recorded
        // The suite's order is a, anim, nested/b: the animation's frames come after one scene.
        for frame in 1...3 { #expect(terminal.contains("\rchecked 1/3 · anim: frame \(frame)/4\u{1B}[K"), "\(frame)") }
        #expect(terminal.contains("\rchecked 3/3\u{1B}[K"))
        #expect(!terminal.contains("frame 4/4"))  // a finished animation leaves the line
    }

    @Test func diffComparesTwoPNGs() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.json", Self.still("#007AFF"))
        try folder.write("b.json", Self.still("#FF3B30"))
        try folder.write("c.json", Self.animated("#007AFF"))
        for name in ["a", "b"] {
            #expect(try CommandRun.run(["render", "\(name).json", "-o", "\(name).png"], in: folder.path).status == 0)
        }
        let same = try CommandRun.run(["diff", "a.png", "a.png"], in: folder.path)
        #expect(same.status == 0)
        #expect(String(decoding: same.standardOutput, as: UTF8.self) == "same: the images are identical\n")

        let different = try CommandRun.run(["diff", "a.png", "b.png", "--json", "-o", "diff.png"], in: folder.path)
        #expect(different.status == 1)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(different.standardOutput)) as? [String: Any])
        #expect(json["identical"] as? Bool == false && json["sizeMismatch"] as? Bool == false)
        #expect(json["totalPixels"] as? Int == 120 * 90)
        let differing = try #require(json["differentPixels"] as? Int)
        #expect(differing > 1000 && differing < 120 * 90)
        #expect((json["regions"] as? [[String: Int]])?.first?["x"] == 6)
        let diff = try PNGDecoder.read(contentsOf: folder.url("diff.png"))
        #expect(diff.width == 120 && diff[20, 20].red == 255 && diff[20, 20].green == 0)

        // A budget or an ignored region that covers the change makes them pass.
        #expect(
            try CommandRun.run(["diff", "a.png", "b.png", "--max-diff-pixels", "100000"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["diff", "a.png", "b.png", "--ignore", "0,0,120,89"], in: folder.path).status == 0)
        // Only the same pixels are "same"; a pass within a budget says so.
        let budget = try CommandRun.run(["diff", "a.png", "b.png", "--max-diff-pixels", "100000"], in: folder.path)
        #expect(String(decoding: budget.standardOutput, as: UTF8.self).hasPrefix("within tolerance: "))
        // Two metrics at once: the threshold would be ignored.
        let both = try CommandRun.run(
            ["diff", "a.png", "b.png", "--threshold", "0.2", "--delta-e", "2"], in: folder.path)
        #expect(both.status == 64 && both.standardError.contains("give one of them"), "\(both.standardError)")
        #expect(
            try CommandRun.run(["diff", "a.png", "b.png", "--max-diff-ratio", "0.01"], in: folder.path).status == 1)

        // Sizes that differ.
        #expect(
            try CommandRun.run(["animate", "c.json", "--contact-sheet", "c.png", "-q"], in: folder.path).status == 0)
        let sized = try CommandRun.run(["diff", "a.png", "c.png", "--json"], in: folder.path)
        #expect(sized.status == 1)
        #expect(String(decoding: sized.standardOutput, as: UTF8.self).contains(#""sizeMismatch": true"#))

        // Bad inputs: the contract's statuses, one line.
        try folder.write("not.png", "hello")
        let missing = try CommandRun.run(["diff", "a.png", "nope.png"], in: folder.path)
        #expect(missing.status == 66 && missing.errorLines == ["error: nope.png: no such file"])
        let corrupt = try CommandRun.run(["diff", "a.png", "not.png"], in: folder.path)
        #expect(corrupt.status == 65 && corrupt.errorLines.count == 1 && corrupt.standardError.contains("not.png"))
        // A Git LFS pointer left in place of the image says what to do.
        try folder.write(
            "pointer.png",
            "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
        )
        let pointer = try CommandRun.run(["diff", "a.png", "pointer.png"], in: folder.path)
        #expect(
            pointer.status == 65 && pointer.standardError.contains("a Git LFS pointer, not the PNG: run `git lfs pull`")
        )
        #expect(try CommandRun.run(["diff", "a.png", "b.png", "--threshold", "2"], in: folder.path).status == 64)
        let farApart = try CommandRun.run(["diff", "a.png", "b.png", "--delta-e", "1e300"], in: folder.path)
        #expect(
            farApart.status == 64
                && farApart.standardError.contains("--delta-e must be between 0 and 150, got 1e+300"),
            "\(farApart.standardError)")
        #expect(try CommandRun.run(["diff", "a.png", "b.png", "--delta-e", "150"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["diff", "a.png", "b.png", "--ignore", "1,2,3"], in: folder.path).status == 64)
        // The smallest Int as x: refused, not a trap in taking its magnitude.
        let smallest = try CommandRun.run(
            ["diff", "a.png", "b.png", "--ignore", "-9223372036854775808,0,1,1"], in: folder.path)
        #expect(smallest.status == 64 && smallest.standardError.contains("--ignore must be x,y,width,height"))
        // Regions that cannot be meant: one wholly outside the images, or all of them together
        // covering every pixel (which would pass any two images of that size).
        for (regions, message) in [
            (["5000,5000,10,10"], "--ignore 5000,5000,10,10: lies outside the "),
            (["0,0,10000,10000"], "--ignore: the regions cover the whole "),
            (["0,0,100,300", "90,0,10000,300"], "--ignore: the regions cover the whole "),
        ] {
            let run = try CommandRun.run(
                ["diff", "a.png", "b.png"] + regions.flatMap { ["--ignore", $0] }, in: folder.path)
            #expect(run.status == 64 && run.errorLines.count == 1, "\(regions): \(run.standardError)")
            #expect(run.standardError.hasPrefix("error: " + message), "\(regions): \(run.standardError)")
        }
    }

    @Test func recordModesDecideWhatIsWritten() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"]

        // never: every baseline is missing, and none is written.
        let never = try CommandRun.run(test + ["--record", "never"], in: folder.path)
        #expect(never.status == 1)
        #expect(folder.files(under: "baselines").isEmpty)
        #expect(try Self.counts(folder)["missing"] == 3)
        #expect(folder.bytes("report/images/a/actual.png") != nil)
        #expect(try Self.junitFailures(folder) == (Array(repeating: "missing-baseline", count: 3), "3"))

        // missing (the default): written, and the run fails so that they are looked at first.
        let recorded = try CommandRun.run(test, in: folder.path)
        #expect(recorded.status == 1, "\(recorded.standardError)")
        #expect(recorded.standardError.contains("recorded: a: new baseline written to baselines/a.png"))
        #expect(
            recorded.standardError.contains(
                "recorded: anim: 4 of 4 frames got new baselines (frames 0, 1, 2, 3); frame 0: new baseline written to baselines/anim/frame_0000.png"
            ), "\(recorded.standardError)")
        #expect(try Self.junitFailures(folder) == (Array(repeating: "baseline-recorded", count: 3), "3"))
        #expect(folder.files(under: "baselines") == Self.baselineFiles)
        #expect(try Self.counts(folder)["recorded"] == 3)
        try Self.expectDigests(in: folder, Self.baselineFiles)

        // Unchanged scenes pass, and a passing run leaves no images in the report.
        let passed = try CommandRun.run(test, in: folder.path, environment: ["COLLECTION_PREVIEW_RECORD": "never"])
        #expect(passed.status == 0)
        #expect(try Self.counts(folder)["passed"] == 3)
        #expect(folder.files(under: "report/images").isEmpty)
        #expect(try Self.junitFailures(folder) == ([], "0"))
        // Every image has the same keys in results.json: no image paths for a pass, its numbers.
        let scenes = try #require(try Self.results(folder)["scenes"] as? [[String: Any]])
        let frames = scenes.flatMap { ($0["frames"] as? [[String: Any]]) ?? [] }
        #expect(frames.count == 6)
        for frame in frames {
            #expect(["expected", "actual", "diff"].allSatisfy { frame[$0] is NSNull }, "\(frame)")
            #expect((frame["comparison"] as? [String: Any])?["differentPixels"] as? Int == 0, "\(frame)")
        }

        // A change fails under never and missing, naming the frames of the animation.
        try Self.makeSuite(in: folder, changed: true)
        let before = folder.bytes("baselines/a.png")
        let failed = try CommandRun.run(test + ["--record", "never"], in: folder.path)
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("failed: a: "))
        #expect(try Self.junitFailures(folder) == (Array(repeating: "image-difference", count: 2), "2"))
        #expect(failed.standardError.contains("failed: anim: 4 of 4 frames differ or are missing (frames 0, 1, 2, 3)"))
        #expect(folder.bytes("baselines/a.png") == before)
        for role in ["expected", "actual", "diff"] {
            #expect(folder.bytes("report/images/a/\(role).png") != nil)
            #expect(folder.bytes("report/images/anim/frame_0002/\(role).png") != nil)
        }
        #expect(folder.bytes("report/images/a/expected.png") == before)
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // missing does not overwrite

        // failed: overwrites what differs; the run fails, the next one passes.
        let rerecorded = try CommandRun.run(test + ["--record", "failed"], in: folder.path)
        #expect(rerecorded.status == 1)
        #expect(try Self.counts(folder)["recorded"] == 2 && Self.counts(folder)["passed"] == 1)
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.png"), of: folder.bytes("report/images/a/actual.png")))
        #expect(try CommandRun.run(test + ["--record", "never"], in: folder.path).status == 0)

        // all: re-records every baseline that is not identical. One that matches within the
        // tolerance passes (threshold 1 counts no pixel); one that differs fails the run.
        try Self.makeSuite(in: folder)
        let within = try CommandRun.run(test + ["--record", "all", "--threshold", "1"], in: folder.path)
        #expect(try within.status == 0 && Self.counts(folder)["passed"] == 3, "\(within.standardError)")
        #expect(folder.files(under: "report/images").isEmpty)
        #expect(folder.bytes("baselines/a.png") == before)
        // The files it rewrote are counted (a and the animation's 4 frames; b was identical).
        #expect(
            within.standardError.contains(
                "3 scenes: 3 passed (5 baseline(s) re-recorded within the tolerance), 0 failed"),
            "\(within.standardError)")
        let rewritten = try #require(try Self.results(folder)["scenes"] as? [[String: Any]]).flatMap {
            ($0["frames"] as? [[String: Any]]) ?? []
        }.filter { $0["rewritten"] as? Bool == true }
        #expect(rewritten.count == 5)
        try Self.makeSuite(in: folder, changed: true)
        #expect(try CommandRun.run(test + ["--record", "all"], in: folder.path).status == 1)
        #expect(try Self.counts(folder)["recorded"] == 2 && folder.bytes("baselines/a.png") != before)
        try Self.makeSuite(in: folder)
        #expect(try CommandRun.run(test + ["--record", "all"], in: folder.path).status == 1)
        #expect(try CommandRun.run(test + ["--record", "all"], in: folder.path).status == 0)
        #expect(folder.bytes("baselines/a.png") == before)
        let bad = try CommandRun.run(test, in: folder.path, environment: ["COLLECTION_PREVIEW_RECORD": "sometimes"])
        #expect(bad.status == 64 && bad.standardError.contains("COLLECTION_PREVIEW_RECORD must be one of all"))
    }

    /// Each of `files` under `baselines` carries the digest of the pixels it decodes to
    /// (`PNGPixelDigest`), so that a passing check decodes nothing.
    static func expectDigests(in folder: TemporaryFolder, _ files: [String]) throws {
        for file in files {
            let png = try #require(folder.bytes("baselines/" + file))
            let decoded = try PNGDecoder.decodeStillStraight(png)
            #expect(PNGPixelDigest.stored(in: png) == PNGPixelDigest(decoded), "\(file)")
        }
    }

    /// A suite (`makeSuite`) whose baselines were recorded and then changed, with a report of
    /// the failing run in `report`, and the arguments of that `test` run (without `--record`).
    static func suiteWithFailures() throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        try makeSuite(in: folder)
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // recorded
        try makeSuite(in: folder, changed: true)
        #expect(try CommandRun.run(test + ["--record", "never"], in: folder.path).status == 1)
        return (folder, test)
    }

    /// Every whole-number field of the results (found by reflection on what a run wrote, so a
    /// field added later is covered) holding a fraction is reported at its JSON path: Foundation's
    /// decoder calls such a document invalid JSON without saying where.
    @Test func aFractionInAWholeNumberFieldIsReportedWhereItIs() throws {
        let (folder, _) = try Self.suiteWithFailures()
        let path = folder.url("report/results.json")
        let results = try SuiteResults.read(path: path)
        let compared = try #require(results.scenes.flatMap(\.frames).first { $0.comparison != nil })
        let comparison = try #require(compared.comparison)
        var wholeFields = Mirror(reflecting: comparison).children.compactMap { child in
            child.value is Int || child.value is [[Int]] ? child.label : nil
        }
        wholeFields += Mirror(reflecting: compared).children.compactMap { child in
            child.value is Int? && child.label != nil ? child.label : nil
        }
        wholeFields += Mirror(reflecting: results).children.compactMap { $0.value is [String: Int] ? $0.label : nil }
        #expect(Set(wholeFields).isSuperset(of: ["frame", "differentPixels", "counts", "regions"]), "\(wholeFields)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for field in wholeFields {
            // The first number under the field, whatever nesting it is in.
            let pattern = try Regex("\"\(field)\" : [\\[{\\s]*(\"[a-z]+\" : )?[0-9]+")
            let match = try #require(text.firstMatch(of: pattern), "\(field)")
            let edited = text.replacingCharacters(in: match.range, with: String(text[match.range]) + ".5")
            try folder.write("report/results.json", edited)
            do {
                _ = try SuiteResults.read(path: path)
                Issue.record("\(field): a fraction was read without an error")
            } catch {
                #expect("\(error)".hasSuffix(": must be a whole number"), "\(field): \(error)")
                #expect(
                    "\(error)".contains(": \(field)") || "\(error)".contains(".\(field)"), "\(field): \(error)")
            }
        }
    }

    /// A results file that lists a scene's frame twice (edited by hand, or shards merged from
    /// such files) is not a test run's: refused with its path, nothing approved.
    @Test func resultsThatListAFrameTwiceAreRefused() throws {
        let (folder, _) = try Self.suiteWithFailures()
        var results = try Self.results(folder)
        var scenes = try #require(results["scenes"] as? [[String: Any]])
        let index = try #require(scenes.firstIndex { $0["name"] as? String == "anim" })
        var frames = try #require(scenes[index]["frames"] as? [Any])
        frames.append(frames[0])
        scenes[index]["frames"] = frames
        results["scenes"] = scenes
        try folder.write(
            "report/results.json", String(decoding: try JSONSerialization.data(withJSONObject: results), as: UTF8.self))
        let before = folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) }
        let run = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(run.status == 66, "\(run.standardError)")
        #expect(
            run.errorLines.count == 1 && run.errorLines[0].contains("(anim) lists its frame anim/frame_0000 twice"),
            "\(run.errorLines)")
        #expect(folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) } == before)
    }

    /// A results file that lists a scene twice, or two scenes that name one baseline, is not a
    /// test run's either: refused before anything is approved.
    @Test func resultsThatListASceneTwiceAreRefused() throws {
        let (folder, _) = try Self.suiteWithFailures()
        let original = try Self.results(folder)
        let scenes = try #require(original["scenes"] as? [[String: Any]])
        let index = try #require(scenes.firstIndex { $0["name"] as? String == "anim" })
        let before = folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) }
        var renamed = scenes[index]
        renamed["name"] = "anim copy"
        for (edited, expected) in [
            (scenes + [scenes[index]], "(anim) lists the scene of scenes[\(index)] again"),
            (scenes + [renamed], "(anim copy) and scenes[\(index)] (anim) both name the baseline anim/frame_0000.png"),
        ] {
            var results = original
            results["scenes"] = edited
            try folder.write(
                "report/results.json",
                String(decoding: try JSONSerialization.data(withJSONObject: results), as: UTF8.self))
            let run = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
            #expect(run.status == 66, "\(run.standardError)")
            #expect(run.errorLines.count == 1 && run.errorLines[0].contains(expected), "\(run.errorLines)")
            #expect(folder.files(under: "baselines").map { folder.bytes("baselines/" + $0) } == before)
        }
    }

    @Test func approvePromotesTheLastRunsActualsAndOrphansAreFound() throws {
        let (folder, test) = try Self.suiteWithFailures()

        // --filter approves only the scenes named; a second one matching nothing more adds none.
        let some = try CommandRun.run(
            ["approve", "--report", "report", "--filter", "anim", "--filter", "ani"], in: folder.path)
        #expect(some.status == 0)
        #expect(String(decoding: some.standardOutput, as: UTF8.self).split(separator: "\n").count == 4)
        #expect(
            PNGFiles.isStoredForm(
                folder.bytes("baselines/anim/frame_0001.png"),
                of: folder.bytes("report/images/anim/frame_0001/actual.png")
            ))
        #expect(!PNGFiles.samePixels(folder.bytes("baselines/a.png"), folder.bytes("report/images/a/actual.png")))
        let all = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(all.status == 0)
        try Self.expectDigests(in: folder, ["a.png", "anim/frame_0001.png"])
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.png"), of: folder.bytes("report/images/a/actual.png")))
        #expect(try CommandRun.run(test + ["--record", "never"], in: folder.path).status == 0)
        #expect(try CommandRun.run(["approve", "--report", "nowhere"], in: folder.path).status == 66)

        // Baselines no scene uses: a deleted scene's, and a still image of an animated scene.
        try FileManager.default.removeItem(atPath: folder.url("scenes/nested/b.json"))
        _ = try folder.write("baselines/anim.png", "stale")
        _ = try folder.write("baselines/gone/deep/old.png", "stale")
        let orphaned = try CommandRun.run(test + ["--record", "never"], in: folder.path)
        #expect(orphaned.status == 0)
        #expect(orphaned.standardError.contains("unused baseline: baselines/nested/b.png"))
        #expect(
            try Self.results(folder)["orphanedBaselines"] as? [String] == [
                "anim.png", "gone/deep/old.png", "nested/b.png",
            ])
        #expect(folder.bytes("baselines/nested/b.png") != nil)
        // --fail-on-unused makes them fail the run (unless they are pruned).
        let strict = try CommandRun.run(test + ["--record", "never", "--fail-on-unused"], in: folder.path)
        #expect(strict.status == 1 && strict.standardError.contains("error: 3 unused baseline(s) (--fail-on-unused)"))
        let pruned = try CommandRun.run(test + ["--record", "never", "--prune", "--fail-on-unused"], in: folder.path)
        #expect(pruned.status == 0 && pruned.standardError.contains("deleted baseline: baselines/nested/b.png"))
        #expect(folder.files(under: "baselines") == Self.baselineFiles.filter { $0 != "nested/b.png" })
        // The folders left empty go too, the deepest first; one still holding frames stays.
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: folder.url("baselines/nested")))
        #expect(!manager.fileExists(atPath: folder.url("baselines/gone")))
        #expect(manager.fileExists(atPath: folder.url("baselines/anim")))
    }

    /// A baselines folder that did not exist (a misspelt `--baselines`) is noted, so that the run
    /// that records every scene into it is not taken for a first run by mistake.
    @Test func aBaselinesFolderThatDidNotExistIsNoted() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        let test = ["test", "scenes", "--baselines", "Baselnes", "--report", "report", "-q"]
        let never = try CommandRun.run(test + ["--record", "never"], in: folder.path)
        #expect(never.status == 1 && never.errorLines.contains("note: --baselines Baselnes: the folder did not exist"))
        let first = try CommandRun.run(test, in: folder.path)
        #expect(
            first.status == 1
                && first.errorLines.contains(
                    "note: --baselines Baselnes: the folder did not exist; it was made for the baselines recorded")
        )
        let second = try CommandRun.run(test, in: folder.path)
        #expect(second.status == 0 && !second.standardError.contains("note:"))
    }

    /// A run given scene files rather than the suite's folder does not know the other scenes:
    /// it lists and prunes only the unused baselines of the scenes it has (an animation's old
    /// still here), says so in a note, and leaves every other scene's baselines alone.
    @Test func aRunGivenSceneFilesPrunesOnlyItsOwnScenesBaselines() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        let suite = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"]
        #expect(try CommandRun.run(suite, in: folder.path).status == 1)  // recorded
        _ = try folder.write("baselines/anim.png", "stale")
        _ = try folder.write("baselines/gone.png", "stale")
        let files = [
            "test", "scenes/anim.json", "scenes/a.json", "--baselines", "baselines", "--report", "report", "-q",
        ]
        let listed = try CommandRun.run(files + ["--record", "never", "--fail-on-unused"], in: folder.path)
        #expect(listed.status == 1)
        #expect(
            listed.errorLines == [
                "unused baseline: baselines/anim.png",
                "note: scenes given as files: only their own unused baselines were looked for; give the suite's folder to find a deleted scene's",
                "2 scenes: 2 passed, 0 failed, 0 missing, 0 recorded, 0 errors; report report/index.html",
                "error: 1 unused baseline(s) (--fail-on-unused)",
            ])
        let pruned = try CommandRun.run(files + ["--record", "never", "--prune"], in: folder.path)
        #expect(pruned.status == 0 && pruned.errorLines.first == "deleted baseline: baselines/anim.png")
        #expect(folder.files(under: "baselines") == (Self.baselineFiles + ["gone.png"]).sorted())
        // Without --prune or --fail-on-unused, no note; the suite's folder finds the deleted scene's.
        let plain = try CommandRun.run(files + ["--record", "never"], in: folder.path)
        #expect(plain.status == 0 && !plain.standardError.contains("note:"))
        let whole = try CommandRun.run(suite + ["--record", "never", "--prune"], in: folder.path)
        #expect(whole.status == 0 && whole.errorLines.first == "deleted baseline: baselines/gone.png")
        #expect(folder.files(under: "baselines") == Self.baselineFiles)
    }

    @Test func aBaselineThatCannotBeWrittenStopsTheRunWithStatus73() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        try folder.write("file", "not a folder")
        let run = try CommandRun.run(
            ["test", "scenes", "--baselines", "file/baselines", "--report", "report", "-q", "--jobs", "1"],
            in: folder.path)
        #expect(run.status == 73, "\(run.standardError)")
        let lines = run.errorLines
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error: file/baselines/") == true)
        #expect(lines.first?.contains(".png: cannot create the folder file/baselines") == true, "\(lines)")
        // The system's words, not Foundation's error dump, and no "cannot write (cannot …)".
        #expect(lines.first?.hasSuffix(": Not a directory") == true, "\(lines)")
        #expect(lines.first?.contains("cannot write") == false, "\(lines)")
        #expect(!folder.exists("report/results.json") && !folder.exists("report/junit.xml"))

        // The same for a report image: the baselines exist, the report's images folder cannot be made.
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try Self.makeSuite(in: folder, changed: true)
        try folder.write("blocked/images", "not a folder")
        let report = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "blocked", "-q", "--record", "never"],
            in: folder.path)
        #expect(report.status == 73, "\(report.standardError)")
        #expect(
            report.standardError.contains("blocked/images/")
                && report.standardError.contains("cannot create the folder blocked/images"), "\(report.standardError)")
        #expect(report.standardError.contains("Not a directory"))

        // Results that cannot be written (a folder in the way of results.json): the images the
        // run saved are taken back, since no results would list them.
        try FileManager.default.createDirectory(
            atPath: folder.url("unfinished/results.json"), withIntermediateDirectories: true)
        let unfinished = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "unfinished", "-q", "--record", "never"],
            in: folder.path)
        #expect(unfinished.status == 73, "\(unfinished.standardError)")
        #expect(
            unfinished.errorLines.last
                == "error: cannot replace something that is not a regular file: 'unfinished/results.json'",
            "\(unfinished.standardError)")
        #expect(folder.files(under: "unfinished").isEmpty && folder.exists("unfinished/results.json"))

        // A shard whose run stops so leaves no results of an earlier run of that shard behind.
        let shard = ["test", "scenes", "--report", "shards", "-q", "--shard", "1/2", "--baselines"]
        #expect(try CommandRun.run(shard + ["baselines"], in: folder.path).status == 1)
        #expect(folder.exists("shards/results-1-of-2.json"))
        #expect(try CommandRun.run(shard + ["file/baselines"], in: folder.path).status == 73)
        #expect(!folder.exists("shards/results-1-of-2.json"))
    }

    @Test func theReportFolderAndTheBaselinesAreHandledWithCare() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        // A --report pointing at a folder that is not a test report: nothing of it is deleted.
        try folder.write("site/index.html", "<p>my site</p>")
        try folder.write("site/images/logo.png", "logo")
        #expect(
            try CommandRun.run(
                ["test", "scenes", "--baselines", "baselines", "--report", "site", "-q"], in: folder.path
            )
            .status == 1)  // recorded
        #expect(folder.exists("site/images/logo.png"))
        // A report inside the baselines folder is not taken for baselines, even by --prune.
        let run = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "baselines/report", "--prune", "-q"],
            in: folder.path)
        #expect(run.status == 0 && !run.standardError.contains("baseline: baselines/report"))
        // Nor by a later run given another report folder: a folder of a test run's results is no baselines.
        let later = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "elsewhere", "--prune", "-q"], in: folder.path)
        #expect(
            later.status == 0 && !later.standardError.contains("baseline: baselines/report"), "\(later.standardError)")
        #expect(folder.exists("baselines/report/results.json"))
        // Pruning a removed animation deletes its frames and the folder they leave empty.
        try FileManager.default.removeItem(atPath: folder.url("scenes/anim.json"))
        let pruned = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "--prune", "-q"], in: folder.path)
        #expect(pruned.status == 0 && pruned.standardError.contains("deleted baseline: baselines/anim/frame_0003.png"))
        #expect(!folder.exists("baselines/anim"))
        // A shard run drops the results of a differently split earlier run.
        _ = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "shards", "--shard", "1/3", "-q"],
            in: folder.path)
        _ = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "shards", "--shard", "2/2", "-q"],
            in: folder.path)
        #expect(!folder.exists("shards/results-1-of-3.json") && folder.exists("shards/results-2-of-2.json"))
    }

    @Test func approveTakesExactScenesAndRefusesPathsThatLeave() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        try folder.write("scenes/a2.json", Self.still("#5856D6"))
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // recorded
        try Self.makeSuite(in: folder, changed: true)
        try folder.write("scenes/a2.json", Self.still("#FF2D55"))
        #expect(try CommandRun.run(test + ["--record", "never"], in: folder.path).status == 1)
        let exact = try CommandRun.run(["approve", "--report", "report", "--scene", "a"], in: folder.path)
        #expect(String(decoding: exact.standardOutput, as: UTF8.self) == "approved baselines/a.png\n")
        #expect(try String(contentsOfFile: folder.url("report/index.html"), encoding: .utf8).contains("--scene "))
        // A name or filter that matches no scene is a usage error, not "0 baselines written".
        let typo = try CommandRun.run(["approve", "--report", "report", "--scene", "a3"], in: folder.path)
        #expect(typo.status == 64)
        #expect(typo.errorLines == [#"error: report/results.json: no scene named "a3"; did you mean "a"?"#])
        let none = try CommandRun.run(["approve", "--report", "report", "--filter", "zz"], in: folder.path)
        #expect(none.status == 64 && none.errorLines == [#"error: report/results.json: no scene name contains "zz""#])
        // Each of several filters must match, and scenes matching any of them are approved.
        let oneTypo = try CommandRun.run(
            ["approve", "--report", "report", "--filter", "a2", "--filter", "zz"], in: folder.path)
        #expect(
            oneTypo.status == 64 && oneTypo.errorLines == [#"error: report/results.json: no scene name contains "zz""#])
        let apart = try CommandRun.run(
            ["approve", "--report", "report", "--scene", "a", "--filter", "anim"], in: folder.path)
        #expect(
            apart.status == 64
                && apart.errorLines == [
                    #"error: report/results.json: no scene name contains "anim" among the scenes named by --scene"#
                ])
        #expect(folder.bytes("baselines/a2.png") != folder.bytes("report/images/a2/actual.png"))
        // A report image that is gone: missing input.
        try FileManager.default.removeItem(atPath: folder.url("report/images/a2/actual.png"))
        let gone = try CommandRun.run(["approve", "--report", "report", "--scene", "a2"], in: folder.path)
        #expect(gone.status == 66 && gone.errorLines.count == 1)
        // One that is there but not a PNG: bad input data, as `diff` says of it.
        try folder.write("report/images/a2/actual.png", "junk")
        let junk = try CommandRun.run(["approve", "--report", "report", "--scene", "a2"], in: folder.path)
        #expect(
            junk.status == 65 && junk.errorLines.count == 1
                && junk.errorLines[0].contains("report/images/a2/actual.png"), "\(junk.errorLines)")
        try FileManager.default.removeItem(atPath: folder.url("report/images/a2/actual.png"))
        // A results file whose paths leave their folders writes nothing.
        var text = try String(contentsOfFile: folder.url("report/results.json"), encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""baseline" : "anim/frame_0000.png""#, with: #""baseline" : "../../evil.png""#)
        try folder.write("report/results.json", text)
        let evil = try CommandRun.run(["approve", "--report", "report", "--scene", "anim"], in: folder.path)
        #expect(evil.status == 66 && evil.standardError.contains("a path leaves its folder"))
        #expect(!FileManager.default.fileExists(atPath: folder.url("../evil.png")))
        // merge refuses it too, rather than link the report's page to it.
        let index = folder.bytes("report/index.html")
        let merge = try CommandRun.run(["merge", "report"], in: folder.path)
        #expect(merge.status == 66 && merge.errorLines.count == 1, "\(merge.standardError)")
        #expect(
            merge.errorLines.first?.contains("(anim/frame_0000): a path leaves its folder (../../evil.png, ") == true,
            "\(merge.standardError)")
        #expect(folder.bytes("report/index.html") == index)
        // So does one with a NUL, where the system would cut the path short (`a` for `a\0x`).
        text = text.replacingOccurrences(of: #""../../evil.png""#, with: #""anim\u0000/frame_0000.png""#)
        try folder.write("report/results.json", text)
        let cut = try CommandRun.run(["approve", "--report", "report", "--scene", "anim"], in: folder.path)
        #expect(cut.status == 66 && cut.standardError.contains("a path leaves its folder"), "\(cut.standardError)")
        #expect(
            !folder.exists("baselines/anim")
                || folder.files(under: "baselines/anim").allSatisfy { $0.hasPrefix("frame_") })
        // A results file that is not JSON says where; a status no run writes says which.
        try folder.write("report/results.json", String(text.prefix(40)))
        let truncated = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(truncated.errorLines.count == 1, "\(truncated.standardError)")
        #expect(
            truncated.errorLines.first?.hasPrefix(
                "error: report/results.json: not the results of a test run: (json): line ") == true,
            "\(truncated.standardError)")
        // A number that does not fit its whole-number field: Foundation's decoder calls the
        // whole document invalid; the error names the number's path.
        for (number, rule) in [("1.5", "must be a whole number"), ("1e30", "is too large")] {
            let fraction = text.replacingOccurrences(of: #""frame" : 1,"#, with: #""frame" : \#(number),"#)
            #expect(fraction != text)
            try folder.write("report/results.json", fraction)
            let run = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
            #expect(run.status == 66, "\(run.standardError)")
            #expect(
                run.errorLines.count == 1 && run.errorLines[0].hasSuffix("].frames[1].frame: \(rule)"),
                "\(run.standardError)")
        }
        let weird = text.replacingOccurrences(of: #""status" : "failed""#, with: #""status" : "weird""#)
        #expect(weird != text)
        try folder.write("report/results.json", weird)
        let status = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(
            status.errorLines.count == 1
                && status.errorLines[0].hasSuffix(".status: is not one of the values allowed here, got weird"),
            "\(status.standardError)")
    }

    /// An animation's frames are approved together: a frame that cannot be approved leaves
    /// every frame's baseline as it was.
    @Test func approveTakesAnAnimationWholeOrNotAtAll() throws {
        let (folder, _) = try Self.suiteWithFailures()
        let frames = folder.files(under: "baselines/anim")
        let before = frames.map { folder.bytes("baselines/anim/" + $0) }
        func unchanged() -> Bool {
            folder.files(under: "baselines/anim") == frames
                && frames.map { folder.bytes("baselines/anim/" + $0) } == before
        }
        // Frame 2's actual image is gone: frames 0 and 1, read before it, are not approved either.
        let actual = try #require(folder.bytes("report/images/anim/frame_0002/actual.png"))
        try FileManager.default.removeItem(atPath: folder.url("report/images/anim/frame_0002/actual.png"))
        let gone = try CommandRun.run(["approve", "--report", "report", "--scene", "anim"], in: folder.path)
        #expect(gone.status == 66 && gone.standardOutput.isEmpty, "\(gone.standardError)")
        #expect(unchanged())
        // A results file naming one frame's baseline in another folder: refused, nothing written.
        try Data(actual).write(to: URL(fileURLWithPath: folder.url("report/images/anim/frame_0002/actual.png")))
        let text = try String(contentsOfFile: folder.url("report/results.json"), encoding: .utf8)
        try folder.write(
            "report/results.json",
            text.replacingOccurrences(
                of: #""baseline" : "anim/frame_0001.png""#, with: #""baseline" : "elsewhere/frame_0001.png""#))
        // (The baseline is there: one the run compared with that is not there stops approve before.)
        try folder.write("baselines/elsewhere/frame_0001.png", "placeholder")
        let split = try CommandRun.run(["approve", "--report", "report", "--scene", "anim"], in: folder.path)
        #expect(split.status == 73 && split.standardError.contains("an animation's baselines must lie in one folder"))
        #expect(unchanged() && folder.bytes("baselines/elsewhere/frame_0001.png") == Array("placeholder".utf8))
        // With the results as `test` wrote them, every failed frame is approved at once.
        try folder.write("report/results.json", text)
        let approved = try CommandRun.run(["approve", "--report", "report", "--scene", "anim"], in: folder.path)
        #expect(approved.status == 0 && !unchanged())
        #expect(folder.files(under: "baselines/anim") == frames, "no hidden staging folder is left")
    }

    @Test func mergedShardsEqualAnUnshardedRun() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try Self.makeSuite(in: folder, changed: true)
        _ = try folder.write("baselines/old.png", "stale")
        let whole = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "whole", "--record", "never", "-q"],
            in: folder.path)
        #expect(whole.status == 1)
        let first = try CommandRun.run(
            [
                "test", "scenes", "--baselines", "baselines", "--report", "shards", "--record", "never", "--shard",
                "1/2",
            ],
            in: folder.path)
        // The second shard from a Kubernetes Indexed Job's environment.
        let second = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "shards", "--record", "never"],
            in: folder.path, environment: ["JOB_COMPLETION_INDEX": "1", "CP_SHARD_COUNT": "2"])
        #expect(first.status == 1 || second.status == 1)
        #expect(folder.bytes("shards/results-1-of-2.json") != nil && folder.bytes("shards/results-2-of-2.json") != nil)
        // Each shard also writes the report of its part; the second, run last, holds the folder's.
        #expect(try Self.results(folder, "shards")["shard"] as? String == "2/2")
        #expect(folder.bytes("shards/junit.xml") != nil && folder.bytes("shards/index.html") != nil)
        // -o copies a batch's manifest: test shards have none, so it is bad usage, and nothing
        // is merged or written.
        let shardReport = folder.bytes("shards/results.json")
        let copy = try CommandRun.run(["merge", "shards", "-o", "merged.json"], in: folder.path)
        #expect(
            copy.status == 64
                && copy.errorLines == [
                    "error: -o merged.json: shards holds no batch manifest to copy there; test results are merged into the folder itself (results.json, junit.xml, index.html)"
                ], "\(copy.standardError)")
        #expect(!folder.exists("merged.json") && folder.bytes("shards/results.json") == shardReport)
        let merged = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(merged.status == 1)
        for file in ["results.json", "junit.xml", "index.html"] {
            #expect(folder.bytes("whole/" + file) == folder.bytes("shards/" + file), "\(file)")
        }
        #expect(
            folder.files(under: "whole/images") == folder.files(under: "shards/images"))
        #expect(try Self.results(folder, "shards")["orphanedBaselines"] as? [String] == ["old.png"])
        // Shards run over different scenes are refused: with 0 and 1 added, shard 2 of
        // {0, 1, a, anim, nested/b} takes 1 and anim, and 1 sits first, a place of shard 1.
        let sceneA = try #require(folder.bytes("scenes/a.json"))
        for name in ["0", "1"] { try folder.write("scenes/\(name).json", String(decoding: sceneA, as: UTF8.self)) }
        let shard2 = ["test", "scenes", "--baselines", "baselines", "--report", "shards", "--record", "never", "-q"]
        _ = try CommandRun.run(shard2 + ["--shard", "2/2"], in: folder.path)
        let otherSuite = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(
            otherSuite.status == 66
                && otherSuite.errorLines == [
                    "error: shard 2/2 ran on a suite of 5 scenes, shard 1/2 on one of 3 scenes: run every shard on the same scenes"
                ], "\(otherSuite.standardError)")
        // Shard files without the run's count (written by hand, or by an older version) are
        // still told apart by where their scenes sit.
        func forgetRunCounts() throws {
            for name in ["shards/results-1-of-2.json", "shards/results-2-of-2.json"] {
                let bytes = try #require(folder.bytes(name))
                var results = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
                #expect(results.removeValue(forKey: "runScenes") != nil)
                let text = String(decoding: try JSONSerialization.data(withJSONObject: results), as: UTF8.self)
                _ = try folder.write(name, text)
            }
        }
        try forgetRunCounts()
        let misplaced = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(
            misplaced.status == 66
                && misplaced.standardError.contains(
                    "1 is listed by shard 2/2 but its place in the whole batch belongs to shard 1/2"),
            "\(misplaced.standardError)")
        // With only 0 added, shard 1 of {0, a, anim, nested/b} takes 0 and anim; shard 2 of the
        // first three alone takes anim too.
        try FileManager.default.removeItem(atPath: folder.url("scenes/1.json"))
        _ = try CommandRun.run(shard2 + ["--shard", "1/2"], in: folder.path)
        try FileManager.default.removeItem(atPath: folder.url("scenes/0.json"))
        _ = try CommandRun.run(shard2 + ["--shard", "2/2"], in: folder.path)
        try forgetRunCounts()
        let twice = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(
            twice.status == 66 && twice.standardError.contains("anim is listed by more than one shard"),
            "\(twice.standardError)")
        // A missing shard is refused.
        try FileManager.default.removeItem(atPath: folder.url("shards/results-1-of-2.json"))
        let incomplete = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(incomplete.status == 66 && incomplete.standardError.contains("need shards 1 to 2 of 2"))
    }

    @Test func devicesCheckEverySceneOnEachScreenWithItsOwnBaselines() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        let devices = ["--device", "iPhone SE", "--device", "iPad mini:landscape", "--device", "iPhone SE"]
        let test = ["test", "scenes", "--baselines", "baselines", "-q"] + devices
        #expect(try CommandRun.run(test, in: folder.path).status == 1)  // recorded
        let frames = (0...3).map { "/frame_000\($0).png" }
        #expect(
            folder.files(under: "baselines") == [
                "a.iPad-mini-landscape.png", "a.iPhone-SE.png",
            ] + frames.map { "anim.iPad-mini-landscape" + $0 } + frames.map { "anim.iPhone-SE" + $0 } + [
                "nested/b.iPad-mini-landscape.png", "nested/b.iPhone-SE.png",
            ])
        // Each is the scene shown on that screen, as render --device draws it.
        #expect(
            try CommandRun.run(
                ["render", "scenes/a.json", "-o", "a.png", "--device", "iPad mini:landscape"], in: folder.path
            ).status == 0)
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.iPad-mini-landscape.png"), of: folder.bytes("a.png")))
        let whole = try CommandRun.run(test + ["--report", "whole", "--record", "never"], in: folder.path)
        #expect(whole.status == 0 && whole.standardError.contains("6 checks (3 scenes on 2 devices): 6 passed"))
        // Shards split the scenes on every device, and merge to the same report. Each takes every
        // fourth of the sorted checks, which here are on one device each: its summary says so.
        for k in 1...4 {
            let shard = try CommandRun.run(
                test + ["--report", "shards", "--record", "never", "--shard", "\(k)/4"], in: folder.path)
            #expect(shard.status == 0, "\(shard.standardError)")
            let part = k <= 2 ? "2 checks (2 scenes on 1 of 2 devices)" : "1 check (1 scene on 1 of 2 devices)"
            #expect(shard.standardError.contains(part), "\(shard.standardError)")
        }
        #expect(try CommandRun.run(["merge", "shards"], in: folder.path).status == 0)
        for file in ["results.json", "junit.xml", "index.html"] {
            #expect(folder.bytes("whole/" + file) == folder.bytes("shards/" + file), "\(file)")
        }
        // approve takes the names with the device; a bare scene name says what they are.
        let bare = try CommandRun.run(["approve", "--report", "whole", "--scene", "a"], in: folder.path)
        #expect(
            bare.status == 64
                && bare.errorLines == [
                    #"error: whole/results.json: no scene named "a"; on devices it is "a.iPad-mini-landscape", "a.iPhone-SE""#
                ])
        let approved = try CommandRun.run(
            ["approve", "--report", "whole", "--scene", "a.iPhone-SE"], in: folder.path)
        #expect(approved.status == 0, "\(approved.standardError)")
        // The device's scale, not the scene's (1).
        #expect(try PNGDecoder.decode(try #require(folder.bytes("baselines/a.iPhone-SE.png"))).width == 750)
        // Shards run with other devices are not one run.
        try FileManager.default.removeItem(atPath: folder.url("shards/results-2-of-4.json"))
        let other = try CommandRun.run(
            [
                "test", "scenes", "--baselines", "baselines", "-q", "--record", "never", "--report", "shards",
                "--shard",
                "2/4", "--device", "iPhone SE",
            ], in: folder.path)
        #expect(other.status == 0)
        let mixed = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(
            mixed.status == 66 && mixed.standardError.contains("other baselines, record mode, comparison or devices"))

        // The scenes' own baselines and those of the devices a run does not name belong to other
        // runs: not unused, not pruned. A deleted scene's are unused on every device.
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try FileManager.default.removeItem(atPath: folder.url("scenes/nested/b.json"))
        let pruned = try CommandRun.run(
            [
                "test", "scenes", "--baselines", "baselines", "-q", "--record", "never", "--prune", "--device",
                "iPhone SE",
            ],
            in: folder.path)
        #expect(pruned.status == 0, "\(pruned.standardError)")
        #expect(
            pruned.errorLines.filter { $0.hasPrefix("deleted") } == [
                "deleted baseline: baselines/nested/b.iPad-mini-landscape.png",
                "deleted baseline: baselines/nested/b.iPhone-SE.png", "deleted baseline: baselines/nested/b.png",
            ])
        #expect(folder.bytes("baselines/a.png") != nil && folder.bytes("baselines/a.iPad-mini-landscape.png") != nil)
        let plain = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "-q", "--record", "never", "--fail-on-unused"],
            in: folder.path)
        #expect(plain.status == 0, "\(plain.standardError)")

        // A scene named as another on a device is refused before anything runs.
        try folder.write("scenes/a.iPhone-SE.json", Self.still("#000000"))
        let clash = try CommandRun.run(test + ["--report", "clash"], in: folder.path)
        #expect(
            clash.status == 64
                && clash.errorLines == [
                    "error: scenes/a.json on iPhone SE and scenes/a.iPhone-SE.json would both use a.iPhone-SE.png (the second's own image or baseline without --device); rename one"
                ])
        #expect(!FileManager.default.fileExists(atPath: folder.url("clash/results.json")))
    }

    @Test func mergeFailsOnUnusedBaselinesWhenAsked() throws {
        let folder = try TemporaryFolder()
        try Self.makeSuite(in: folder)
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        _ = try folder.write("baselines/old.png", "stale")
        for k in 1...2 {
            let shard = try CommandRun.run(
                [
                    "test", "scenes", "--baselines", "baselines", "--report", "shards", "--record", "never", "-q",
                    "--shard", "\(k)/2",
                ],
                in: folder.path)
            #expect(shard.status == 0, "\(shard.standardError)")
        }
        // The unused baseline is listed; it fails the merged run only with --fail-on-unused.
        let lenient = try CommandRun.run(["merge", "shards"], in: folder.path)
        #expect(lenient.status == 0 && lenient.standardError.contains("unused baseline: baselines/old.png"))
        let strict = try CommandRun.run(["merge", "shards", "--fail-on-unused"], in: folder.path)
        #expect(strict.status == 1)
        #expect(
            strict.errorLines == [
                "unused baseline: baselines/old.png",
                "merged test results: 3 of 3 scenes passed; report shards/index.html",
                "error: 1 unused baseline(s) (--fail-on-unused)",
            ])
    }
}

/// The HTML report works in a real browser: headless Chromium loads every image it references
/// and shows a failure with its images. Skipped where Chromium is not installed.
@Suite struct ReportInChromiumTests {
    /// Records the suite's baselines, changes `a` and `anim`, and runs `test` into `report/`
    /// (nested/b passes): the page's `file://` address.
    static func failingReport(in folder: TemporaryFolder) throws -> String {
        try VisualTestCommandTests.makeSuite(in: folder)
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try VisualTestCommandTests.makeSuite(in: folder, changed: true)
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "never", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)
        return "file://" + folder.url("report/index.html")
    }

    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func theReportNamesTheDevicesOfTheRun() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#007AFF"))
        let run = try CommandRun.run(
            [
                "test", "scenes", "--baselines", "baselines", "--report", "report", "-q", "--device", "iPhone SE",
                "--device", "iPad mini:landscape",
            ], in: folder.path)
        #expect(run.status == 1)  // recorded
        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", "file://" + folder.url("report/index.html")])
        #expect(
            dom.contains(
                "2 checks (1 scene on 2 devices) · baselines baselines · record mode missing · devices iPad mini:landscape, iPhone SE · "
            ))
    }

    /// A pass that is not identical is marked in the passed list, as the console counts it.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func aPassWithinTheToleranceIsMarked() throws {
        let folder = try BaselineCareTests.recordedSuite()
        let identical = try APNGInChromiumTests.chromiumOutput([
            "--dump-dom", "file://" + folder.url("report/index.html"),
        ])
        #expect(identical.contains("3 passed</h3>") && !identical.contains("class=\"near\""))
        // One unit of red in a's cells: within pixelmatch's default threshold.
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#017AFF"))
        #expect(try CommandRun.run(BaselineCareTests.test + ["--record", "never"], in: folder.path).status == 0)
        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", "file://" + folder.url("report/index.html")])
        #expect(dom.contains("3 passed (1 within the tolerance, not identical)</h3>"), "\(dom)")
        #expect(
            dom.contains(
                #"<li data-name="a">a<span class="near"> — the image not identical, within the tolerance</span></li>"#),
            "\(dom)")
        #expect(dom.components(separatedBy: "class=\"near\"").count == 2)
    }

    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func theReportShowsAFailureWithItsImages() throws {
        let folder = try TemporaryFolder()
        let page = try Self.failingReport(in: folder)

        // Every image the results name exists.
        let html = String(decoding: try #require(folder.bytes("report/index.html")), as: UTF8.self)
        let results = try VisualTestCommandTests.results(folder)
        var referenced: [String] = []
        for scene in try #require(results["scenes"] as? [[String: Any]]) {
            for frame in try #require(scene["frames"] as? [[String: Any]]) {
                for key in ["expected", "actual", "diff"] {
                    if let path = frame[key] as? String { referenced.append(path) }
                }
            }
        }
        #expect(referenced.count == 3 * 5)  // a.png and the animation's 4 frames
        for path in referenced { #expect(folder.bytes("report/" + path) != nil, "\(path)") }
        #expect(!html.contains("http://") && !html.contains("https://"))  // self-contained

        // Chromium runs the page: it builds a card per failure and loads every image it shows.
        var dom = ""
        for _ in 0..<3 where !dom.contains("data-images=\"") || dom.contains("data-images=\"0/") {
            dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", "file://" + folder.url("report/index.html")])
        }
        let loaded = try #require(dom.firstMatch(of: /data-images="(\d+)\/(\d+)" data-broken="(\d+)"/))
        #expect(Int(loaded.1) == Int(loaded.2) && Int(loaded.2)! >= 3 + 4 && loaded.3 == "0", "\(loaded.0)")
        #expect(dom.contains("id=\"scene-a\"") && dom.contains("id=\"scene-anim\""))
        #expect(dom.contains("Side by side") && dom.contains("Swipe") && dom.contains("Onion skin"))
        #expect(dom.contains("failed 3"))  // the animation's frame strip

        // The screenshot shows the diff image's red.
        let red = try Self.redPixels(of: page, in: folder, height: 1000)
        #expect(red > 200, "red pixels on the screenshot: \(red)")
    }

    /// One 30-point cell far from the top left of a tall canvas, in `color`.
    static func farCell(_ color: String) -> String {
        #"""
        {"canvas": {"width": 400, "height": 1200, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 30, "height": 30},
                    "sectionInset": {"top": 1100, "left": 330, "bottom": 0, "right": 0}},
         "cellStyle": {"backgroundColor": "\#(color)"},
         "sections": [{"itemCount": 1}]}
        """#
    }

    /// The pixels of a screenshot of `page`, 1100 pixels wide, that are the diff image's red.
    static func redPixels(of page: String, in folder: TemporaryFolder, height: Int = 1400) throws -> Int {
        _ = try APNGInChromiumTests.chromiumOutput([
            "--hide-scrollbars", "--window-size=1100,\(height)", "--screenshot=" + folder.url("shot.png"), page,
        ])
        let shot = try PNGDecoder.read(contentsOf: folder.url("shot.png"))
        var red = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot[x, y]
                if p.red > 240 && p.green < 20 && p.blue < 20 { red += 1 }
            }
        }
        return red
    }

    /// `#zoom=4` shows the images at four screen pixels per image pixel, scrolled to the first
    /// changed region: a 30-pixel change at the bottom of a 1200-pixel frame, a few dozen red
    /// pixels when the frame is fitted to the page, fills a 120-pixel square on the screen.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func theZoomShowsTheFirstChangedRegion() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/far.json", Self.farCell("#007AFF"))
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try folder.write("scenes/far.json", Self.farCell("#FF9500"))
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "never", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)
        let page = "file://" + folder.url("report/index.html")

        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", page + "#diff&zoom=4"])
        #expect(dom.contains("class=\"zoomed\""))
        #expect(dom.contains("style=\"width: 1600px;\""), "the 400-pixel diff image at 4×")
        let fitted = try Self.redPixels(of: page + "#diff", in: folder)
        let zoomed = try Self.redPixels(of: page + "#diff&zoom=4", in: folder)
        #expect(fitted > 0 && fitted < 400, "\(fitted)")
        #expect(zoomed > 100 * 100, "\(zoomed) red pixels at 4×, \(fitted) fitted")
    }

    /// The name filter (`#q=` fills it in) hides the cards and passed scenes whose name does not
    /// hold its text, whatever the case, says how many are shown, and leaves the hidden failures
    /// out of the approve command.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func theNameFilterHidesOtherScenes() throws {
        let folder = try TemporaryFolder()
        let page = try Self.failingReport(in: folder)  // a and anim differ, nested/b passes
        let all = try APNGInChromiumTests.chromiumOutput(["--dump-dom", page])
        #expect(!all.contains("display: none"))
        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", page + "#q=ANI"])
        #expect(dom.contains(#"data-name="a" id="scene-a" style="display: none;""#))
        #expect(dom.contains(#"data-name="anim" id="scene-anim">"#))
        #expect(dom.contains(#"<li data-name="nested/b" style="display: none;">"#))
        #expect(dom.contains(#"<span class="shown" id="shown">1 shown</span>"#))
        // The approve bar offers the failures shown, never one the filter hides.
        #expect(dom.contains("Approve the 1 shown:"))
        #expect(
            dom.contains(
                #"<code id="approve-command">collection-preview approve --report "# + folder.url("report")
                    + " --scene anim</code>"))
    }

    /// Text that would end or open a script in HTML (a message quoting `<!--<script>`) does not
    /// break the page: it shows as text in the scene's card.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func aMessageWithMarkupShowsAsText() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "scenes/odd.json", #"{"canvas": {"width": 40, "height": 40}, "layout": {"type": "<!--<script></script>"}}"#)
        let run = try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path)
        #expect(run.status == 1)
        let page = try String(contentsOfFile: folder.url("test-report/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<script").count == 3, "the page's own two scripts only")
        let dom = try APNGInChromiumTests.chromiumOutput([
            "--dump-dom", "file://" + folder.url("test-report/index.html"),
        ])
        #expect(dom.contains("id=\"scene-odd\""))
        #expect(dom.contains("&lt;!--&lt;script&gt;&lt;/script&gt;"))
    }

    /// A scene whose name starts with "-" is given to `approve` as `--scene=-name`, which the
    /// argument parser cannot take for an option of its own.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func anApproveCommandForANameLikeAnOptionWorks() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/-dash.json", VisualTestCommandTests.still("#007AFF"))
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try folder.write("scenes/-dash.json", VisualTestCommandTests.still("#FF3B30"))
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "never", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 1)
        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", "file://" + folder.url("report/index.html")])
        // The scene's own card gives the command for it alone.
        let code = try #require(dom.firstMatch(of: /<code>(collection-preview approve [^<]*)<\/code>/))
        let approve = String(code.1)
        #expect(approve == "collection-preview approve --report \(folder.url("report")) --scene=-dash")
        let run = try CommandRun.run(Array(approve.split(separator: " ").dropFirst().map(String.init)), in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        let actual: [UInt8] = try #require(folder.bytes("report/images/-dash/actual.png"))
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/-dash.png"), of: actual))
    }

    /// The report gives the one `approve` command for the ticked failures (or every failure),
    /// with the report's own folder, and that command, run, approves just those.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func theReportGivesTheCommandThatApprovesTheTickedScenes()
        throws
    {
        let folder = try TemporaryFolder()
        let page = try Self.failingReport(in: folder)  // a and anim differ
        func command(_ dom: String) throws -> String {
            let code = try #require(dom.firstMatch(of: /<code id="approve-command">([^<]*)<\/code>/))
            return String(code.1)
        }
        let report = folder.url("report")
        let untouched = try APNGInChromiumTests.chromiumOutput(["--dump-dom", page])
        #expect(untouched.contains("Approve all 2 failing or missing:"))
        #expect(try command(untouched) == "collection-preview approve --report \(report)")
        #expect(untouched.contains("collection-preview approve --report \(report) --scene anim</code>"))

        let ticked = try APNGInChromiumTests.chromiumOutput(["--dump-dom", page + "#swipe&approve=a"])
        #expect(ticked.contains("Approve the 1 ticked:"))
        let approve = try command(ticked)
        #expect(approve == "collection-preview approve --report \(report) --scene a")
        // The command does what it says: only a's baseline becomes the new image.
        let before = try #require(folder.bytes("baselines/anim/frame_0001.png"))
        let actual = try #require(folder.bytes("report/images/a/actual.png"))
        #expect(!PNGFiles.samePixels(folder.bytes("baselines/a.png"), actual))
        let run = try CommandRun.run(Array(approve.split(separator: " ").dropFirst().map(String.init)), in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.png"), of: actual))
        #expect(folder.bytes("baselines/anim/frame_0001.png") == before)
    }

    /// A baseline that is not a readable PNG (a Git LFS pointer) gets a tick box too, since
    /// `approve` repairs it from the actual image the report keeps.
    @Test(.enabled(if: APNGInChromiumTests.chromium != nil)) func anUnreadableBaselineCanBeTickedForApproval()
        throws
    {
        let folder = try TemporaryFolder()
        try VisualTestCommandTests.makeSuite(in: folder)
        #expect(try CommandRun.run(["test", "scenes", "--baselines", "baselines", "-q"], in: folder.path).status == 1)
        try folder.write("baselines/a.png", "version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n")
        let test = ["test", "scenes", "--baselines", "baselines", "--report", "report", "--record", "never", "-q"]
        #expect(try CommandRun.run(test, in: folder.path).status == 65)
        let dom = try APNGInChromiumTests.chromiumOutput(["--dump-dom", "file://" + folder.url("report/index.html")])
        #expect(dom.contains("Approve all 1 failing, missing or unreadable:"))
        #expect(dom.contains(#"data-scene="a" data-unreadable="true""#))
        #expect(dom.contains("actual (the baseline is not a readable PNG)"))
        let run = try CommandRun.run(["approve", "--report", "report", "--scene", "a"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.png"), of: folder.bytes("report/images/a/actual.png")))
    }
}
