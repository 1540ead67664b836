import Animation
import ArgumentParser
import Batch
import Foundation
import PNG
import Raster
import Scene
import Support

/// `collection-preview animate SCENE.json -o DIR [--apng OUT.png] [--contact-sheet OUT.png]`:
/// renders a scene's animation as frames.
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a scene's animation as PNG frames, an animated PNG and/or a contact sheet.",
        discussion: """
            Plays the scene's "animation" block (layout changes, item inserts, deletes and moves, \
            scrolling, taps, pauses) and takes a frame at t = 0, 1/fps, 2/fps, … up to the end: \
            frame 0 is what `render` draws, the last frame the final state. Frames are written as \
            DIR/frame_0000.png, frame_0001.png, … (a sequence ffmpeg reads with -i frame_%04d.png; \
            past 10,000 frames every name has five digits, frame_00000.png, for -i frame_%05d.png), \
            --apng writes one animated PNG, --contact-sheet a grid of numbered frames. Frames are \
            rendered on --jobs threads a few at a time and written in order, so memory does not \
            grow with the frame count, and the bytes are the same for any --jobs. The frames reach \
            DIR together at the end (they are written to a hidden folder inside it first), so a \
            run that fails or is stopped leaves DIR's earlier frames as they were; once they are \
            in place, the frame_*.png files DIR held that this animation does not have (past its \
            end) are deleted, so no older animation's tail is left behind. --apng and \
            --contact-sheet may name a file in a folder that -o makes (-o out/frames --apng \
            out/scene.png); otherwise their folder must exist.
            Examples:
              collection-preview animate Samples/animation-layouts.json -o frames
              collection-preview animate scene.json --apng scene.png \\
                  --contact-sheet sheet.png
            \(CommandError.exitStatusHelp)
            """)

    @Argument(help: ArgumentHelp("The scene file (JSON) with an \"animation\" block.", valueName: "scene.json"))
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write frame_NNNN.png files to.", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Also write the frames as one animated PNG.", valueName: "out.png"))
    var apng: String?

    @Option(help: ArgumentHelp("Also write a contact sheet of the frames.", valueName: "out.png"))
    var contactSheet: String?

    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help: ArgumentHelp("Frames rendered at once (default: the number of active cores).", valueName: "n"),
        transform: WholeNumberArgument.parse)
    var jobs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point, overriding the scene's canvas.scale (0 < S ≤ 4).", valueName: "S"))
    var scale: Double?

    @Option(help: DeviceOption.help)
    var device: String?

    @Flag(name: .shortAndLong, help: "Print only errors: no progress and no summary.")
    var quiet = false

    func validate() throws {
        guard output != nil || apng != nil || contactSheet != nil else {
            throw ValidationError("give at least one of -o DIR, --apng OUT.png, --contact-sheet OUT.png")
        }
        try RenderCommand.validateInputs([scene], name: "<scene.json>")
        for (option, path) in [("-o/--output", output), ("--apng", apng), ("--contact-sheet", contactSheet)] {
            if let path { try RenderCommand.validateOutput(path, option: option) }
        }
        if let jobs { try BatchCommand.validateJobs(jobs) }
        if let scale { try RenderCommand.validateScale(scale) }
        if let device { _ = try DeviceOption.parse(device) }
    }

    func run() throws {
        try CommandError.reporting {
            let start = BatchProgress.monotonicSeconds()
            let files = [("--apng", apng), ("--contact-sheet", contactSheet)].compactMap { option, path in
                path.map { (option, $0) }
            }
            // Bad usage first, whether or not the files' folders exist yet.
            if let output { try OutputCollision.check(files: files, outsideFramesFolder: output) }
            // A file may go into a folder that -o makes: `-o out/frames --apng out/a.png`.
            let foldersForFrames = Set((output.map(NewFolders.missing) ?? []).map(AnimateCommand.standardized))
            for (_, file) in files where !foldersForFrames.contains(AnimateCommand.standardized(parentPath(of: file))) {
                try RenderCommand.checkWritable(file)
            }
            if let output { try OutputFolder.check(output, option: "-o", for: "the frames") }
            try OutputCollision.check(outputs: files, inputs: [("the scene file", scene)])
            let loaded = try DeviceOption.load(scene, on: device)
            try loaded.checkCanvas(atScale: scale, file: scene)
            let player = try SceneAnimationPlayer(scene: loaded, file: scene)
            let sceneRenderer = try SceneRenderer.forCommand()
            let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: sceneRenderer, scale: scale)
            let frameCount = player.frameCount
            let pixels = player.pixelSize(scale: scale)
            let fps = Int(player.timeline.fps.rounded())
            if apng != nil, Double(fps) != player.timeline.fps {
                throw CommandError(
                    "\(scene): animation.fps: an APNG needs a whole number of frames per second, got \(JSONWriter.number(player.timeline.fps))"
                )
            }
            // The frames go to a hidden folder inside the output folder and move into place only
            // when all are written: a run stopped halfway leaves an earlier run's frames as they were.
            // The folders -o makes are removed again if the run fails (those left empty).
            var madeFolders = NewFolders()
            var staging: StagingFolder?
            var succeeded = false
            defer {
                if !succeeded {
                    staging?.discard()
                    madeFolders.removeEmpty()
                }
            }
            staging = try output.map { output -> StagingFolder in
                try madeFolders.createOutput(output)
                StagingFolder.removeAbandoned(in: output, stem: "frames")
                return try StagingFolder(in: output, stem: "frames")
            }
            let animated = try apng.map {
                try APNGWriter(path: $0, width: pixels.width, height: pixels.height, framesPerSecond: fps)
            }
            let sheet = try contactSheet.map { _ in
                try ContactSheet(
                    frameWidth: pixels.width, frameHeight: pixels.height, frameCount: frameCount,
                    font: sceneRenderer.resources.font)
            }
            let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let showProgress = !quiet && isatty(STDERR_FILENO) != 0
            // A few frames per worker at a time: rendered in parallel, written in order.
            // Each frame in flight holds its pixels and its PNG (about twice the pixels' bytes),
            // within what the scene's images leave of the budget (they stay decoded throughout:
            // a gigabyte of them and a gigabyte of frames took 2.1 GB).
            let imageBytes = loaded.decodedImageBytes(in: SceneImages(sceneFolder: loaded.baseFolder))
            let chunk = WorkerPool.batchSize(
                workers: workers, itemBytes: 2 * 4 * pixels.width * pixels.height,
                budget: WorkerPool.batchBudget - imageBytes)
            for first in stride(from: 0, to: frameCount, by: chunk) {
                // Stopped by SIGINT/SIGTERM: the staged frames and the APNG's temporary file are
                // removed as their writers go away; no contact sheet is written.
                try Interruption.check()
                let frames = (first..<min(frameCount, first + chunk)).map(player.frame)
                let rendered = WorkerPool.map(frames, jobs: workers) { frame in RenderedFrame(frame, renderer) }
                for (frame, result) in zip(frames, rendered) {
                    let (image, png) = try result.get()
                    try staging?.write(png, named: FrameFileName.name(frame.index, frameCount: frameCount))
                    // A rotation's frames vary in size: the APNG holds each at the top-left of its canvas.
                    try animated?.append(image.padded(toWidth: pixels.width, height: pixels.height))
                    sheet?.add(image, frame: frame.index, time: frame.time)
                    if showProgress {
                        StandardError.write("\rframe \(frame.index + 1)/\(frameCount)")
                    }
                }
            }
            if showProgress { StandardError.write("\n") }
            // Every output's bytes reach the disk before any output is put in place: the contact
            // sheet's, then the APNG's last chunk, each file synced. A full disk or a stop up to
            // the last check leaves every earlier output as it was. From there on only renames are
            // left, and they all go through, even if a stop comes meanwhile: stopping half-way
            // would leave the frames of one run beside the APNG or contact sheet of another.
            try Interruption.check()
            let sheetFile = try contactSheet.flatMap { path in
                try sheet.map { sheet in
                    let file = try AtomicFileWriter(path: path)
                    try file.append(PNGEncoder.encode(sheet.image))
                    try file.sync()
                    return file
                }
            }
            try animated?.end()
            try Interruption.check()
            var staleFrames: [String] = []
            if let output, let staging {
                try staging.commit()
                // The folder holds exactly this animation: `ffmpeg -i frame_%04d.png` reads no stale frame.
                for name in FrameFileName.unused(in: output, frameCount: frameCount) {
                    if (try? FileManager.default.removeItem(atPath: (output as NSString).appendingPathComponent(name)))
                        != nil
                    {
                        staleFrames.append(name)
                    }
                }
            }
            try animated?.finish(evenAfterAStop: true)
            try sheetFile?.commit(evenAfterAStop: true)
            succeeded = true
            if !quiet {
                let seconds = String(format: "%.1f", BatchProgress.monotonicSeconds() - start)
                CommandError.printToStandardError(
                    "\(counted(frameCount, "frame")) of \(pixels.width)x\(pixels.height) (\(String(format: "%.3g", player.timeline.duration)) s at \(JSONWriter.number(player.timeline.fps)) fps) in \(seconds) s"
                )
                if let first = staleFrames.first, let output {
                    CommandError.printToStandardError(
                        "note: deleted \(counted(staleFrames.count, "frame file")) of an earlier animation from \(output) (\(first)\(staleFrames.count > 1 ? ", …" : "")): this one has \(counted(frameCount, "frame"))"
                    )
                }
            }
        }
    }
}

extension AnimateCommand {
    /// `path` as an absolute path without `.` and `..` components, so that `out` and `./out`
    /// compare equal.
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path.isEmpty ? "." : path).standardized.path
    }
}

/// One frame drawn and encoded on a worker, or why it could not be.
struct RenderedFrame: Sendable {
    var image: Image?
    var png: [UInt8]
    var error: String?

    init(_ frame: AnimationFrame, _ renderer: SceneAnimationFrameRenderer) {
        do {
            let image = try renderer.render(frame)
            self.image = image
            png = try PNGEncoder.encode(image)
        } catch {
            image = nil
            png = []
            self.error = "frame \(frame.index): \(error)"
        }
    }

    /// The image and its PNG bytes.
    ///
    /// - Throws: `CommandError` with the frame's failure.
    func get() throws -> (Image, [UInt8]) {
        guard let image, error == nil else { throw CommandError(error ?? "frame failed") }
        return (image, png)
    }
}
