import Foundation
import PNG
import Scene
import Support

/// Renders many scene files to PNGs in parallel and records the result: the
/// `batch` command's work, callable from Swift.
///
/// `run(paths:)` finds the scenes (`SceneDiscovery`), keeps this run's shard
/// (`BatchShard`), creates the output folders, renders the scenes on `jobs`
/// threads (`WorkerPool`), writes each PNG atomically to
/// `outputDirectory/<scene's output path>` and finally writes the manifest
/// (`BatchManifest`) atomically beside them. A scene that fails is recorded
/// and the others go on; its output path is left untouched (a PNG from an
/// earlier run stays, and the manifest says it is not from this run).
///
/// The PNGs and the manifest are byte-identical whatever `jobs` is: each
/// scene's pixels depend only on its file, and results are kept in sorted
/// order, not completion order.
public struct BatchRunner: Sendable {
    /// Draws the scenes; one renderer is shared by all workers.
    public var renderer: SceneRenderer
    /// The folder the PNGs and the manifest are written to; created if missing.
    public var outputDirectory: String
    /// How many scenes render at once (at least 1).
    public var jobs: Int
    /// The part of the batch this run renders.
    public var shard: BatchShard
    /// Overrides every scene's canvas scale when given.
    public var scale: Double?
    /// The PNG encoder's settings.
    public var pngOptions: PNGEncodingOptions
    /// The device screens every scene is rendered on (`BatchScene.shown(_:on:)`); none: each
    /// scene on its own canvas.
    public var devices: [SceneDeviceVariant]
    /// The memory the workers share: each reserves `workingBytes(width:height:)` for its scene,
    /// and what its images take decoded, before drawing it, so that `jobs` scenes of the largest
    /// canvas (or images) are not all held at once.
    public var memoryBudget: MemoryBudget

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - renderer: The renderer (`SceneRenderer()` loads the bundled fonts).
    ///   - outputDirectory: Where the PNGs and manifest go.
    ///   - jobs: Parallel renders; the core count is a good choice.
    ///   - shard: The part of the batch to render; the whole batch unless given.
    ///   - scale: A canvas scale for every scene, or nil for each scene's own.
    ///   - pngOptions: PNG encoder settings.
    ///   - devices: Device screens to render every scene on, each to `name.<device>.png`.
    ///   - memoryBudget: The memory the workers share.
    public init(
        renderer: SceneRenderer, outputDirectory: String, jobs: Int, shard: BatchShard = .whole,
        scale: Double? = nil, pngOptions: PNGEncodingOptions = .default, devices: [SceneDeviceVariant] = [],
        memoryBudget: MemoryBudget = MemoryBudget()
    ) {
        self.renderer = renderer
        self.outputDirectory = outputDirectory
        self.jobs = max(1, jobs)
        self.shard = shard
        self.scale = scale
        self.pngOptions = pngOptions
        self.devices = devices
        self.memoryBudget = memoryBudget
    }

    /// The memory rendering a scene to a PNG of `width` × `height` pixels may take at its peak,
    /// 8 bytes a pixel: the image, and the PNG of an image that does not compress.
    public static func workingBytes(width: Int, height: Int) -> Int { width * height * 8 }

    /// The manifest's path: `outputDirectory/manifest.json` or `…/manifest-K-of-N.json`.
    public var manifestPath: String { joinedPath(outputDirectory, BatchManifest.fileName(for: shard)) }

    /// Finds, renders and records every scene of this shard under `paths`.
    ///
    /// - Parameters:
    ///   - paths: Scene files and folders (see `SceneDiscovery`).
    ///   - progress: Makes a progress reporter once the number of scenes is
    ///     known; nil for none.
    /// - Returns: The manifest written (check `failedCount`).
    /// - Throws: `BatchError` when the paths hold no scenes or cannot be read,
    ///   two scenes share an output, or the output folder or manifest cannot
    ///   be written. Scene failures do not throw.
    /// - Complexity: O(n log n) in the number of scenes, plus their rendering.
    public func run(paths: [String], progress: ((_ total: Int) -> BatchProgress)? = nil) throws(BatchError)
        -> BatchManifest
    {
        let manifest = try renderScenes(paths: paths, progress: progress)
        try write(manifest)
        return manifest
    }

    /// `run(paths:progress:)` without writing the manifest: the scenes rendered and their PNGs
    /// written, and the manifest to `write(_:)`, so that a caller can report the scenes that
    /// failed even when the manifest then cannot be written (a full disk). The folders made for
    /// scenes whose PNGs all failed are removed again.
    ///
    /// - Throws: `BatchError` as `run(paths:progress:)` does, except for the manifest.
    public func renderScenes(paths: [String], progress: ((_ total: Int) -> BatchProgress)? = nil) throws(BatchError)
        -> BatchManifest
    {
        let all = try BatchScene.shown(try SceneDiscovery.discover(paths, excluding: outputDirectory), on: devices)
        let mine = shard.select(all)
        let made = try prepareOutputDirectories(for: mine)
        let results = render(mine, progress: progress?(mine.count))
        // Deepest first; a folder that holds a PNG stays (`rmdir` leaves it), and so does the
        // output folder, which takes the manifest.
        let deepestFirst = made.sorted { $0.utf8.count > $1.utf8.count }
        for folder in deepestFirst where folder != outputDirectory { _ = rmdir(folder) }
        if let signal = Interruption.signalNumber {
            // A manifest of part of the run, or an earlier run's, would not tell the truth. (A file
            // only: `unlink` leaves a folder of that name, and what is in it, alone.)
            _ = unlink(manifestPath)
            // The output folder too, and its parents, when this run made them and wrote nothing
            // in them.
            for folder in deepestFirst { _ = rmdir(folder) }
            throw .interrupted(InterruptedError(signal: signal))
        }
        return BatchManifest(
            shard: shard, batchSceneCount: all.count, results: results, devices: SceneDeviceVariant.names(devices))
    }

