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
/// With devices (`devices`, the tool's `--device`), each scene is checked on each device's
/// screen instead of its canvas, with baselines of its own: `grid/basic.iPhone-SE.png`,
/// `grid/basic.iPad-Pro-11-landscape/frame_0000.png` (`SceneDeviceVariant.label`).
///
/// Report: `REPORT/images/<name>/expected.png`, `actual.png` and `diff.png` for each image that
/// failed (only `actual.png` for a missing or recorded one), `results.json`, `junit.xml` and
/// `index.html`. A shard writes `results-K-of-N.json` and its images, and the three files of its part;
/// `merge` joins the shards and writes the whole run's.
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
    /// The device screens every scene is checked on; none: each scene on its own canvas.
    public var devices: [SceneDeviceVariant]
    /// Only scenes whose name contains one of these texts are checked (empty: every scene).
    /// The others keep their baselines, and of the baselines no scene uses only those whose
    /// path holds one of the texts are listed (and pruned).
    public var filters: [String]
    /// The memory the workers share: each reserves `workingBytes(width:height:)` for its scene,
    /// and what its images take decoded, before rendering it, so that `jobs` scenes of the
    /// largest canvas (or images) are not all held at once.
    public var memoryBudget: MemoryBudget
    /// The report images the current run has saved, from every worker.
    private let writtenImages = WrittenImageList()

    /// The report folder, recording the images saved in it.
    private var report: SuiteReportFolder { SuiteReportFolder(path: reportDirectory, written: writtenImages) }

    /// Creates a runner.
    public init(
        baselinesDirectory: String, reportDirectory: String, recordMode: RecordMode, options: ComparisonOptions,
        shard: BatchShard = .whole, jobs: Int = 1, prune: Bool = false, renderer: SceneRenderer,
        devices: [SceneDeviceVariant] = [], filters: [String] = [], memoryBudget: MemoryBudget = MemoryBudget()
    ) {
        self.baselinesDirectory = baselinesDirectory
        self.reportDirectory = reportDirectory
        self.recordMode = recordMode
        self.options = options
        self.shard = shard
        self.jobs = jobs
        self.prune = prune
        self.renderer = renderer
        self.devices = devices
        self.filters = filters
        self.memoryBudget = memoryBudget
    }

    /// Whether `paths` name a scene file, not only folders: such a run does not know every scene
    /// of the baselines folder, and lists or prunes only its own scenes' unused baselines.
    public static func namesSceneFiles(_ paths: [String]) -> Bool {
        paths.contains { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// The memory checking one image of `width` × `height` pixels may take at its peak, 28 bytes
    /// a pixel: the rendered image, its straight-alpha copy, the decoded baseline and the diff
    /// image (4 bytes a pixel each), the list of changed pixels when every pixel changed (8), and
    /// a PNG encoding of an image that does not compress (4).
    public static func workingBytes(width: Int, height: Int) -> Int {
        width * height * (4 * 4 + MemoryLayout<PixelChange>.stride + 4)
    }

    /// How many baselines past an animation's end a report shows the image of.
    static let pastTheEndImagesShown = 24

    /// The largest baseline file read (as `PNGDecoder.maximumFileSize`).
    static let maximumBaselineSize = PNGDecoder.maximumFileSize

    /// Runs the suite over the scenes found under `paths` and writes the report.
    ///
    /// - Parameters:
    ///   - counted: Called as each scene is done, in the order they finish, with the number done
    ///     and the total (for a progress line).
    ///   - progress: Called with each scene's check in the suite's order whatever order the
    ///     workers finish in (a check waits for the earlier ones), with the number reported, the
    ///     total and the check.
    ///   - frameChecked: Called from the worker as each frame of an animated scene is checked,
    ///     with the scene's name, the frames checked and the animation's frames (for a progress
    ///     line on long animations, which are one scene each).
    /// - Returns: The results, also written to the report folder.
    /// - Throws: `BatchError` when no scenes are found; `SuiteError.noSuchScene` when a text of
    ///   `filters` is in no scene's name; `SuiteError.misrootedSuite` when no scene has a
    ///   baseline but every one has one a folder further down (the suite was given by a
    ///   sub-folder: nothing is checked, recorded or pruned); `SuiteError.cannotWrite` when a
    ///   baseline or the report cannot be written (the scenes not yet started are not checked,
    ///   and no results are written).
    public func run(
        paths: [String], counted: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int, _ check: SceneCheck) -> Void)? = nil,
        frameChecked: (@Sendable (_ scene: String, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> SuiteResults {
        let found = try SceneDiscovery.discover(paths, excluding: reportDirectory)
        let all = try BatchScene.shown(found, on: devices)
        for filter in filters where !all.contains(where: { $0.name.contains(filter) }) {
            throw SuiteError.noSuchScene(
                results: "--filter", reason: "no scene name contains \(JSONRead.quoted(filter))")
        }
        let filtered = filters.isEmpty ? all : all.filter { scene in filters.contains { scene.name.contains($0) } }
        let selected = shard.select(filtered)
        let baselineFolder = BaselineFolder(path: baselinesDirectory, excluded: reportDirectory)
        // Judged on the whole (filtered) suite, so that every shard decides alike; `all`
        // re-records every baseline anyway, so a suite flattened on purpose can be recorded.
        if recordMode != .all, let misrooted = baselineFolder.misrooting(of: filtered.map(\.name)) {
            throw SuiteError.misrootedSuite(
                baselines: baselinesDirectory, example: misrooted.example, prefix: misrooted.prefix)
        }
        baselineFolder.removeAbandonedStagingFolders()
        // The list is this run's: a runner may run more than once.
        _ = writtenImages.takeAll()
        let madeReport = try report.prepare(for: shard)
        let writeFailure = FirstError()
        // Reported in the suite's order whatever order the workers finish in, so that a run's
        // log is the same with any number of jobs.
        let inOrder = OrderedProgress(total: selected.count, counted: counted, report: progress)
        let outcomes = WorkerPool.map(selected, jobs: jobs, onFinish: inOrder.finished) { scene -> SceneCheck? in
            guard writeFailure.error == nil else { return nil }
            do throws(SuiteError) {
                return try self.check(scene, frameChecked: frameChecked)
            } catch {
                writeFailure.record(error)
                return nil
            }
        }
        let checks = zip(selected, outcomes).map { scene, check in
            check ?? SceneCheck(scene: scene.sourcePath, name: "", animated: false, frames: [])
        }
        if writeFailure.error != nil || Interruption.signalNumber != nil {
            // Results of part of the run would not tell the truth, and an earlier run's (a shard
            // keeps its own file) would describe other images: leave them out (a file only; `unlink`
            // leaves a folder of that name alone).
            _ = unlink(joinedPath(reportDirectory, SuiteResults.fileName(for: shard)))
            report.removeWrittenReport(made: madeReport)
        }
        // The stop first: after it, a write that failed was refused because of it.
        if let signal = Interruption.signalNumber { throw SuiteError.interrupted(InterruptedError(signal: signal)) }
        if let error = writeFailure.error { throw error }
        // The baselines of the suite's scenes on other devices (or as they are, in a run on
        // devices) are another run's: neither unused nor pruned here.
        var orphans = baselineFolder.orphans(
            suite: all, checked: checks, elsewhere: BatchScene.otherConfigurations(of: found, besides: devices))
        // A run of part of the suite speaks only for the baselines its filters name.
        if !filters.isEmpty { orphans = orphans.filter { file in filters.contains { file.contains($0) } } }
        // A run given scene files, not only folders, does not know the suite's other scenes, so
        // it speaks only for the baselines of those it has (`test a.json --prune` deleted every
        // other scene's).
        if Self.namesSceneFiles(paths) {
            orphans = BaselineFolder.baselines(ofScenesNamed: all.map(\.name), in: orphans)
        }
        orphans = baselineFolder.leavingOut(imagesOf: found.map(\.sourcePath), from: orphans)
        if prune { baselineFolder.remove(orphans) }
        let results = SuiteResults(
            baselines: baselinesDirectory, recordMode: recordMode.rawValue, comparison: options.summary,
            shard: shard.count == 1 ? nil : shard.description, scenes: checks, orphanedBaselines: orphans,
            pruned: prune, devices: SuiteResults.deviceList(devices), runScenes: shard.count == 1 ? nil : filtered.count
        )
        do {
            try report.write(results, shard: shard)
        } catch {
            // Images that no results list would be left for the next run to find.
            report.removeWrittenReport(made: madeReport)
            throw error
        }
        return results
    }

    /// Renders and checks one scene (on its device's screen when it has one). A scene that
    /// cannot be rendered, or whose baseline cannot be read, is a check with an error.
    ///
    /// - Parameter frameChecked: Called as each frame of an animated scene is checked, with the
    ///   scene's name, the frames checked and the animation's frames.
    /// - Throws: `SuiteError.cannotWrite` when a baseline or a report image cannot be written.
    public func check(
        _ scene: BatchScene, frameChecked: (@Sendable (_ scene: String, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws(SuiteError) -> SceneCheck {
        let name = scene.name
        do {
            var loaded = try Scene.load(path: scene.sourcePath)
            if let device = scene.device { loaded = loaded.shown(on: device) }
            let images = loaded.decodedImageBytes(in: SceneImages(sceneFolder: loaded.baseFolder))
            let player = try loaded.animation.map { _ in try SceneAnimationPlayer(scene: loaded, file: scene.sourcePath)
            }
            let pixels = player?.pixelSize() ?? loaded.pixelSize()
            return try memoryBudget.withReservation(
                of: Self.workingBytes(width: pixels.width, height: pixels.height) + images
            ) { () throws -> SceneCheck in
                if let player {
                    return try checkFrames(
                        of: player, name: name, scene: scene.sourcePath, frameChecked: frameChecked)
                }
                let image = try renderer.render(loaded)
                let frame = try checkImage(image, name: name, baseline: name + ".png", frame: nil, writer: .immediate())
                return SceneCheck(scene: scene.sourcePath, name: name, animated: false, frames: [frame])
            }
        } catch let error as SuiteError {
            throw error
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

    /// Renders and checks every frame of an animated scene, and the baselines past its end.
    ///
    /// - Throws: `SuiteError.cannotWrite` when a baseline or a report image cannot be written;
    ///   the renderer's errors.
    func checkFrames(
        of player: SceneAnimationPlayer, name: String, scene: String,
        frameChecked: ((_ scene: String, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> SceneCheck {
        let frames = SceneAnimationFrameRenderer(states: player.states, renderer: renderer)
        var checks: [FrameCheck] = []
        // The frames' recorded baselines reach their folder together, once every frame is
        // checked: a run stopped half-way leaves the animation's baselines as they were.
        let writer = BaselineWriter.staged()
        for index in 0..<player.frameCount where !Interruption.isRequested {
            let image = try frames.render(player.frame(index))
            let frameName = name + "/" + FrameFileName.stem(index, frameCount: player.frameCount)
            checks.append(
                try checkImage(image, name: frameName, baseline: frameName + ".png", frame: index, writer: writer))
            frameChecked?(name, index + 1, player.frameCount)
        }
        if !Interruption.isRequested {
            checks += try checkFramesPastTheEnd(of: name, frameCount: player.frameCount, writer: writer)
            try writer.commit()
        }
        return SceneCheck(scene: scene, name: name, animated: true, frames: checks)
    }

    /// Compares one rendered image with its baseline, records as the mode says (through
    /// `writer`), and saves the report's images.
    ///
    /// - Throws: `SuiteError.cannotWrite` when the baseline or a report image cannot be written.
    func checkImage(
        _ image: Image, name: String, baseline: String, frame: Int?, writer: BaselineWriter
    ) throws(SuiteError) -> FrameCheck {
        let baselinePath = joinedPath(baselinesDirectory, baseline)
        var check = FrameCheck(name: name, frame: frame, status: .passed, baseline: baseline)
        // The actual image is encoded only for the report, which keeps it only when the check
        // does not pass: a passing frame (the usual case) costs a decode and a comparison.
        func actualPNG() throws -> [UInt8] { try PNGEncoder.encode(image) }
        do {
            guard FileManager.default.fileExists(atPath: baselinePath) else {
                check.actual = try report.save(actualPNG(), name: name, role: "actual")
                if recordMode.verdict(for: nil) == .recordMissing {
                    try writer.write(PNGEncoder.encodeReference(image), to: baselinePath)
                    check.status = .recorded
                    check.message = "new baseline written to \(baselinePath)"
                } else {
                    check.status = .missing
                    check.message = "no baseline at \(baselinePath)"
                }
                return check
            }
            let expectedPNG: [UInt8]
            let reference: ReferenceCheck
            do {
                expectedPNG = try FileBytes.read(baselinePath, maximumSize: Self.maximumBaselineSize)
                reference = try ReferenceCheck(reference: expectedPNG, actual: image, options: options)
            } catch {
                // The actual image is kept, so the baseline can be repaired: by a mode that
                // rewrites failures now, or by `approve` later (a Git LFS pointer left in place of
                // a baseline is the usual case). A baseline that cannot be read at all (a folder,
                // a named pipe, a file past the size limit) is no readable PNG either.
                check.actual = try report.save(actualPNG(), name: name, role: "actual")
                if recordMode.recordsFailures {
                    try writer.write(PNGEncoder.encodeReference(image), to: baselinePath)
                    check.status = .recorded
                    check.message = "baseline \(baselinePath) was not a readable PNG (\(error)); re-recorded"
                } else {
                    check.status = .error
                    check.baselineUnreadable = true
                    check.message = "baseline \(baselinePath) is not a readable PNG: \(error)"
                }
                return check
            }
            let result = reference.result
            let verdict = recordMode.verdict(for: result)
            check.comparison = ComparisonNumbers(result)
            if verdict == .matched { return check }
            if verdict == .rerecord && result.passed {
                // `all` also rewrites a baseline the image matches within the tolerance: that one
                // passed, and a passing image leaves nothing in the report.
                try writer.write(PNGEncoder.encodeReference(image), to: baselinePath)
                check.rewritten = true
                check.message = "baseline re-recorded (it matched within the tolerance: \(result.summary))"
                return check
            }
            let actual = try actualPNG()  // before any file is written: an encoding error leaves none
            check.expected = try report.save(expectedPNG, name: name, role: "expected")
            check.actual = try report.save(actual, name: name, role: "actual")
            check.diff = try report.save(
                PNGEncoder.encode(DiffImage.render(expected: reference.expected, result: result)), name: name,
                role: "diff")
            if verdict == .rerecord {
                try writer.write(PNGEncoder.encodeReference(image), to: baselinePath)
                check.status = .recorded
                check.message = "baseline re-recorded: \(result.summary)"
            } else {
                check.status = .failed
                check.message = result.summary
            }
        } catch let error as SuiteError {
            throw error
        } catch {
            check.status = .error
            // The frame's name is beside the message wherever it is shown.
            check.message = ErrorLine.flattening("\(error)")
        }
        return check
    }

    /// The checks of the baselines in an animation's folder past its last frame (an animation
    /// that got shorter; `FrameFileName.unused`): each fails, keeping a copy of the baseline in
    /// the report, unless the record mode rewrites failures, which deletes it (through
    /// `writer`, once the animation's recorded frames are in place).
    ///
    /// - Throws: `SuiteError.cannotWrite` when a report image cannot be written or a baseline
    ///   cannot be deleted.
    func checkFramesPastTheEnd(of name: String, frameCount: Int, writer: BaselineWriter) throws(SuiteError)
        -> [FrameCheck]
    {
        let digits = FrameFileName.digits(frameCount: frameCount)
        var checks: [FrameCheck] = []
        for file in FrameFileName.unused(in: joinedPath(baselinesDirectory, name), frameCount: frameCount) {
            let stem = String(file.dropLast(".png".count))
            let baseline = name + "/" + file
            let baselinePath = joinedPath(baselinesDirectory, baseline)
            // A name of another digit count is an earlier run's (of 10,000 frames or more, or
            // fewer), whatever its number: not a frame of this animation.
            let parsed = FrameFileName.parse(stem)
            let otherLength = parsed?.digits != digits
            var check = FrameCheck(
                name: name + "/" + stem, frame: otherLength ? nil : parsed?.index, status: .failed,
                baseline: baseline, pastTheEnd: true)
            let what =
                otherLength
                ? "the animation has \(frameCount) frames; this baseline is named for an animation of another length"
                : "the animation has \(frameCount) frames; this baseline is past its end"
            if recordMode.recordsFailures {
                try writer.remove(baselinePath)
                check.status = .recorded
                check.message = "\(what): deleted"
            } else {
                // The image that would go, in the report (the first few: an animation cut from
                // thousands of frames would copy them all): approve deletes it.
                if checks.count < Self.pastTheEndImagesShown,
                    let bytes = try? FileBytes.read(baselinePath, maximumSize: Self.maximumBaselineSize),
                    bytes.starts(with: PNGHeader.signature)
                {
                    check.expected = try report.save(bytes, name: check.name, role: "expected")
                }
                check.message = "\(what) (approve, or --record failed or all, deletes it)"
            }
            checks.append(check)
        }
        return checks
    }
}

/// The first error that stopped a run's workers, thread-safe.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var first: SuiteError?

    /// The error recorded first, if any.
    var error: SuiteError? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    /// Keeps `error` unless one was recorded before.
    func record(_ error: SuiteError) {
        lock.lock()
        defer { lock.unlock() }
        if first == nil { first = error }
    }
}

/// Reports finished checks in the suite's order, thread-safe: a check that finishes before an
/// earlier one waits for it.
final class OrderedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let counted: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    private let report: (@Sendable (_ done: Int, _ total: Int, _ check: SceneCheck) -> Void)?
    /// Finished checks not reported yet, by index (nil: one skipped after a write failure).
    private var waiting: [Int: SceneCheck?] = [:]
    private var next = 0, done = 0, finishedCount = 0

    init(
        total: Int, counted: (@Sendable (_ done: Int, _ total: Int) -> Void)?,
        report: (@Sendable (_ done: Int, _ total: Int, _ check: SceneCheck) -> Void)?
    ) {
        self.total = total
        self.counted = counted
        self.report = report
    }

    /// Takes the check at `index` (nil when it was skipped): counts it at once, and reports it
    /// and every later one that waited for it, under the lock, so reports never interleave and
    /// their counts only go up.
    @Sendable func finished(_ index: Int, _ check: SceneCheck?) {
        lock.lock()
        defer { lock.unlock() }
        if check != nil {
            finishedCount += 1
            counted?(finishedCount, total)
        }
        waiting[index] = check
        while let ready = waiting.removeValue(forKey: next) {
            next += 1
            guard let ready else { continue }
            done += 1
            report?(done, total, ready)
        }
    }
}
