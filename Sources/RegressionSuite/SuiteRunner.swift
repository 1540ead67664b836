import Animation
import Batch
import Foundation
import PNG
import Raster
import Scene
import Support
import VisualTesting

/// Runs a visual regression suite: renders scenes, compares them with baseline PNGs, records
/// baselines as the record mode says, and writes the report folder.
///
/// Baselines: a still scene `grid/basic.json` has `BASELINES/grid/basic.png`; an animated one has
/// `BASELINES/grid/basic/frame_0000.png`, `frame_0001.png`, … — the files `render` and `animate`
/// write, so a baseline folder can also be made with `batch` and `animate`.
///
/// Report: `REPORT/images/<name>/expected.png`, `actual.png` and `diff.png` for each image that
/// failed (only `actual.png` for a missing or recorded one), `results.json`, `junit.xml` and
/// `index.html`. A shard writes `results-K-of-N.json` and its images only; `merge` joins them.
public struct SuiteRunner: Sendable {
    /// The baselines folder.
    public var baselinesDirectory: String
    /// The report folder.
    public var reportDirectory: String
    /// When baselines are written.
    public var recordMode: RecordMode
    /// What counts as a difference.
    public var options: ComparisonOptions
    /// The part of the suite to run.
    public var shard: BatchShard
    /// Scenes checked at once.
    public var jobs: Int
    /// Whether baselines no scene uses are deleted.
    public var prune: Bool
    /// Draws the scenes.
    public var renderer: SceneRenderer

    /// Creates a runner.
    public init(
        baselinesDirectory: String, reportDirectory: String, recordMode: RecordMode, options: ComparisonOptions,
        shard: BatchShard = .whole, jobs: Int = 1, prune: Bool = false, renderer: SceneRenderer
    ) {
        self.baselinesDirectory = baselinesDirectory
        self.reportDirectory = reportDirectory
        self.recordMode = recordMode
        self.options = options
        self.shard = shard
        self.jobs = jobs
        self.prune = prune
        self.renderer = renderer
    }

    /// The largest baseline file read (as `PNGDecoder.maximumFileSize`).
    static let maximumBaselineSize = PNGDecoder.maximumFileSize

    /// Runs the suite over the scenes found under `paths` and writes the report.
    ///
    /// - Parameter progress: Called after each scene, with the number done, the total and the check.
    /// - Returns: The results, also written to the report folder.
    /// - Throws: `BatchError` when no scenes are found; `SuiteError.cannotWrite` when the report
    ///   cannot be written.
    public func run(
        paths: [String], progress: (@Sendable (_ done: Int, _ total: Int, _ check: SceneCheck) -> Void)? = nil
    ) throws -> SuiteResults {
        let all = try SceneDiscovery.discover(paths, excluding: reportDirectory)
        let selected = shard.select(all)
        let report = SuiteReportFolder(path: reportDirectory)
        try report.prepare(for: shard)
        let counter = Counter()
        let checks = WorkerPool.map(selected, jobs: jobs) { scene in
            let check = self.check(scene)
            counter.next { done in progress?(done, selected.count, check) }
            return check
        }
        if let signal = Interruption.signalNumber {
            // Results of part of the run would not tell the truth: leave them out.
            try? FileManager.default.removeItem(atPath: joinedPath(reportDirectory, SuiteResults.fileName(for: shard)))
            throw SuiteError.interrupted(InterruptedError(signal: signal))
        }
        let baselineFolder = BaselineFolder(path: baselinesDirectory, excluded: reportDirectory)
        let orphans = baselineFolder.orphans(suite: all, checked: checks)
        if prune { baselineFolder.remove(orphans) }
        let results = SuiteResults(
            baselines: baselinesDirectory, recordMode: recordMode.rawValue, comparison: options.summary,
            shard: shard.count == 1 ? nil : shard.description, scenes: checks, orphanedBaselines: orphans,
            pruned: prune)
        try report.write(results, shard: shard)
        return results
    }

