import Foundation
import PNG
import Raster
import Support
import VisualTesting

/// Checks rendered images against reference PNGs, the engine of `assertImageSnapshot`.
///
/// References live where swift-snapshot-testing keeps them:
/// `<folder of the test file>/__Snapshots__/<TestFile>/<test name>.<n>.png`, n counting the
/// unnamed assertions of one test from 1 (or the name given). On a failure the expected, actual
/// and diff images are written to the artifacts folder — `$SNAPSHOT_ARTIFACTS` if set, else
/// `collection-preview-artifacts` in the temporary folder — as
/// `<TestTarget>/<TestFile>/<test>.<n>-expected.png`, `-actual.png` and `-diff.png` (the
/// `artifactName` given), for CI to upload.
public enum ImageSnapshot {
    /// The environment variable naming the artifacts folder (swift-snapshot-testing's).
    public static let artifactsVariable = "SNAPSHOT_ARTIFACTS"

    /// The artifacts folder.
    public static var artifactsDirectory: String {
        if let folder = ProcessInfo.processInfo.environment[artifactsVariable], !folder.isEmpty { return folder }
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("collection-preview-artifacts")
    }

    /// Compares `image` with the PNG at `referencePath`, recording as `record` says.
    ///
    /// - Parameters:
    ///   - image: The rendered image.
    ///   - referencePath: The reference PNG.
    ///   - record: When to write the reference.
    ///   - options: What counts as a difference.
    ///   - artifactName: The artifacts' path below the artifacts folder, without `-actual.png`.
    public static func verify(
        _ image: Image, referencePath: String, record: RecordMode, options: ComparisonOptions,
        artifactName: String
    ) -> SnapshotOutcome {
        var artifacts: [Artifact] = []
        return verify(
            image, referencePath: referencePath, record: record, options: options, artifactName: artifactName,
            artifacts: &artifacts)
    }

    /// An image written to the artifacts folder for a failure: its file name (`name-diff.png`)
    /// and bytes, for a test framework to attach.
    struct Artifact: Equatable {
        var name: String
        var png: [UInt8]
    }

    /// `verify(_:referencePath:record:options:artifactName:)`, adding each image it writes to the
    /// artifacts folder to `artifacts`.
    static func verify(
        _ image: Image, referencePath: String, record: RecordMode, options: ComparisonOptions,
        artifactName: String, artifacts: inout [Artifact]
    ) -> SnapshotOutcome {
        func writeArtifact(_ png: [UInt8], _ name: String) throws -> String {
            let path = try ImageSnapshot.writeArtifact(png, name)
            artifacts.append(Artifact(name: (name as NSString).lastPathComponent, png: png))
            return path
        }
        // Encoded only for an artifact, which is written only when the snapshot does not match.
        func actualPNG() throws -> [UInt8] { try PNGEncoder.encode(image) }
        do {
            guard FileManager.default.fileExists(atPath: referencePath) else {
                guard record.verdict(for: nil) == .recordMissing else {
                    let actual = try writeArtifact(actualPNG(), artifactName + "-actual.png")
                    return .failed(
                        message:
                            "no reference image at \(referencePath) (record mode never); actual: \(actual); to record it, run with \(RecordMode.environmentVariable)=missing or pass record: .missing"
                    )
                }
                try write(PNGEncoder.encodeReference(image), to: referencePath)
                return .recorded(
                    message: "recorded a new reference image at \(referencePath); look at it, then run again")
            }
            let expectedPNG = try FileBytes.read(referencePath, maximumSize: PNGDecoder.maximumFileSize)
            let reference: ReferenceCheck
            do {
                reference = try ReferenceCheck(reference: expectedPNG, actual: image, options: options)
            } catch {
                // As `collection-preview test` does: `failed` and `all` record the image over a
                // reference that is not a readable PNG (a Git LFS pointer, a truncated file).
                if record.recordsFailures {
                    try write(PNGEncoder.encodeReference(image), to: referencePath)
                    return .recorded(
                        message: "the reference \(referencePath) was not a readable PNG (\(error)); re-recorded")
                }
                let actual = try writeArtifact(actualPNG(), artifactName + "-actual.png")
                return .failed(
                    message: "the reference \(referencePath) is not a readable PNG: \(error); actual: \(actual)")
            }
            let result = reference.result
            switch record.verdict(for: result) {
            case .matched:
                return .matched(result)
            case .rerecord:
                try write(PNGEncoder.encodeReference(image), to: referencePath)
                // `all` rewrites a reference the image matches within the tolerance too; that one passed.
                if result.passed { return .matched(result) }
                return .recorded(message: "re-recorded the reference image at \(referencePath) (\(result.summary))")
            case .mismatch, .missing, .recordMissing:
                break
            }
            let actual = try actualPNG()  // before any file is written: an encoding error leaves none
            let expectedArtifact = try writeArtifact(expectedPNG, artifactName + "-expected.png")
            let actualArtifact = try writeArtifact(actual, artifactName + "-actual.png")
            let diffArtifact = try writeArtifact(
                PNGEncoder.encode(DiffImage.render(expected: reference.expected, result: result)),
                artifactName + "-diff.png")
            return .failed(
                message:
                    "image differs from \(referencePath): \(result.summary) [\(options.summary)]; expected \(expectedArtifact), actual \(actualArtifact), diff \(diffArtifact); to accept the change, run with \(RecordMode.environmentVariable)=failed or pass record: .failed"
            )
        } catch {
            return .failed(message: "snapshot \(referencePath): \(error)")
        }
    }

