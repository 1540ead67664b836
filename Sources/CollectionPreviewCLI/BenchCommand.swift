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

    @Option(parsing: .unconditional, help: "Repetitions per row, at least 1.")
    var samples = 10

    @Flag(help: "Print the rows as JSON instead of a table.")
    var json = false

    @Flag(help: "Compare PNG encoder settings (level, filter, strategy) on the S1 frame instead.")
    var pngSettings = false

    func validate() throws {
        guard samples >= 1 else { throw ValidationError("--samples must be at least 1, got \(samples)") }
    }

    func run() throws {
        try CommandError.reporting { try measure() }
    }

    /// Runs the chosen benchmarks and prints them.
    func measure() throws {
        if pngSettings {
            let measurements = try PNGEncoderBenchmark.run(
                image: PNGEncoderBenchmark.s1Frame(), rounds: samples)
            print(PNGEncoderBenchmark.markdownTable(measurements))
            return
        }
        let rows = try BenchmarkSuite.run(samples: samples) { name in
            if !json { FileHandle.standardError.write(Data("running \(name)…\n".utf8)) }
        }
        if json {
            print(BenchCommand.json(rows))
            return
        }
        print(BenchCommand.table(rows))
    }

    /// The rows as a JSON array, one row object per line.
    static func json(_ rows: [BenchmarkSuite.Row]) -> String {
        let objects = rows.map { r in
            JSONWriter.object([
                ("name", JSONWriter.string(r.name)),
                ("minimumMilliseconds", JSONWriter.number(r.minimumMilliseconds)),
                ("medianMilliseconds", JSONWriter.number(r.medianMilliseconds)),
                ("anchor", r.anchor.map(JSONWriter.string) ?? "null"),
                ("anchorMilliseconds", r.anchorMilliseconds.map(JSONWriter.number) ?? "null"),
                ("ratio", r.ratio.map(JSONWriter.number) ?? "null"),
            ])
        }
        return objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
    }

    /// A Markdown table of the rows.
    static func table(_ rows: [BenchmarkSuite.Row]) -> String {
        func ms(_ v: Double) -> String {
            v >= 1 ? String(format: "%.2f", v) : v >= 0.01 ? String(format: "%.3f", v) : String(format: "%.5f", v)
        }
        var lines = [
            "| benchmark | min ms | median ms | anchor | anchor ms | ratio |", "|---|---:|---:|---|---:|---:|",
        ]
        for r in rows {
            let ratio = r.ratio.map { String(format: "%.2f", $0) } ?? ""
            lines.append(
                "| \(r.name) | \(ms(r.minimumMilliseconds)) | \(ms(r.medianMilliseconds)) | \(r.anchor ?? "") | \(r.anchorMilliseconds.map(ms) ?? "") | \(ratio) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
