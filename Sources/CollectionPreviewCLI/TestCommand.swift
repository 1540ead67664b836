import ArgumentParser
import Batch
import Foundation
import RegressionSuite
import Scene
import Support
import VisualTesting

/// `collection-preview test SCENES... --baselines DIR [--record MODE] [--report DIR] [--shard K/N]`.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render scenes and compare them with baseline PNGs (visual regression test).",
        discussion: """
            Renders every scene found (files, or folders searched for *.json, as for batch) and \
            compares it with its baseline: DIR/<scene>.png for a still scene, \
            DIR/<scene>/frame_NNNN.png for each frame of an animated one, where <scene> is the \
            scene's path relative to the folder given (give the suite's own folder every time, and \
            --filter TEXT to check only the scenes whose name contains TEXT). Baselines past the \
            end of an animation that got shorter fail it (--record failed or all, and approve, \
            delete them). Comparison is \
            pixelmatch's (see diff). Record modes (--record, else $\(RecordMode.environmentVariable), \
            else missing): all re-records every baseline, missing writes baselines that do not \
            exist, failed also overwrites those that differ, never writes nothing (use it in CI: a \
            missing baseline fails). Writes the report folder: images/<name>/expected.png, \
            actual.png and diff.png for each failure, results.json, junit.xml and index.html (open \
            it in a browser). Baselines no scene uses are listed (--prune deletes them, --fail-on-unused fails the run \
            on them, as reg-cli's -E does); a run given scene files rather than folders looks only \
            at those scenes' own baselines, so give the suite's folder to find a deleted scene's. With \
            --shard K/N (or $\(BatchShard.indexVariable) and $\(BatchShard.countVariable)) only \
            that part runs and the report holds results-K-of-N.json (for N > 1) and the report of that part: \
            copy the shards' report folders into one and run `collection-preview merge` on it. `approve` promotes the \
            actual images of the last run. With --device (repeatable), every scene is checked on each \
            device's screen instead of its canvas, against DIR/<scene>.<device>.png \
            (<device> as iPhone-SE or iPad-Pro-11-landscape); the baselines of other devices (and, \
            with --device, the scenes' own) belong to other runs and are neither unused nor pruned, \
            and a scene named as another on a device (w.json and w.iPhone-SE.json) is a usage error.
            Examples:
              collection-preview test Samples --baselines Baselines --report report
              COLLECTION_PREVIEW_RECORD=never collection-preview test Samples \\
                  --baselines Baselines
              collection-preview test Samples --baselines Baselines --shard 2/4 \\
                  --report report
              collection-preview test Samples --baselines Baselines --filter animation-
              collection-preview test Samples --baselines Baselines --device "iPhone SE" \\
                  --device "iPad Pro 11:landscape"
            Exit status: 0 every scene passed, 1 some scene differs, is missing its baseline \
            (or, with --fail-on-unused, a baseline is unused) \
            (also when this run recorded it: look at it, then run again) or is invalid, 64 bad usage, \
            65 a baseline that is not a readable PNG (every other scene is still checked and \
            reported), 66 a scene path that does not exist, 73 a baseline or report file that cannot be written.
            """)

    @Argument(help: ArgumentHelp("Scene files and folders of scenes.", valueName: "scenes"))
    var scenes: [String]

    @Option(help: ArgumentHelp("The folder of baseline PNGs.", valueName: "dir"))
    var baselines: String

    @Option(help: ArgumentHelp("all, missing, failed or never (default: missing).", valueName: "mode"))
    var record: String?

    @Option(help: ArgumentHelp("The report folder.", valueName: "dir"))
    var report: String = "test-report"

    @Option(help: ArgumentHelp("Run only shard K of N (1-based), e.g. 2/4.", valueName: "K/N"))
    var shard: String?

    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help: ArgumentHelp("Scenes checked at once (default: the number of active cores).", valueName: "n"),
        transform: WholeNumberArgument.parse)
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Check only scenes whose name contains this text; repeatable (any of them). The others keep their baselines. A text that no scene's name contains is bad usage (64): a deleted scene's baselines are pruned by a run over the whole suite.",
            valueName: "text"))
    var filter: [String] = []

    @Flag(help: "Delete baselines that no scene uses.")
    var prune = false

    @Flag(help: "Fail (exit 1) when a baseline no scene uses is found and not pruned.")
    var failOnUnused = false

    @Option(help: DeviceOption.repeatedHelp)
    var device: [String] = []

    @Flag(name: .shortAndLong, help: "Print only failures, unused baselines and the summary line.")
    var quiet = false

    @OptionGroup var comparison: ComparisonArguments

    func validate() throws {
        guard !scenes.isEmpty else { throw ValidationError("give at least one scene file or folder") }
        try RenderCommand.validateInputs(scenes, name: "<scenes>")
        // An unset variable in CI (`--baselines "$DIR"`) must not scatter baselines in the current folder.
        guard !baselines.isEmpty else { throw ValidationError("--baselines must name a folder, not an empty path") }
        guard !report.isEmpty else { throw ValidationError("--report must name a folder, not an empty path") }
        try RenderCommand.validateOutput(baselines, option: "--baselines")
        try RenderCommand.validateOutput(report, option: "--report")
        if let jobs { try BatchCommand.validateJobs(jobs) }
        for name in device { _ = try DeviceOption.parse(name) }
        do {
            _ = try RecordMode.resolve(option: record, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        try CommandError.reporting {
            let environment = ProcessInfo.processInfo.environment
            let mode = try RecordMode.resolve(option: record, environment: environment)
            try OutputFolder.check(baselines, option: "--baselines", for: "the baselines", onlyRead: mode == .never)
            try OutputFolder.check(report, option: "--report", for: "the report")
            try checkFolders()
            let part = try BatchShard.resolve(option: shard, environment: environment)
            let runner = SuiteRunner(
                baselinesDirectory: baselines, reportDirectory: report, recordMode: mode,
                options: try comparison.options(), shard: part,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, prune: prune,
                renderer: try SceneRenderer.forCommand(), devices: try device.map(DeviceOption.parse), filters: filter)
            // A misspelt --baselines would otherwise pass for a first run that records everything.
            let baselinesExisted = FileManager.default.fileExists(atPath: baselines)
            // The baselines folder (and those above it) the run makes for the baselines it records:
            // a run stopped or failed before writing one leaves none of them behind, empty.
            var baselineFolders = NewFolders.expecting(baselines)
            defer { baselineFolders.removeEmpty() }
            let showProgress = !quiet && isatty(STDERR_FILENO) != 0
            // The progress line is cleared however the run ends, so an error starts on a clean line.
            defer { if showProgress { StandardError.write("\r\u{1B}[K") } }
            let line = SuiteProgressLine()
            let results = try runner.run(paths: scenes) { done, total in
                if showProgress && !Interruption.isRequested { line.scenesChecked(done, of: total) }
            } progress: { _, _, check in
                if Interruption.isRequested { return }  // a scene cut short is not reported
                let rewritten = check.frames.filter(\.rewritten).count
                if check.status.isFailure || (rewritten > 0 && !quiet) {
                    if showProgress { StandardError.write("\r\u{1B}[K") }
                    // One line each, whatever a scene's name holds.
                    CommandError.printToStandardError(
                        ErrorLine.flattening(
                            check.status.isFailure
                                ? "\(check.status.rawValue): \(check.name): \(check.failureSummary)"
                                : "rewritten: \(check.name): \(rewritten) baseline(s) re-recorded within the tolerance")
                    )
                }
            } frameChecked: { scene, done, total in
                if showProgress && !Interruption.isRequested { line.framesChecked(done, of: total, in: scene) }
            }
            if showProgress { StandardError.write("\r\u{1B}[K") }
            TestCommand.listUnusedBaselines(of: results)
            if !baselinesExisted {
                let made = FileManager.default.fileExists(atPath: baselines)
                CommandError.printToStandardError(
                    "note: --baselines \(baselines): the folder did not exist"
                        + (made ? "; it was made for the baselines recorded" : ""))
            }
            if prune || failOnUnused, SuiteRunner.namesSceneFiles(scenes) {
                CommandError.printToStandardError(
                    "note: scenes given as files: only their own unused baselines were looked for; give the suite's folder to find a deleted scene's"
                )
            }
            let c = results.counts
            let where_ =
                part.count == 1
                ? "report \((report as NSString).appendingPathComponent("index.html"))"
                : "shard \(part) results in \(report) (run `collection-preview merge \(report)` when every shard is done)"
            CommandError.printToStandardError(
                "\(TestCommand.checkedCount(results)): \(c["passed"] ?? 0) passed\(TestCommand.passNotes(results)), \(c["failed"] ?? 0) failed, \(c["missing"] ?? 0) missing, \(c["recorded"] ?? 0) recorded, \(counted(c["error"] ?? 0, "error")); \(where_)"
            )
            if let failure = TestCommand.failure(of: results) { throw failure }
            if TestCommand.failsOnUnusedBaselines(results, failOnUnused: failOnUnused) {
                throw CommandError.sceneFailed
            }
        }
    }

    /// What the summary line adds to the passes, or the empty string: ` (N within the tolerance,
    /// not identical; M baseline(s) re-recorded within the tolerance)`. Rendering is deterministic,
    /// so a pass that is not identical is a change small enough for the tolerance: counted, so
    /// that it is seen.
    static func passNotes(_ results: SuiteResults) -> String {
        let rewritten = results.scenes.reduce(0) { $0 + $1.frames.filter(\.rewritten).count }
        let approximate = results.scenes.filter(\.passedWithinTolerance).count
        var notes: [String] = []
        if approximate > 0 { notes.append("\(approximate) within the tolerance, not identical") }
        if rewritten > 0 { notes.append("\(rewritten) baseline(s) re-recorded within the tolerance") }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }

    /// What the summary line counts: `N scenes`, or on devices `N checks (S scenes on D devices)`,
    /// since each scene is checked once per device; a shard that checked its scenes on only some
    /// of the run's devices says so (`8 checks (8 scenes on 1 of 2 devices)`).
    static func checkedCount(_ results: SuiteResults) -> String {
        guard let devices = results.devices, !devices.isEmpty else { return counted(results.scenes.count, "scene") }
        let scenes = Set(results.scenes.map(\.scene)).count
        // A check's name is its scene's followed by the device's label (`grid.iPhone-SE`).
        let labels = devices.compactMap { try? SceneDeviceVariant(parsing: $0).label }
        let used = labels.filter { label in results.scenes.contains { $0.name.hasSuffix("." + label) } }.count
        let on =
            labels.count == devices.count && used < devices.count
            ? "\(used) of \(counted(devices.count, "device"))" : counted(devices.count, "device")
        return "\(counted(results.scenes.count, "check")) (\(counted(scenes, "scene")) on \(on))"
    }

    /// The exit status `results` call for, nil when every scene passed: 65 when some baseline is
    /// not a readable PNG (an input error, like `diff`'s), else 1 when a scene failed, is missing
    /// its baseline, was recorded or is invalid.
    static func failure(of results: SuiteResults) -> ExitCode? {
        if results.hasUnreadableBaseline { return CommandError.badImage }
        return results.succeeded ? nil : CommandError.sceneFailed
    }

    /// Prints each baseline no scene uses (`unused baseline: PATH`, or `deleted` when pruned).
    static func listUnusedBaselines(of results: SuiteResults) {
        for orphan in results.orphanedBaselines {
            CommandError.printToStandardError(
                "\(results.pruned ? "deleted" : "unused") baseline: \((results.baselines as NSString).appendingPathComponent(orphan))"
            )
        }
    }

    /// Refuses a report folder that is the baselines folder (its images would be taken for
    /// baselines, and `--prune` would delete them) and baselines inside the report's `images/`,
    /// which every run clears. (A report inside the baselines folder is left out of them.)
    ///
    /// - Throws: `CommandError` with exit status 64.
    func checkFolders() throws {
        let reportFolder = OutputCollision.location(of: report)
        let baselineFolder = OutputCollision.location(of: baselines)
        if reportFolder == baselineFolder {
            throw CommandError(
                "--report \(report): is the baselines folder; give the report a folder of its own",
                exitCode: CommandError.usage)
        }
        let images = joinedPath(reportFolder, SuiteReportFolder.imagesFolder)
        if baselineFolder == images || baselineFolder.hasPrefix(images + "/") {
            throw CommandError(
                "--baselines \(baselines): is inside the report's images folder, which every run clears",
                exitCode: CommandError.usage)
        }
    }

    /// Whether `--fail-on-unused` fails the run (exit 1): baselines no scene uses were found and
    /// not pruned. Prints the error line when it does.
    static func failsOnUnusedBaselines(_ results: SuiteResults, failOnUnused: Bool) -> Bool {
        guard failOnUnused, !results.pruned, !results.orphanedBaselines.isEmpty else { return false }
        CommandError.printError("\(results.orphanedBaselines.count) unused baseline(s) (--fail-on-unused)")
        return true
    }
}
