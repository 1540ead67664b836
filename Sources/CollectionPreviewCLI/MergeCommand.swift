import ArgumentParser
import Batch
import Foundation
import RegressionSuite
import Support

/// `collection-preview merge DIR`: joins the shard manifests of a sharded batch into the
/// manifest of the whole batch.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the shards of a batch or of a test run held in a folder.",
        discussion: """
            After `batch --shard K/N` ran on N machines and their output folders were copied into \
            DIR, DIR holds manifest-1-of-N.json … manifest-N-of-N.json. merge checks that they are \
            exactly the N shards of one batch and writes DIR/manifest.json (or --output), the same \
            bytes an unsharded run writes. After `test --shard K/N --report DIR`, DIR holds \
            results-K-of-N.json and the shards' images; merge writes the whole run's results.json, \
            junit.xml and index.html there, the same bytes an unsharded run writes. It prints the \
            scenes that failed and exits with 1 if any did, so a CI matrix or a Kubernetes Indexed \
            Job ends with one report and one exit status.
            Example:
              collection-preview merge out
            \(CommandError.exitStatusHelp)
            """)

    @Argument(help: ArgumentHelp("The folder holding the shard manifests.", valueName: "dir"))
    var directory: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Where to write the merged manifest (default: DIR/manifest.json).", valueName: "file"))
    var output: String?

    /// The largest manifest read (a million scenes' entries take about 250 MB).
    static let maximumManifestSize = 512 << 20

    func validate() throws {
        if let output { try RenderCommand.validateOutput(output) }
    }

    func run() throws {
        try CommandError.reporting {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw CommandError("\(directory): no such folder", exitCode: CommandError.noInput)
            }
            let shardFiles = names.filter { $0 != "manifest.json" && BatchManifest.isManifestFileName($0) }.sorted()
            var testsFailed = false
            if let tested = try SuiteResults.mergeReport(in: directory) {
                testsFailed = !tested.succeeded
                for scene in tested.scenes where scene.status.isFailure {
                    CommandError.printToStandardError(
                        "\(scene.status.rawValue): \(scene.name): \(scene.failureSummary)")
                }
                CommandError.printToStandardError(
                    "merged test results: \(tested.counts["passed"] ?? 0) of \(tested.scenes.count) scenes passed; report \((directory as NSString).appendingPathComponent("index.html"))"
                )
                if shardFiles.isEmpty {
                    if testsFailed { throw CommandError.sceneFailed }
                    return
                }
            }
            guard !shardFiles.isEmpty else {
                throw CommandError(
                    "\(directory): no shard manifests (manifest-K-of-N.json) or test results (results-K-of-N.json) to merge",
                    exitCode: CommandError.noInput)
            }
            let manifests = try shardFiles.map { name in
                let path = (directory as NSString).appendingPathComponent(name)
                let bytes = try FileBytes.read(path, maximumSize: MergeCommand.maximumManifestSize)
                do {
                    return try BatchManifest(jsonBytes: bytes)
                } catch {
                    throw CommandError("\(path): \(error)", exitCode: CommandError.exitStatus(for: error))
                }
            }
            let merged = try BatchManifest.merging(manifests)
            let destination =
                output ?? (directory as NSString).appendingPathComponent(BatchManifest.fileName(for: .whole))
            try AtomicFile.write(Array(merged.json.utf8), to: destination)
            for result in merged.results {
                if let message = result.errorMessage { CommandError.printError(message) }
            }
            CommandError.printToStandardError(
                "merged \(manifests.count) shards: \(merged.succeededCount) of \(merged.results.count) scenes written; manifest \(destination)"
            )
            if merged.failedCount > 0 || testsFailed { throw CommandError.sceneFailed }
        }
    }
}
