import ArgumentParser
import RegressionSuite

/// `collection-preview approve [--report DIR] [--filter TEXT]`: promotes the last test run's actual images.
struct ApproveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Make the actual images of the last test run the new baselines, without rendering again.",
        discussion: """
            Reads REPORT/results.json and writes images/<name>/actual.png of every image that \
            failed or was missing over its baseline in the run's baselines folder (as `test` was \
            given it: run approve from the same folder), stored small as test records baselines \
            (the same pixels in fewer bytes; see compact). --scene NAME limits it to that scene \
            (repeatable; each failure in index.html shows its command), --filter to scenes whose \
            name contains TEXT (repeatable: any of the texts).
            Examples:
              collection-preview approve --report test-report
              collection-preview approve --report test-report --scene grid/basic
              collection-preview approve --report test-report --filter grid/
            \(CommandError.exitStatusHelp)
            """)

    @Option(help: ArgumentHelp("The report folder of the run.", valueName: "dir"))
    var report: String = "test-report"

    @Option(help: ArgumentHelp("Only the scene with exactly this name; repeatable.", valueName: "name"))
    var scene: [String] = []

    @Option(
        help: ArgumentHelp("Only scenes whose name contains this text; repeatable (any of them).", valueName: "text"))
    var filter: [String] = []

    func run() throws {
        try CommandError.reporting {
            let written = try SuiteApproval.approve(reportDirectory: report, scenes: scene, filters: filter) {
                path in
                print("approved \(path)")
            }
            CommandError.printToStandardError("\(written.count) baseline(s) written")
        }
    }
}
