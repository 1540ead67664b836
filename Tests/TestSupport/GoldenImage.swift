import CollectionPreviewTesting
import Foundation
import Raster
import Testing
import VisualTesting

/// Byte-for-byte comparison of rendered images with reference PNGs kept in the tests'
/// `__Snapshots__` folders, on the shipped `ImageSnapshot` API (the engine of
/// `assertImageSnapshot`), so the project tests with what it ships.
///
/// The comparison is on decoded pixels, so it does not depend on the zlib version that wrote
/// the file, and it demands identical pixels. Set `RECORD_GOLDENS=1` to (re)write the references
/// (record mode `all`); otherwise a missing reference is written and the test fails once (`missing`).
/// A mismatch writes expected, actual and diff images to `$SNAPSHOT_ARTIFACTS` and names them.
public enum GoldenImage {
    /// Asserts that `image` equals the reference `name`.png in the `__Snapshots__` folder beside
    /// the calling test file, recording a test issue at the caller otherwise.
    public static func assertMatches(
        _ image: Image, named name: String,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let reference = folder.appendingPathComponent("\(name).png").path
        let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        let outcome = ImageSnapshot.verify(
            image, referencePath: reference, record: recording ? .all : .missing, options: .exact,
            artifactName: "goldens/" + name)
        switch outcome {
        case .matched(let result):
            if !result.identical {
                Issue.record(
                    "image differs from \(reference) in bytes: \(result.summary)", sourceLocation: sourceLocation)
            }
        case .recorded(let message):
            if !recording { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
        case .failed(let message):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