    /// Renders and checks one scene.
    public func check(_ scene: BatchScene) -> SceneCheck {
        let name = String(scene.outputPath.dropLast(".png".count))
        do {
            let loaded = try Scene.load(path: scene.sourcePath)
            guard loaded.animation != nil else {
                let image = try renderer.render(loaded)
                let frame = checkImage(image, name: name, baseline: name + ".png", frame: nil)
                return SceneCheck(scene: scene.sourcePath, name: name, animated: false, frames: [frame])
            }
            let player: SceneAnimationPlayer
            do {
                player = try SceneAnimationPlayer(scene: loaded)
            } catch let error as SceneDecodingError {
                throw SceneFileError.invalid(path: scene.sourcePath, error: error)
            }
            let frames = SceneAnimationFrameRenderer(states: player.states, renderer: renderer)
            var checks: [FrameCheck] = []
            for index in 0..<player.frameCount where !Interruption.isRequested {
                let image = try frames.render(player.frame(index))
                let frameName = name + "/" + FrameFileName.stem(index, frameCount: player.frameCount)
                checks.append(checkImage(image, name: frameName, baseline: frameName + ".png", frame: index))
            }
            return SceneCheck(scene: scene.sourcePath, name: name, animated: true, frames: checks)
        } catch let error as SceneFileError {
            return SceneCheck(
                scene: scene.sourcePath, name: name, animated: false, frames: [],
                error: ErrorLine.flattening("\(error)"))
        } catch {
            return SceneCheck(
                scene: scene.sourcePath, name: name, animated: false, frames: [],
                error: ErrorLine.flattening("\(scene.sourcePath): \(error)"))
        }
    }

    /// Compares one rendered image with its baseline, records as the mode says, and saves the
    /// report's images.
    func checkImage(_ image: Image, name: String, baseline: String, frame: Int?) -> FrameCheck {
        let baselinePath = joinedPath(baselinesDirectory, baseline)
        let report = SuiteReportFolder(path: reportDirectory)
        var check = FrameCheck(name: name, frame: frame, status: .passed, baseline: baseline)
        do {
            let actualPNG = try PNGEncoder.encode(image)
            guard FileManager.default.fileExists(atPath: baselinePath) else {
                check.actual = try report.save(actualPNG, name: name, role: "actual")
                if recordMode.verdict(for: nil) == .recordMissing {
                    try writeBaseline(actualPNG, to: baselinePath)
                    check.status = .recorded
                    check.message = "new baseline written to \(baselinePath)"
                } else {
                    check.status = .missing
                    check.message = "no baseline at \(baselinePath)"
                }
                return check
            }
            let expectedPNG = try FileBytes.read(baselinePath, maximumSize: Self.maximumBaselineSize)
            let expected: StraightRGBAImage
            do {
                expected = try PNGDecoder.decodeStraight(expectedPNG)
            } catch {
                check.status = .error
                check.message = "baseline \(baselinePath) is not a readable PNG: \(error)"
                return check
            }
            let result = ImageComparator.compare(expected: expected, actual: StraightRGBAImage(image), options: options)
            let verdict = recordMode.verdict(for: result)
            if verdict == .matched {
                if !result.identical { check.comparison = ComparisonNumbers(result) }
                return check
            }
            check.comparison = ComparisonNumbers(result)
            check.expected = try report.save(expectedPNG, name: name, role: "expected")
            check.actual = try report.save(actualPNG, name: name, role: "actual")
            check.diff = try report.save(
                PNGEncoder.encode(DiffImage.render(expected: expected, result: result)), name: name, role: "diff")
            if verdict == .rerecord {
                try writeBaseline(actualPNG, to: baselinePath)
                // `all` also rewrites a baseline the image matches within the tolerance: that
                // one passed.
                check.status = result.passed ? .passed : .recorded
                check.message = "baseline re-recorded: \(result.summary)"
            } else {
                check.status = .failed
                check.message = result.summary
            }
        } catch {
            check.status = .error
            check.message = ErrorLine.flattening("\(name): \(error)")
        }
        return check
    }

    /// Writes a baseline atomically, making its folders.
    private func writeBaseline(_ png: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(png, to: path)
    }
}

/// A thread-safe counter for progress.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    /// Counts one more (from 1) and calls `report` with the count, under the lock, so reports
    /// from several workers never interleave and their counts only go up.
    func next(_ report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        report(value)
    }
}
