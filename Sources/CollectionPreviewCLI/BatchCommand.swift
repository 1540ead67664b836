import ArgumentParser
import Batch
import Foundation
import Scene
import Support

/// `collection-preview batch PATH... -o DIR [--jobs N] [--shard K/N]`: renders
/// every scene found to `DIR`, in parallel, with a manifest.
///
/// The work is `BatchRunner`'s (module `Batch`); this command parses options,
/// picks the progress style (a bar when standard error is a terminal, a line
/// per scene otherwise), prints the failures and a summary; exit statuses are
/// `CommandError`'s (1: some scene failed).
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render every scene found under the given paths to PNGs, in parallel, with a manifest.",
        discussion: """
            Each PATH is a scene file or a folder searched recursively for *.json (names starting \
            with "." are skipped, and so is DIR). A folder's scenes keep their path inside it: \
            Samples/grid/basic.json is written to DIR/grid/basic.png. A file given directly is \
            written under its own name: a/card.json -> DIR/card.png. Two different scenes that \
            would write the same PNG are an error before anything is rendered.

            Scenes are sorted by path and rendered on --jobs threads; a scene that fails is \
            reported and the others go on. PNGs and DIR/manifest.json are written atomically and \
            are byte-identical for any --jobs. The manifest lists, for every scene: source, output, \
            status ("ok" or "error" with the message), width and height in pixels, bytes, and the \
            FNV-1a 64 hash of the PNG. With --device (repeatable), every scene is rendered on each \
            device's screen instead of its canvas, to DIR/<scene>.<device>.png \
            (grid/basic.iPhone-SE.png), and the manifest names the device.

            Sharding (--shard K/N, 1-based): scene number i of the sorted list (from 0; with \
            --device, each scene on each device counts) belongs to shard K when i % N == K - 1. Without --shard, the shard is read from \
            \(BatchShard.indexVariable) (0-based, set by Kubernetes Indexed Jobs) and \
            \(BatchShard.countVariable) (the number of shards); set both or neither. A shard \
            writes DIR/manifest-K-of-N.json and, of its part, DIR/manifest.json, so shard outputs \
            can be copied into one folder and merged (a shard of one, 1/1, is the whole batch and \
            writes only DIR/manifest.json).

            Examples:
              collection-preview batch Samples -o out
              collection-preview batch Samples extra/card.json -o out --jobs 4
              collection-preview batch Samples -o out --shard 2/3
              collection-preview batch Samples -o out --device "iPhone SE" \\
                  --device "iPad Pro 11:landscape"

            A batch never reads its own output: DIR is skipped when it lies inside a searched \
            folder, and the manifests it writes (and the results.json of test reports) are never taken for \
            scenes (batch . -o . works). \
            Merge the manifests of all shards with: collection-preview merge DIR.

            \(CommandError.exitStatusHelp) For batch, 1 means at least one scene failed (all \
            are listed at the end).
            """)

    @Argument(help: ArgumentHelp("Scene files and folders to search for *.json.", valueName: "path"))
    var paths: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the PNGs and manifest to.", valueName: "dir"))
    var output: String

    @Option(
        name: .shortAndLong, parsing: .unconditional,
        help: ArgumentHelp(
            "Scenes rendered at once (default: the number of active cores, \(ProcessInfo.processInfo.activeProcessorCount) here).",
            valueName: "n"),
        transform: WholeNumberArgument.parse)
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Render only shard K of N (1-based), e.g. 2/3. Default: from \(BatchShard.indexVariable) and \(BatchShard.countVariable), else all.",
            valueName: "k/n"))
    var shard: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pixels per point for every scene, overriding canvas.scale (0 < S ≤ 4).", valueName: "S"))
    var scale: Double?

    @Option(help: DeviceOption.repeatedHelp)
    var device: [String] = []

    @Flag(name: .shortAndLong, help: "Print only errors: no progress and no summary.")
    var quiet = false

    /// The most jobs accepted.
    static let maximumJobs = 1024

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one scene file or folder") }
        try RenderCommand.validateInputs(paths, name: "<path>")
        try RenderCommand.validateOutput(output)
        if let jobs { try BatchCommand.validateJobs(jobs) }
        if let scale { try RenderCommand.validateScale(scale) }
        for name in device { _ = try DeviceOption.parse(name) }
        _ = try resolvedShard()
    }

    func run() throws {
        try CommandError.reporting {
            let shard = try resolvedShard()
            try OutputFolder.check(output, option: "-o", for: "the images and the manifest")
            let start = BatchProgress.monotonicSeconds()
            let renderer = try SceneRenderer.forCommand()
            let runner = BatchRunner(
                renderer: renderer, outputDirectory: output,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: shard, scale: scale,
                devices: try device.map(DeviceOption.parse))
            let style = progressStyle()
            let manifest = try runner.renderScenes(paths: paths) { total in
                BatchProgress(total: total, style: style) { text in
                    StandardError.write(text)
                }
            }
            // The scenes that failed are listed also when the manifest cannot be written after them.
            for result in manifest.results {
                if let message = result.errorMessage { CommandError.printError(message) }
            }
            try runner.write(manifest)
            if !quiet {
                let seconds = BatchProgress.monotonicSeconds() - start
                CommandError.printToStandardError(BatchCommand.summary(manifest, runner: runner, seconds: seconds))
            }
            if manifest.results.contains(where: \.outputUnwritable) { throw CommandError.cannotCreate }
            if manifest.failedCount > 0 { throw CommandError.sceneFailed }
        }
    }

    /// `--shard`, else the environment's shard, else the whole batch.
    ///
    /// - Throws: `ValidationError` with `BatchShard`'s message.
    func resolvedShard() throws -> BatchShard {
        do {
            return try BatchShard.resolve(option: shard, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// A bar when standard error is a terminal, plain lines otherwise, nothing with `--quiet`.
    func progressStyle() -> BatchProgress.Style {
        if quiet { return .quiet }
        guard isatty(STDERR_FILENO) != 0 else { return .lines }
        return .bar(columns: BatchCommand.terminalColumns())
    }

    /// Checks a job count: at least 1, at most `maximumJobs`.
    ///
    /// - Throws: `ValidationError` (exit status 64).
    static func validateJobs(_ jobs: Int) throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard jobs <= maximumJobs else { throw ValidationError("--jobs must be at most \(maximumJobs), got \(jobs)") }
    }

    /// The closing line: how many scenes were written, where, and how long it took.
    static func summary(_ manifest: BatchManifest, runner: BatchRunner, seconds: Double) -> String {
        let shardText =
            manifest.shard.count > 1
            ? "shard \(manifest.shard) (\(manifest.results.count) of \(counted(manifest.batchSceneCount, manifest.devices.isEmpty ? "scene" : "image"))): "
            : ""
        let failedText = manifest.failedCount > 0 ? ", \(manifest.failedCount) failed" : ""
        let time = String(format: "%.1f", seconds)
        return
            "\(shardText)\(writtenCount(manifest)) written to \(runner.outputDirectory)\(failedText); manifest \(runner.manifestPath) (\(time) s)"
    }

    /// How many images a batch wrote of how many: `2 of 3 scenes`, or on devices `3 of 4 images
    /// (2 scenes on 2 devices)`, since each scene is rendered once per device.
    static func writtenCount(_ manifest: BatchManifest) -> String {
        let written = manifest.succeededCount, total = manifest.results.count
        guard !manifest.devices.isEmpty else { return "\(written) of \(counted(total, "scene"))" }
        let scenes = Set(manifest.results.map(\.scene.sourcePath)).count
        return
            "\(written) of \(counted(total, "image")) (\(counted(scenes, "scene")) on \(counted(manifest.devices.count, "device")))"
    }

    /// The terminal's width in columns: `COLUMNS`, else the terminal's own size, else 80.
    static func terminalColumns() -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        #if os(Linux)
            var size = winsize()
            if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        #endif
        return 80
    }
}