    /// The reference path for an assertion: `<dir of filePath>/__Snapshots__/<TestFile>/<test>.<name>.png`.
    public static func referencePath(filePath: String, testName: String, name: String) -> String {
        let file = URL(fileURLWithPath: filePath)
        let testFile = file.deletingPathExtension().lastPathComponent
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile).appendingPathComponent("\(sanitized(testName)).\(name).png").path
    }

    /// `testName` as a file name: a trailing `()` dropped, runs of other characters than letters,
    /// digits and `_` turned into `-`, as swift-snapshot-testing does.
    public static func sanitized(_ testName: String) -> String {
        var name = testName
        if let paren = name.firstIndex(of: "(") { name = String(name[..<paren]) }
        var out = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let keep =
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") && scalar.isASCII
            if keep {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? "snapshot" : out
    }

    /// The next counter value for unnamed assertions of one test, from 1: counted in the running
    /// test's `SnapshotScope` if an `ImageSnapshotsTrait` gave it one, else for the process.
    static func nextCounter(for key: String) -> Int {
        (SnapshotScope.current?.counters ?? counters).withLock { counts in
            counts[key, default: 0] += 1
            return counts[key]!
        }
    }

    private static let counters = LockedTable<Int>()

    /// Forgets the process's counters whose keys `isReset` picks: their tests number from 1 again.
    static func resetCounters(where isReset: (String) -> Bool) {
        counters.withLock { counts in
            for key in counts.keys where isReset(key) { counts[key] = nil }
        }
    }

    /// Records `owner` as the test whose assertion uses `reference`, unless another test already
    /// does: returns the test that uses it first.
    static func claim(_ reference: String, for owner: String) -> String? {
        owners.withLock { claims in
            if let first = claims[reference] { return first }
            claims[reference] = owner
            return owner
        }
    }

    private static let owners = LockedTable<String>()

    private static func write(_ png: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: parentPath(of: path), withIntermediateDirectories: true)
        try AtomicFile.write(png, to: path)
    }

    private static func writeArtifact(_ png: [UInt8], _ name: String) throws -> String {
        let path = (artifactsDirectory as NSString).appendingPathComponent(name)
        try write(png, to: path)
        return path
    }
}

/// A table of values by key, behind a lock: the assertions' counters and the references' owners.
final class LockedTable<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: Value] = [:]
    func withLock<T>(_ body: (inout [String: Value]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&table)
    }
}
