import Foundation
import Scene
import TestSupport
import Testing

@testable import Batch

@Suite struct BatchRunnerTests {
    /// Five valid scenes in nested folders and one broken one.
    private func makeScenes(in folder: TemporaryFolder) throws {
        try folder.write("in/a.json", TestScenes.valid(color: "#FF0000"))
        try folder.write("in/b.json", TestScenes.valid(width: 90, height: 30, scale: 2, count: 7, color: "#00AA00"))
        try folder.write("in/nested/c.json", TestScenes.valid(count: 1, color: "#0000FF80"))
        try folder.write("in/nested/deeper/d.json", TestScenes.valid(width: 40, height: 100, scale: 3, count: 9))
        try folder.write("in/e.json", TestScenes.valid(count: 0))
        try folder.write("in/nested/broken.json", TestScenes.badKey)
    }

    @Test func outputIsByteIdenticalWithOneAndTwoJobs() throws {
        let folder = try TemporaryFolder()
        try makeScenes(in: folder)
        let renderer = try SceneRenderer()
        var outputs: [[String: [UInt8]]] = []
        // The last run's budget holds one scene at a time: only the timing may change.
        let oneAtATime = MemoryBudget(limit: 1)
        for (i, jobs) in [1, 2, 4, 4].enumerated() {
            let runner = BatchRunner(
                renderer: renderer, outputDirectory: folder.url("out\(i)"), jobs: jobs,
                memoryBudget: i == 3 ? oneAtATime : MemoryBudget())
            let manifest = try runner.run(paths: [folder.url("in")])
            #expect(manifest.failedCount == 1)
            let root = folder.url("out\(i)")
            var files: [String: [UInt8]] = [:]
            for name in try #require(FileManager.default.subpaths(atPath: root)) {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    files[name] = folder.bytes("out\(i)/" + name)
                }
            }
            outputs.append(files)
        }
        #expect(
            outputs[0].keys.sorted() == [
                "a.png", "b.png", "e.png", "manifest.json", "nested/c.png", "nested/deeper/d.png",
            ])
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
        #expect(outputs[3] == outputs[0])
        // Every scene went through the budget (a reservation larger than the limit counts as it).
        #expect(oneAtATime.peakReserved == 1)
    }

    @Test func aFailingSceneIsRecordedAndTheOthersAreWritten() throws {
        let folder = try TemporaryFolder()
        try makeScenes(in: folder)
        // A PNG left from an earlier run at the broken scene's output stays as it was.
        try folder.write("out/nested/broken.png", "old bytes")
        let runner = BatchRunner(renderer: try SceneRenderer(), outputDirectory: folder.url("out"), jobs: 2)
        let manifest = try runner.run(paths: [folder.url("in")])
        #expect(manifest.results.count == 6)
        #expect(manifest.succeededCount == 5)
        let failed = try #require(manifest.results.first { !$0.succeeded })
        #expect(failed.scene.outputPath == "nested/broken.png")
        #expect(
            failed.errorMessage
                == "\(folder.url("in/nested/broken.json")): layout: unknown key \"itemSzie\"; did you mean \"itemSize\"?"
        )
        #expect(folder.bytes("out/nested/broken.png") == Array("old bytes".utf8))
        for result in manifest.results where result.succeeded {
            guard case .written(let width, let height, let byteCount, let hash) = result.outcome else { continue }
            let png = try #require(folder.bytes("out/" + result.scene.outputPath))
            #expect(png.count == byteCount)
            #expect(FNV1a64.hash(png) == hash)
            #expect(width > 0 && height > 0)
        }
        // Sizes are pixels: b.json is 90×30 points at scale 2.
        let b = try #require(manifest.results.first { $0.scene.outputPath == "b.png" })
        #expect(b.outcome.pixelSize == [180, 60])
        // No temporary files are left behind.
        #expect(
            folder.files().filter { $0.hasPrefix("out/") }.allSatisfy { !$0.split(separator: "/").last!.hasPrefix(".") }
        )
    }

    @Test func shardsTogetherWriteExactlyTheWholeBatch() throws {
        let folder = try TemporaryFolder()
        try makeScenes(in: folder)
        let renderer = try SceneRenderer()
        let whole = try BatchRunner(renderer: renderer, outputDirectory: folder.url("whole"), jobs: 2)
            .run(paths: [folder.url("in")])
        var merged: [BatchSceneResult] = []
        for k in 1...4 {
            let shard = try BatchShard(index: k, count: 4)
            let runner = BatchRunner(renderer: renderer, outputDirectory: folder.url("merged"), jobs: 2, shard: shard)
            let manifest = try runner.run(paths: [folder.url("in")])
            #expect(manifest.batchSceneCount == 6)
            #expect(folder.bytes("merged/manifest-\(k)-of-4.json") == Array(manifest.json.utf8))
            merged += manifest.results
        }
        #expect(BatchManifest(shard: .whole, batchSceneCount: 6, results: merged) == whole)
        for result in whole.results where result.succeeded {
            #expect(
                folder.bytes("merged/" + result.scene.outputPath) == folder.bytes("whole/" + result.scene.outputPath))
        }
    }

    @Test func aScaleOverridesEveryScene() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", TestScenes.valid(width: 10, height: 20, scale: 3))
        let runner = BatchRunner(renderer: try SceneRenderer(), outputDirectory: folder.url("out"), jobs: 1, scale: 1.5)
        let manifest = try runner.run(paths: [folder.url("in/a.json")])
        #expect(manifest.results.first?.outcome.pixelSize == [15, 30])
    }

    @Test func anOutputFolderBlockedByAFileIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", TestScenes.valid())
        try folder.write("out", "a file, not a folder")
        let runner = BatchRunner(renderer: try SceneRenderer(), outputDirectory: folder.url("out"), jobs: 1)
        #expect(
            throws: BatchError.outputDirectory(path: folder.url("out"), reason: "a file with that name is in the way")
        ) {
            try runner.run(paths: [folder.url("in")])
        }
    }

    @Test func workerPoolKeepsInputOrderAndRunsEveryItemOnce() {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var started: [Int] = []
            var finished: [Int] = []
        }
        for jobs in [0, 1, 3, 16] {
            let counter = Counter()
            let inputs = Array(0..<100)
            let outputs = WorkerPool.map(
                inputs, jobs: jobs,
                onStart: { index, _ in counter.lock.withLock { counter.started.append(index) } },
                onFinish: { index, _ in counter.lock.withLock { counter.finished.append(index) } }
            ) { $0 * $0 }
            #expect(outputs == inputs.map { $0 * $0 })
            #expect(counter.started.sorted() == inputs)
            #expect(counter.finished.sorted() == inputs)
        }
        #expect(WorkerPool.map([Int](), jobs: 4) { $0 }.isEmpty)
    }

    /// A batch is two items per worker while they fit in 1 GiB, fewer for large items, and
    /// never none.
    @Test func batchesKeepTheirResultsWithinABudget() {
        let frame = 2 * 4 * 750 * 1334  // an S3 frame's pixels and about as much PNG
        #expect(WorkerPool.batchSize(workers: 2, itemBytes: frame) == 4)
        #expect(WorkerPool.batchSize(workers: 64, itemBytes: frame) == 128)
        #expect(WorkerPool.batchSize(workers: 100, itemBytes: frame) == 134)
        #expect(WorkerPool.batchSize(workers: 64, itemBytes: 2 * 4 * 16384 * 4096) == 2)
        #expect(WorkerPool.batchSize(workers: 8, itemBytes: 2 << 30) == 1)
        // What other data takes comes off the budget: a scene's gigabyte of images leaves room
        // for one frame at a time, half of it for half the frames.
        #expect(WorkerPool.batchSize(workers: 64, itemBytes: frame, budget: WorkerPool.batchBudget - (1 << 30)) == 1)
        #expect(WorkerPool.batchSize(workers: 64, itemBytes: frame, budget: WorkerPool.batchBudget / 2) == 67)
        #expect(WorkerPool.batchSize(workers: 0, itemBytes: 0) == 2)
    }
}

extension BatchSceneResult.Outcome {
    /// `[width, height]` of a written PNG, or nil.
    fileprivate var pixelSize: [Int]? {
        if case .written(let width, let height, _, _) = self { return [width, height] }
        return nil
    }
}
