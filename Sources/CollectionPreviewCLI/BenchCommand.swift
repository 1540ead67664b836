import ArgumentParser
import Benchmark
import Foundation
import Support

/// `collection-preview bench`: the reference benchmark scenes, PNG encoding and layout.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the reference benchmarks and print a table.",
        discussion: """
            Draws the reference scenes S1-S3 (described in BENCHMARKS.md) with the project's \
            rasterizer, PNG-encodes the S1 frame and times layout preparation and rect queries. \
            Each row shows the minimum and median over the samples and the ratio of our minimum \
            to the anchor's (Blend2D, fpng, or the project's goal). --png-settings compares \
            libpng settings on the S1 frame instead. Build in release for real figures: \
            swift run -c release collection-preview bench
            \(CommandError.exitStatusHelp)
            """)

    @Option(
        parsing: .unconditional,
        help: """
            Repetitions per row, at least 1: by default 32, the anchors' count, so that minima compare \
            like with like (7 with --png-settings, whose slowest settings take 100 ms a round).
            """,
        transform: WholeNumberArgument.parse)
    var samples: Int?

    @Flag(help: "Print one JSON object (s1_render_ms, s1_png_bytes, diff_changed_ms, …, rows) instead of a table.")
    var json = false

    @Flag(
        help: """
            Compare PNG encoder settings (level, filter, strategy) on the S1 frame instead, in a table of \
            its own (not with --only, --json, --anchors or --write-diff-frames).
            """)
    var pngSettings = false

    @Option(
        parsing: .unconditional,
        help: """
            Run only these parts, comma-separated: \(BenchmarkGroup.allCases.map(\.rawValue).joined(separator: ", ")) \
            (for example --only s2 to profile one scene). By default every part runs.
            """)
    var only: String?

    @Option(
        help: ArgumentHelp(
            """
            Divide by anchors timed in the same hour, one file of each kind in any order: the JSON \
            that Tools/blend2d-anchors.py prints (Blend2D, for the rendering rows) or that \
            Tools/pixelmatch-anchors.mjs prints (pixelmatch, for the changed-diff row). By default \
            the rendering rows are divided by the anchor table's Blend2D figures, which Blend2D now \
            beats 2-3x on this kind of machine, and the changed-diff row by pixelmatch's fixed \
            \(String(format: "%.1f", PixelmatchAnchor.table.changedMilliseconds)) ms from another machine.
            """, valueName: "anchors.json"))
    var anchors: [String] = []

    @Option(
        help: ArgumentHelp(
            """
            Write the two frames the changed-diff row compares into this folder instead of timing \
            anything (made if missing; no other option with it): expected.rgba and changed.rgba, \
            straight RGBA row by row, and frames.json with their size and the pixels that differ. \
            Tools/pixelmatch-anchors.mjs times pixelmatch on them.
            """, valueName: "folder"))
    var writeDiffFrames: String?

    /// The parts `--only` names, or every part.
    var groups: Set<BenchmarkGroup> {
        get throws {
            guard let only else { return Set(BenchmarkGroup.allCases) }
            var groups: Set<BenchmarkGroup> = []
            for name in only.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
                guard let group = BenchmarkGroup(rawValue: trimmed) else {
                    let known = BenchmarkGroup.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ValidationError("--only: unknown part '\(trimmed)'; the parts are \(known)")
                }
                groups.insert(group)
            }
            return groups
        }
    }

    func validate() throws {
        if let samples, samples < 1 { throw ValidationError("--samples must be at least 1, got \(samples)") }
        let shapingRows = [("--only", only != nil), ("--json", json), ("--anchors", !anchors.isEmpty)]
        if let writeDiffFrames {
            // Writing the frames times nothing: every other option is out of place.
            for (option, given) in shapingRows + [("--samples", samples != nil), ("--png-settings", pngSettings)]
            where given {
                throw ValidationError("\(option) and --write-diff-frames cannot be combined")
            }
            if writeDiffFrames.isEmpty { throw ValidationError("--write-diff-frames must not be empty") }
        }
        if pngSettings {
            // The settings comparison prints its own table, not the rows these options shape.
            for (option, given) in shapingRows where given {
                throw ValidationError("\(option) and --png-settings cannot be combined")
            }
        }
        _ = try groups
    }

    func run() throws {
        try CommandError.reporting { try measure() }
    }

    /// Runs the chosen benchmarks and prints them.
    func measure() throws {
        if let writeDiffFrames {
            try Self.writeFrames(into: writeDiffFrames)
            return
        }
        if pngSettings {
            let measurements = try PNGEncoderBenchmark.run(
                image: PNGEncoderBenchmark.s1Frame(), rounds: samples ?? 7)
            try StandardOutput.print(PNGEncoderBenchmark.markdownTable(measurements))
            return
        }
        let groups = try groups
        let (renderAnchors, pixelmatchAnchor) = try Self.readAnchors(anchors)
        var rows = try BenchmarkSuite.run(
            samples: samples ?? 32, groups: groups, anchors: renderAnchors ?? .table,
            pixelmatch: pixelmatchAnchor ?? .table
        ) { name in
            if !json { StandardError.write("running \(name)…\n") }
        }
        if groups.contains(.animate) { rows += endToEndRows() }
        if json {
            try StandardOutput.print(BenchmarkReport.json(rows))
            return
        }
        try StandardOutput.print(BenchmarkReport.table(rows))
        if renderAnchors == nil, rows.contains(where: { $0.anchor == RenderAnchors.table.name }) {
            try StandardOutput.print(
                """

                Rendering ratios are against the anchor table (Blend2D 7.5, 5.7, 1.8 ms); Blend2D timed in \
                the same hour has run 2-3x faster. For honest ratios: python3 Tools/blend2d-anchors.py > \
                anchors.json, then bench --anchors anchors.json (BENCHMARKS.md).
                """)
        }
        if pixelmatchAnchor == nil, rows.contains(where: { $0.anchor == PixelmatchAnchor.table.name }) {
            let fixed = String(format: "%.1f", PixelmatchAnchor.table.changedMilliseconds)
            try StandardOutput.print(
                """

                The changed-diff ratio is against pixelmatch's fixed \(fixed) ms, measured on another machine. \
                For pixelmatch on this one: node Tools/pixelmatch-anchors.mjs --bench BINARY > \
                pixelmatch.json, then bench --anchors pixelmatch.json (BENCHMARKS.md).
                """)
        }
    }

    /// The anchors in the files at `paths`: Blend2D's from the output of
    /// `Tools/blend2d-anchors.py`, pixelmatch's from that of `Tools/pixelmatch-anchors.mjs`; nil
    /// for a kind no file gives.
    static func readAnchors(_ paths: [String]) throws -> (RenderAnchors?, PixelmatchAnchor?) {
        var render: (path: String, anchors: RenderAnchors)?
        var pixelmatch: (path: String, anchor: PixelmatchAnchor)?
        for path in paths {
            let bytes = try FileBytes.read(path, maximumSize: 1 << 20)
            do {
                if PixelmatchAnchor.isPixelmatchFile(bytes) {
                    if let pixelmatch {
                        throw Self.duplicateAnchorsError(kind: "pixelmatch's", first: pixelmatch.path, second: path)
                    }
                    pixelmatch = (path, try PixelmatchAnchor(json: bytes))
                } else {
                    if let render {
                        throw Self.duplicateAnchorsError(kind: "Blend2D's", first: render.path, second: path)
                    }
                    render = (path, try RenderAnchors(json: bytes))
                }
            } catch let error as AnchorsFileError {
                throw CommandError("\(path): \(error)", exitCode: CommandError.noInput)
            }
        }
        return (render?.anchors, pixelmatch?.anchor)
    }

    /// Two anchors files of the same kind: a usage error.
    private static func duplicateAnchorsError(kind: String, first: String, second: String) -> CommandError {
        CommandError(
            "--anchors: \(first) and \(second) both give \(kind) figures; give one of each kind",
            exitCode: CommandError.usage)
    }

    /// `--write-diff-frames`: the changed-diff row's frames written into `folder`.
    static func writeFrames(into folder: String) throws {
        try OutputFolder.check(folder, option: "--write-diff-frames", for: "the frames")
        let frames = try NewFolders.writingInto(folder) {
            let frames = try DiffFrames()
            try frames.write(into: folder)
            return frames
        }
        let names = DiffFrames.fileNames
        try StandardOutput.print(
            "\(folder): \(names.expected), \(names.changed) and \(names.summary) "
                + "(\(frames.expected.width)x\(frames.expected.height))")
    }

    /// The end-to-end animation rows: this very binary run as `animate` on the bench scenes of
    /// `Samples/bench/` (`AnimationBenchmark.scenesFolder`; skipped, with a note, when there is none).
    func endToEndRows() -> [BenchmarkSuite.Row] {
        // In or above the current folder, else above the binary (a checkout's `.build/release/`).
        guard let executable = Bundle.main.executablePath,
            let folder = AnimationBenchmark.scenesFolder(
                searchingUpFrom: [FileManager.default.currentDirectoryPath, parentPath(of: executable)])
        else {
            StandardError.write(
                "(end-to-end rows skipped: no Samples/bench/ in or above the current folder or the binary's; run inside a checkout)\n"
            )
            return []
        }
        let sixty = joinedPath(folder, "animation-60-frames.json")
        let sixHundred = joinedPath(folder, "animation-600-frames.json")
        if !json { StandardError.write("running animate (60 and 600 frames)…\n") }
        var rows: [BenchmarkSuite.Row] = []
        if let run = AnimationBenchmark.animate(executable: executable, scene: sixty, frames: 60, samples: 3) {
            let fps = Double(run.frames) / run.seconds
            rows.append(
                BenchmarkSuite.Row(
                    name: "animate 60 frames of 750x1334 to PNG files, 2 jobs: \(String(format: "%.0f", fps)) fps",
                    minimumMilliseconds: run.seconds * 1000 / Double(run.frames),
                    medianMilliseconds: run.seconds * 1000 / Double(run.frames), anchor: "goal 200 fps",
                    anchorMilliseconds: 5, key: "s3_end_to_end", extras: ["s3_end_to_end_fps": fps]))
        }
        if let still = AnimationBenchmark.still(executable: executable, scene: sixHundred),
            let run = AnimationBenchmark.animate(executable: executable, scene: sixHundred, frames: 600, samples: 1)
        {
            let beyond = run.peakMegabytes - still.peakMegabytes
            rows.append(
                BenchmarkSuite.Row(
                    name: String(
                        format:
                            "animate 600 frames: peak %.0f MB, %.0f MB more than one still frame (goal ≤ 64 + 4 per worker)",
                        run.peakMegabytes, beyond),
                    minimumMilliseconds: run.seconds * 1000 / 600, medianMilliseconds: run.seconds * 1000 / 600,
                    anchor: nil, anchorMilliseconds: nil, key: "animation_600",
                    extras: ["animation_600_peak_mb": run.peakMegabytes, "animation_600_beyond_still_mb": beyond]))
        }
        return rows
    }
}
