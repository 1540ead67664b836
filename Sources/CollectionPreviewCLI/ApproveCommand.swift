import ArgumentParser
import RegressionSuite

/// `collection-preview approve [--report DIR] [--baselines DIR] [--scene NAME] [--filter TEXT]`: promotes the
/// last test run's actual images.
struct ApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Make the actual images of the last test run the new baselines, without rendering again.",
        discussion: """
            Reads REPORT/results.json and writes images/<name>/actual.png of every image that \
            failed or was missing over its baseline in the run's baselines folder (as `test` was \
            given it: run approve from the same folder, or give --baselines), stored small as test \
            records baselines (the same pixels in fewer bytes; see compact), and deletes the \
            baselines past the end of an animation that got shorter. A baseline that holds the \
            image already is left alone. Nothing is written when a baseline the run compared with \
            is not found (the wrong folder). --scene NAME limits it to that scene \
            (repeatable; each failure in index.html shows its command), --filter to scenes whose \
            name contains TEXT (repeatable: any of the texts); given both, the named scenes whose \
            name contains a TEXT.
            Examples:
              collection-preview approve --report test-report
              collection-preview approve --report test-report --scene grid/basic
              collection-preview approve --report test-report --filter grid/
              collection-preview approve --report ~/Downloads/test-report \\
                  --baselines Tests/Baselines
            Exit status: 0 the baselines hold the run's actual images (written now, or already); \
            64 bad usage, also a --scene or --filter that names no scene of the run; 65 an actual \
            image of the report that is not a readable PNG; 66 a report without a valid \
            results.json, or a baseline the run compared with that is not found; 73 a baseline \
            that cannot be written.
            """)

    @Option(help: ArgumentHelp("The report folder of the run.", valueName: "dir"))
    var report: String = "test-report"

    @Option(
        help: ArgumentHelp(
            "The baselines folder (default: the run's, as test was given it, from the folder test ran in).",
            valueName: "dir"))
    var baselines: String?

    @Option(help: ArgumentHelp("Only the scene with exactly this name; repeatable.", valueName: "name"))
    var scene: [String] = []

    @Option(
        help: ArgumentHelp("Only scenes whose name contains this text; repeatable (any of them).", valueName: "text"))
    var filter: [String] = []

    func validate() throws {
        guard baselines != "" else { throw ValidationError("--baselines must name a folder, not an empty path") }
        guard !report.isEmpty else { throw ValidationError("--report must name a folder, not an empty path") }
        if let baselines { try RenderCommand.validateOutput(baselines, option: "--baselines") }
    }

    func run() throws {
        try CommandError.reporting {
            try OutputFolder.check(report, option: "--report", for: "the test run's report", onlyRead: true)
            if let baselines { try OutputFolder.check(baselines, option: "--baselines", for: "the baselines") }
            var counts: [SuiteApproval.Action: Int] = [:]
            let listing = StandardOutput.Stream(eachPiece: true)
            _ = try SuiteApproval.approve(
                reportDirectory: report, scenes: scene, filters: filter, baselines: baselines
            ) { action, path in
                counts[action, default: 0] += 1
                listing.append("\(action.rawValue) \(path)\n")
            }
            try listing.finish()
            var summary = "\(counts[.approved] ?? 0) baseline(s) written"
            if let deleted = counts[.deleted] { summary += ", \(deleted) past an animation's end deleted" }
            if let unchanged = counts[.unchanged] { summary += ", \(unchanged) already approved" }
            CommandError.printToStandardError(summary)
        }
    }
}