    /// Creates `outputDirectory` and every folder the scenes' outputs need.
    ///
    /// Done before rendering, on one thread, so workers never race to create a folder.
    ///
    /// - Returns: The folders it made (not those that were there), parents first.
    /// - Throws: `BatchError.outputDirectory` naming the folder that could not be made.
    /// - Complexity: O(n) in `scenes.count`, plus the folders made.
    @discardableResult
    public func prepareOutputDirectories(for scenes: [BatchScene]) throws(BatchError) -> [String] {
        var folders: Set<String> = [outputDirectory]
        for scene in scenes {
            var parts = scene.outputPath.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast()
            if !parts.isEmpty { folders.insert(joinedPath(outputDirectory, parts.joined(separator: "/"))) }
        }
        var made: [String] = []
        for folder in folders.sorted() { try BatchRunner.makeDirectories(folder, made: &made) }
        return made
    }

    /// Renders `scenes` on `jobs` threads; results in the order of `scenes`.
    ///
    /// The output folders must exist (`prepareOutputDirectories(for:)`).
    ///
    /// - Complexity: O(n) renders spread over `jobs` threads.
    public func render(_ scenes: [BatchScene], progress: BatchProgress? = nil) -> [BatchSceneResult] {
        let runner = self
        let results = WorkerPool.map(
            scenes, jobs: jobs,
            onStart: { _, scene in progress?.started(scene) },
            onFinish: { _, result in progress?.finished(result) }
        ) { scene in runner.render(scene) }
        progress?.end()
        return results
    }

    /// Renders one scene and writes its PNG atomically.
    ///
    /// - Returns: `.written` with the PNG's size and hash, or `.failed` with a
    ///   one-line message that starts with the scene's path.
    /// - Complexity: O(pixels) for drawing, encoding and hashing.
    public func render(_ scene: BatchScene) -> BatchSceneResult {
        do {
            let loaded = try renderer.loadScene(file: scene.sourcePath, scale: scale, device: scene.device)
            let pixels = loaded.pixelSize(scale: scale)
            let images = loaded.decodedImageBytes(in: SceneImages(sceneFolder: loaded.baseFolder))
            return try memoryBudget.withReservation(
                of: Self.workingBytes(width: pixels.width, height: pixels.height) + images
            ) {
                () throws -> BatchSceneResult in
                let image = try renderer.render(loaded, scale: scale)
                let bytes = try PNGEncoder.encode(image, options: pngOptions)
                try AtomicFile.write(bytes, to: joinedPath(outputDirectory, scene.outputPath))
                return BatchSceneResult(
                    scene: scene,
                    outcome: .written(
                        width: image.width, height: image.height, byteCount: bytes.count, hash: FNV1a64.hash(bytes)))
            }
        } catch let error as SceneFileError {
            return BatchSceneResult(scene: scene, outcome: .failed(message: ErrorLine.flattening("\(error)")))
        } catch let error as FileError {
            return BatchSceneResult(
                scene: scene, outcome: .failed(message: ErrorLine.flattening("\(scene.sourcePath): \(error)")),
                outputUnwritable: true)
        } catch {
            return BatchSceneResult(
                scene: scene, outcome: .failed(message: ErrorLine.flattening("\(scene.sourcePath): \(error)")))
        }
    }

    /// Writes `manifest` atomically to `manifestPath`; a shard's also to `manifest.json`, so that
    /// every batch's folder has a `manifest.json` of what it wrote (`merge` reads the
    /// `manifest-K-of-N.json` files and replaces it with the whole batch's).
    ///
    /// - Throws: `BatchError.manifest`, after removing the manifests an earlier run left under
    ///   these names, which would describe other PNGs.
    /// - Complexity: O(n) in the number of scenes.
    public func write(_ manifest: BatchManifest) throws(BatchError) {
        let bytes = Array(manifest.json.utf8)
        let names = Set([manifest.fileName, BatchManifest.fileName(for: .whole)]).sorted()
        for name in names {
            let path = joinedPath(outputDirectory, name)
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                // Files only: a folder in a manifest's place is someone's, not a stale manifest.
                for stale in names { _ = unlink(joinedPath(outputDirectory, stale)) }
                throw .manifest(path: path, reason: "\(error)")
            }
        }
    }

    /// Creates `path` and its missing parents (`mkdir -p`), appending each folder it makes to
    /// `made`.
    ///
    /// - Throws: `BatchError.outputDirectory` with the C library's reason.
    static func makeDirectories(_ path: String, made: inout [String]) throws(BatchError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw .outputDirectory(path: path, reason: "a file with that name is in the way")
        }
        let parent = parentPath(of: path)
        if !parent.isEmpty && parent != path { try makeDirectories(parent, made: &made) }
        if mkdir(path, 0o777) == 0 {
            made.append(path)
        } else if errno != EEXIST {
            throw .outputDirectory(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
