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
            exactly the N shards of one batch and writes DIR/manifest.json (and --output), the same \
            bytes an unsharded run writes. After `test --shard K/N --report DIR`, DIR holds \
            results-K-of-N.json and the shards' images; merge writes the whole run's results.json, \
            junit.xml and index.html there, the same bytes an unsharded run writes. A folder of one \
            shard (--shard 1/1) holds the whole run's manifest.json or results.json, which merge \
            takes as they are. It prints the \
            scenes that failed and the baselines no scene uses, and exits with 1 if any scene failed \
            (or, with --fail-on-unused, a baseline is unused) and with 65 if a baseline was not a \
            readable PNG, as the unsharded run would, so a CI matrix or a Kubernetes Indexed \
            Job ends with one report and one exit status.
            Example:
              collection-preview merge out
            \(CommandError.exitStatusHelp)
            """)

    @Argument(help: ArgumentHelp("The folder holding the shard manifests.", valueName: "dir"))
    var directory: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Also write the merged batch manifest to FILE (DIR/manifest.json, which describes the folder's images, is always written; test results have no manifest, and are merged into DIR).",
            valueName: "file"))
    var output: String?

    @Flag(help: "Fail (exit 1) when merged test results list a baseline no scene uses, not pruned (test shards only).")
    var failOnUnused = false

    /// The largest manifest read (a million scenes' entries take about 250 MB).
    static let maximumManifestSize = 512 << 20

    func validate() throws {
        try RenderCommand.validateInputs([directory], name: "<dir>")
        if let output { try RenderCommand.validateOutput(output) }
    }

    func run() throws {
        try CommandError.reporting {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder)
                let reason = !exists ? "no such folder" : isFolder.boolValue ? systemReason(of: error) : "not a folder"
                throw CommandError("\(directory): \(reason)", exitCode: CommandError.noInput)
            }
            var shardFiles = names.filter { $0 != "manifest.json" && BatchManifest.isManifestFileName($0) }.sorted()
            if let output, shardFiles.isEmpty && !names.contains(BatchManifest.fileName(for: .whole)) {
                // Test results are merged in place; -o names a copy of a batch's manifest, and a
                // folder of test shards has none (it was ignored there, written nowhere).
                throw CommandError(
                    "-o \(output): \(directory) holds no batch manifest to copy there; test results are merged into the folder itself (results.json, junit.xml, index.html)",
                    exitCode: CommandError.usage)
            }
            var testFailure: ExitCode?
            let tested = try SuiteResults.mergeReport(in: directory)
            if shardFiles.isEmpty && tested == nil && names.contains(BatchManifest.fileName(for: .whole)) {
                // The one shard of `batch --shard 1/1` writes the whole batch's manifest.json.
                shardFiles = [BatchManifest.fileName(for: .whole)]
            }
            if let tested {
                testFailure = TestCommand.failure(of: tested)
                for scene in tested.scenes where scene.status.isFailure {
                    CommandError.printToStandardError(
                        "\(scene.status.rawValue): \(scene.name): \(scene.failureSummary)")
                }
                TestCommand.listUnusedBaselines(of: tested)
                CommandError.printToStandardError(
                    "merged test results: \(tested.counts["passed"] ?? 0) of \(TestCommand.checkedCount(tested)) passed\(TestCommand.passNotes(tested)); report \((directory as NSString).appendingPathComponent("index.html"))"
                )
                if testFailure == nil && TestCommand.failsOnUnusedBaselines(tested, failOnUnused: failOnUnused) {
                    testFailure = CommandError.sceneFailed
                }
                if shardFiles.isEmpty {
                    if let testFailure { throw testFailure }
                    return
                }
            }
            guard !shardFiles.isEmpty else {
                throw CommandError(
                    "\(directory): no shard manifests (manifest-K-of-N.json, or a one-shard batch's manifest.json) or test results (results-K-of-N.json, or a one-shard run's results.json) to merge",
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
            if let output {
                // -o must not write over what the folder holds: a shard's manifest or results, an
                // image of the batch (in a sub-folder too).
                let folderFiles = names.filter { $0 != "manifest.json" }.map {
                    (what: "one of the merged folder's files", path: joinedPath(directory, $0))
                }
                let images = merged.results.map {
                    (what: "an image of the batch", path: joinedPath(directory, $0.scene.outputPath))
                }
                try OutputCollision.check(outputs: [("-o", output)], inputs: images + folderFiles)
                try RenderCommand.checkWritable(output, kind: "the manifest")
            }
            // The folder's manifest.json (a shard writes its part there) always becomes the whole's.
            let folderManifest = (directory as NSString).appendingPathComponent(BatchManifest.fileName(for: .whole))
            let destination = output ?? folderManifest
            for path in Set([folderManifest, destination]).sorted() {
                try AtomicFile.write(Array(merged.json.utf8), to: path)
            }
            for result in merged.results {
                if let message = result.errorMessage { CommandError.printError(message) }
            }
            CommandError.printToStandardError(
                "merged \(counted(manifests.count, "shard")): \(BatchCommand.writtenCount(merged)) written; manifest \(destination)"
            )
            if let testFailure { throw testFailure }
            if merged.failedCount > 0 { throw CommandError.sceneFailed }
        }
    }
}
