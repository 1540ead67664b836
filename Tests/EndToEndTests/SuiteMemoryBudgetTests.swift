import Batch
import Foundation
import RegressionSuite
import Scene
import TestSupport
import Testing
import VisualTesting

/// The workers of `test` share one memory budget: a budget that lets one scene through at a time
/// changes when scenes run, never what the run reports or writes.
@Suite struct SuiteMemoryBudgetTests {
    private func run(
        _ folder: TemporaryFolder, report: String, jobs: Int, budget: MemoryBudget
    ) throws -> SuiteResults {
        let runner = SuiteRunner(
            baselinesDirectory: folder.url("baselines"), reportDirectory: folder.url(report), recordMode: .never,
            options: ComparisonOptions(), jobs: jobs, renderer: try SceneRenderer(), memoryBudget: budget)
        return try runner.run(paths: [folder.url("scenes")])
    }

    @Test func aBudgetOfOneSceneAtATimeGivesTheSameRun() throws {
        let folder = try TemporaryFolder()
        try VisualTestCommandTests.makeSuite(in: folder)
        let recorder = SuiteRunner(
            baselinesDirectory: folder.url("baselines"), reportDirectory: folder.url("recording"),
            recordMode: .missing, options: ComparisonOptions(), renderer: try SceneRenderer())
        _ = try recorder.run(paths: [folder.url("scenes")])
        // Every scene changed, so each leaves expected, actual and diff images in the report.
        try VisualTestCommandTests.makeSuite(in: folder, changed: true)
        let free = try run(folder, report: "one", jobs: 1, budget: MemoryBudget())
        let oneAtATime = MemoryBudget(limit: 1)
        let tight = try run(folder, report: "three", jobs: 3, budget: oneAtATime)
        #expect(free.counts["failed"] == 2)
        // The reports differ only in their folder's name.
        #expect(
            try tight.jsonText().replacingOccurrences(of: folder.url("three"), with: folder.url("one"))
                == free.jsonText())
        for file in folder.files() where file.hasPrefix("one/images/") {
            #expect(folder.bytes(file) == folder.bytes("three/" + file.dropFirst("one/".count)), "\(file)")
        }
        #expect(oneAtATime.peakReserved == 1)
    }

    @Test func aSceneReservesItsCanvasTimesTheBytesAPixelCosts() {
        #expect(SuiteRunner.workingBytes(width: 100, height: 10) == 1_000 * 28)
        #expect(BatchRunner.workingBytes(width: 100, height: 10) == 1_000 * 8)
        // The largest canvas checked by `test` fits the default budget, but two do not.
        let largest = SuiteRunner.workingBytes(width: 8_192, height: 8_192)
        #expect(largest <= MemoryBudget.defaultLimit && 2 * largest > MemoryBudget.defaultLimit)
    }
}
