import Foundation
import RegressionSuite
import TestSupport
import Testing

/// Hostile inputs get a clean answer, never a crash or a runaway allocation: PNGs given to `diff`
/// and `test` (every colour type decodes; truncated, corrupt and oversized ones exit 65), and
/// scenes built to exhaust memory or time (each stopped by a limit named in the error, or drawn
/// within bounds).
@Suite struct HostileInputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PNGTests/Fixtures").path

    static let readable = [
        "grey1.png", "grey16_all.png", "grey4_adam7.png", "grey8_trns.png", "greyalpha16.png", "palette1.png",
        "palette4_trns.png", "rgb16.png", "rgb16_trns.png", "rgba16.png", "rgba8_adam7.png", "bad_crc_text.png",
    ]
    static let unreadable = [
        "bad_crc_idat.png", "bad_crc_ihdr.png", "bad_depth.png", "bad_zlib.png", "huge_header.png",
        "huge_header_only.png", "no_iend.png", "truncated_idat.png",
    ]

    @Test(arguments: readable) func everyKindOfPNGDecodesForDiff(_ name: String) throws {
        let run = try CommandRun.run(["diff", name, name, "--json"], in: Self.fixtures)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(String(decoding: run.standardOutput, as: UTF8.self).hasPrefix(#"{"identical": true"#))
    }

    @Test(arguments: unreadable) func aBrokenPNGExitsWith65(_ name: String) throws {
        let run = try CommandRun.run(["diff", "rgba8.png", name], in: Self.fixtures)
        #expect(run.status == 65)
        #expect(run.errorLines.count == 1 && run.standardError.contains(name), "\(run.standardError)")
    }

    /// A scene's image past the per-image limits is an image that is not a readable PNG (65),
    /// as in `diff`, named by the limit it breaks, not by the scene's budget for all images.
    @Test func aSceneImagePastTheLimitsExitsWith65() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Self.fixtures + "/huge_header_only.png", toPath: folder.url("huge.png"))
        try folder.write(
            "scene.json",
            #"{"canvas": {"width": 100, "height": 100}, "cell": {"contentView": {"subviews": [{"image": {"name": "{image}"}}]}}, "sections": [{"items": [{"image": "huge"}]}]}"#
        )
        let run = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(
            run.errorLines == [
                "error: scene.json: sections[0].items[0].image: image \"huge\": ./huge.png: the PNG header declares 100000x100000 pixels: 100000 pixels wide, over the limit of 16384 per side"
            ], "\(run.standardError)")
        #expect(!folder.exists("out.png"))
    }

    /// `diff` of an animated PNG would compare its default image only and call animations that
    /// differ the same: it is refused as an input image it cannot compare (65).
    @Test func anAnimatedPNGIsRefusedByDiff() throws {
        let folder = try TemporaryFolder()
        try folder.write("anim.json", VisualTestCommandTests.animated("#FF9500"))
        #expect(try CommandRun.run(["animate", "anim.json", "--apng", "anim.png"], in: folder.path).status == 0)
        let run = try CommandRun.run(["diff", "anim.png", "anim.png"], in: folder.path)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(
            run.errorLines == [
                "error: anim.png: an animated PNG (acTL): only still images are compared, and its default image alone would be; compare its frames instead (animate -o DIR writes them)"
            ], "\(run.standardError)")
    }

    /// A broken baseline is an unreadable input image (65), not a difference, but the run still
    /// checks the other scenes and reports the broken one as an error.
    @Test func aBrokenBaselineIsAnErrorOfItsSceneAndExits65() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#007AFF"))
        try folder.write("scenes/b.json", VisualTestCommandTests.still("#34C759"))
        let broken = try #require(FileManager.default.contents(atPath: Self.fixtures + "/truncated_idat.png"))
        try FileManager.default.createDirectory(atPath: folder.url("baselines"), withIntermediateDirectories: true)
        try broken.write(to: URL(fileURLWithPath: folder.url("baselines/a.png")))
        let run = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q"], in: folder.path)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("error: a: baseline baselines/a.png is not a readable PNG"))
        // b was still checked: its missing baseline was written, and the report has both.
        #expect(FileManager.default.fileExists(atPath: folder.url("baselines/b.png")))
        let results = try JSONDecoder().decode(
            SuiteResults.self, from: Data(contentsOf: URL(fileURLWithPath: folder.url("report/results.json"))))
        #expect(results.scenes.map(\.status) == [.error, .recorded])
        #expect(results.scenes.first?.frames.first?.baselineUnreadable == true)
        #expect(results.scenes.last?.frames.first?.baselineUnreadable == false)

        // Merged from shards, the run exits as the unsharded one did.
        let shardStatuses = try (1...2).map { k in
            try CommandRun.run(
                ["test", "scenes", "--baselines", "baselines", "--report", "sharded", "-q", "--shard", "\(k)/2"],
                in: folder.path
            ).status
        }
        #expect(shardStatuses.sorted() == [0, 65])
        let merge = try CommandRun.run(["merge", "sharded"], in: folder.path)
        #expect(merge.status == 65, "\(merge.standardError)")

        // The actual image is in the report, so the baseline can be repaired: by approve…
        #expect(results.scenes.first?.frames.first?.actual == "images/a/actual.png")
        let approve = try CommandRun.run(["approve", "--report", "report"], in: folder.path)
        #expect(
            approve.status == 0 && approve.standardError.contains("1 baseline(s) written"), "\(approve.standardError)")
        #expect(PNGFiles.isStoredForm(folder.bytes("baselines/a.png"), of: folder.bytes("report/images/a/actual.png")))
        let again = ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q", "--record", "never"]
        #expect(try CommandRun.run(again, in: folder.path).status == 0)
        // …or by a record mode that rewrites failures, which records it (exit 1, not 65).
        try broken.write(to: URL(fileURLWithPath: folder.url("baselines/a.png")))
        let failed = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q", "--record", "failed"],
            in: folder.path)
        #expect(
            failed.status == 1 && failed.standardError.contains("was not a readable PNG"), "\(failed.standardError)")
        #expect(try CommandRun.run(again, in: folder.path).status == 0)
    }

    /// A named pipe or a device given as an image is refused at once: opening a pipe with no
    /// writer used to block the process where no signal reached it.
    @Test func aPipeOrADeviceIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.url("pipe.png"), 0o600) == 0)
        for path in ["pipe.png", "/dev/zero"] {
            let run = try CommandRun.run(["diff", path, path], in: folder.path)
            #expect(run.status == 66, "\(path): \(run.standardError)")
            #expect(
                run.errorLines == ["error: cannot read something that is not a regular file: '\(path)'"],
                "\(run.standardError)")
        }
        // A scene file that is a pipe or a device: refused the same way, saying why.
        for path in ["pipe.png", "/dev/null"] {
            let run = try CommandRun.run(["render", path, "-o", "out.png"], in: folder.path)
            #expect(run.status == 66, "\(path): \(run.standardError)")
            #expect(
                run.errorLines == [
                    "error: \(path): not a regular file (a named pipe, a device), which scenes are not read from"
                ], "\(run.standardError)")
        }
        // A scene's image that is a pipe: missing input too, at the image's JSON path.
        try folder.write(
            "scene.json",
            #"{"canvas": {"width": 60, "height": 60}, "layout": {"type": "flow", "itemSize": {"width": 40, "height": 40}}, "cell": {"contentView": {"subviews": [{"image": {"name": "{image}"}}]}}, "sections": [{"items": [{"image": "pipe"}]}]}"#
        )
        let render = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        #expect(render.status == 66, "\(render.standardError)")
        #expect(
            render.errorLines == [
                "error: scene.json: sections[0].items[0].image: image \"pipe\": cannot read something that is not a regular file: './pipe.png'"
            ], "\(render.standardError)")
        // compact reads it as missing input, its name said once.
        let compact = try CommandRun.run(["compact", "pipe.png"], in: folder.path)
        #expect(compact.status == 66, "\(compact.standardError)")
        #expect(
            compact.errorLines == [
                "error: cannot read something that is not a regular file: 'pipe.png'",
                "shrank 0 of 0 PNG file(s): 0 → 0 bytes (+0.0%)", "error: 1 file(s) could not be read",
            ], "\(compact.standardError)")
        // A baseline that is a folder is no readable PNG (65, as a broken one), its name said
        // once; re-recording it cannot replace a folder (73).
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#007AFF"))
        try FileManager.default.createDirectory(
            atPath: folder.url("baselines/a.png"), withIntermediateDirectories: true)
        let test = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "report", "-q", "--record", "never"],
            in: folder.path)
        #expect(test.status == 65, "\(test.standardError)")
        #expect(
            test.errorLines.first
                == "error: a: baseline baselines/a.png is not a readable PNG: cannot read something that is not a regular file: 'baselines/a.png'",
            "\(test.standardError)")
        let results = try JSONDecoder().decode(
            SuiteResults.self, from: Data(contentsOf: URL(fileURLWithPath: folder.url("report/results.json"))))
        #expect(results.scenes.first?.frames.first?.baselineUnreadable == true)
        let rerecord = try CommandRun.run(
            ["test", "scenes", "--baselines", "baselines", "--report", "report2", "-q", "--record", "all"],
            in: folder.path)
        #expect(rerecord.status == 73, "\(rerecord.standardError)")
    }

    /// An empty folder path (an unset variable in CI) is bad usage, not the current folder.
    @Test func emptyBaselineAndReportPathsAreRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("scenes/a.json", VisualTestCommandTests.still("#007AFF"))
        let noBaselines = try CommandRun.run(["test", "scenes", "--baselines", ""], in: folder.path)
        #expect(noBaselines.status == 64 && noBaselines.standardError.contains("--baselines must name a folder"))
        let noReport = try CommandRun.run(["test", "scenes", "--baselines", "b", "--report", ""], in: folder.path)
        #expect(noReport.status == 64 && noReport.standardError.contains("--report must name a folder"))
        #expect(folder.files() == ["scenes/a.json"])
    }

    /// Scenes made to exhaust the machine: each is refused by a named limit or drawn within bounds.
    static let hostileScenes: [(name: String, json: String, refusal: String?)] = {
        let base = ##""canvas": {"width": 390, "height": 600, "background": "#FFFFFF"}"##
        let flow = #""layout": {"type": "flow", "itemSize": {"width": 80, "height": 40}}"#
        func cell(_ text: String) -> String {
            #""cell": {"contentView": {"subviews": [{"label": {"text": "\#(text)", "numberOfLines": 0, "fontSize": 4}}]}}"#
        }
        let long = String(repeating: "y", count: 10_000)
        let megabyte = String(repeating: "word ", count: 200_000)
        let limitLong = String(repeating: "word ", count: 13_107) + "w"  // 65,536 bytes
        let manySteps = Array(repeating: #"{"wait": 0.001}"#, count: 10_001).joined(separator: ",")
        return [
            (
                "a million items with 10,000 characters each",
                "{\(base), \(flow), \(cell(long)), \"sections\": [{\"itemCount\": 1000000}]}", nil
            ),
            (
                "a label of 64 KiB with numberOfLines 0",
                "{\(base), \"layout\": {\"type\": \"flow\", \"itemSize\": {\"width\": 380, \"height\": 590}}, \(cell("{text}")), \"sections\": [{\"items\": [{\"text\": \"\(limitLong)\"}]}]}",
                nil
            ),
            (
                "a megabyte label",
                "{\(base), \(flow), \(cell("{text}")), \"sections\": [{\"items\": [{\"text\": \"\(megabyte)\"}]}]}",
                "sections[0].items[0].text: a label's text, placeholders filled, must be at most 65536 bytes of UTF-8 (64 KiB), got 1000000 (the label at cell.contentView.subviews[0].label.text)"
            ),
            (
                "a template that repeats {text} 2,000 times",
                "{\(base), \(flow), \(cell(String(repeating: "{text}", count: 2_000))), \"sections\": [{\"itemCount\": 3}, {\"items\": [{\"text\": \"ab\"}, {\"text\": \"\(long)\"}]}]}",
                "sections[1].items[1].text: a label's text, placeholders filled, must be at most 65536 bytes of UTF-8 (64 KiB), got 20000000"
            ),
            (
                "a design label of 70,000 bytes with a place placeholder",
                "{\(base), \(flow), \(cell("{item}" + String(repeating: "z", count: 70_000))), \"sections\": [{\"itemCount\": 3}]}",
                "cell.contentView.subviews[0].label.text: a label's text, placeholders filled, must be at most 65536 bytes of UTF-8 (64 KiB), got 70001"
            ),
            (
                "4,000 cells of a 64 KiB label each, made apart by {item}",
                "{\(base), \(flow), \(cell("{item}" + String(repeating: "z", count: 65_000))), \"sections\": [{\"itemCount\": 4000}]}",
                "sections[0].itemCount: the labels' texts with placeholders, filled for every element, must hold at most 67108864 bytes of UTF-8 in all (64 MiB); they pass it here"
            ),
            (
                "a font of a hundredth of a point",
                "{\(base), \(flow), \"cellStyle\": {\"fontSize\": 0.01}, \"sections\": [{\"itemCount\": 4000}]}",
                "cellStyle.fontSize: must be a number of at least 1 point"
            ),
            (
                "a header design repeating {text} 20,000 times",
                "{\(base), \(flow), \"headerViews\": {\"big\": {\"label\": {\"text\": \"\(String(repeating: "{text}", count: 20_000))\"}}}, \"sections\": [{\"itemCount\": 3, \"header\": {\"view\": \"big\", \"text\": \"abcd\"}}]}",
                "sections[0].header.text: a label's text, placeholders filled, must be at most 65536 bytes of UTF-8 (64 KiB), got 80000 (the label at headerViews.big.label.text)"
            ),
            (
                "a header of 70,000 bytes",
                "{\(base), \(flow), \"sections\": [{\"itemCount\": 3, \"header\": {\"text\": \"\(String(repeating: "h", count: 70_000))\"}}]}",
                "sections[0].header.text: a label's text, placeholders filled, must be at most 65536 bytes of UTF-8 (64 KiB), got 70000"
            ),
            ("more than a million items", "{\(base), \(flow), \"sections\": [{\"itemCount\": 1000001}]}", "sections"),
            (
                "a waterfall with a million columns",
                "{\(base), \"layout\": {\"type\": \"waterfall\", \"columnCount\": 1000000}, \"sections\": [{\"itemCount\": 5}]}",
                "layout.columnCount: must be at most 1000"
            ),
            (
                "a spring that never settles",
                "{\(base), \(flow), \"sections\": [{\"itemCount\": 5}], \"animation\": {\"steps\": [{\"scrollTo\": {\"x\": 0, \"y\": 10}, \"curve\": {\"spring\": {\"dampingRatio\": 0.0001, \"response\": 60}}}]}}",
                "response: must be at most 10 seconds"
            ),
            (
                "10,001 animation steps",
                "{\(base), \(flow), \"sections\": [{\"itemCount\": 5}], \"animation\": {\"steps\": [\(manySteps)]}}",
                "animation.steps: may hold at most 10000 steps"
            ),
            (
                "an fps of a million",
                "{\(base), \(flow), \"sections\": [{\"itemCount\": 5}], \"animation\": {\"fps\": 1000000, \"steps\": [{\"wait\": 1}]}}",
                "animation.fps: must be at most 240"
            ),
            (
                "an animation of 144 million frames",
                "{\(base), \(flow), \"sections\": [{\"itemCount\": 5}], \"animation\": {\"fps\": 240, \"steps\": [\(Array(repeating: #"{"wait": 60}"#, count: 10000).joined(separator: ","))]}}",
                "at most 20000 are allowed"
            ),
        ]
    }()

    @Test(arguments: 0..<hostileScenes.count) func aHostileSceneIsRefusedOrDrawnWithinBounds(_ index: Int) throws {
        let scene = Self.hostileScenes[index]
        let folder = try TemporaryFolder()
        try folder.write("scene.json", scene.json)
        let run = try CommandRun.run(["render", "scene.json", "-o", "out.png"], in: folder.path)
        if let refusal = scene.refusal {
            #expect(run.status == 1, "\(scene.name)")
            #expect(
                run.errorLines.count == 1 && run.standardError.contains(refusal), "\(scene.name): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.url("out.png")))
        } else {
            #expect(run.status == 0, "\(scene.name): \(run.standardError)")
        }
        // The largest resident set of any child this test process has waited for: under 1 GB.
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #expect(usage.ru_maxrss < 1_000_000, "peak \(usage.ru_maxrss) KB after \(scene.name)")
    }
}
