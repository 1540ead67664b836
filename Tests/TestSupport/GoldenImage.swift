import Foundation
import PNG
import Raster
import Testing

/// Byte-for-byte comparison of rendered images with reference PNGs kept in
/// the tests' `__Snapshots__` folders (swift-snapshot-testing's layout).
///
/// The comparison is on decoded premultiplied pixels, so it does not depend
/// on the zlib version that wrote the file. Set `RECORD_GOLDENS=1` to
/// (re)write the references; a mismatch writes the actual image next to the
/// reference as `<name>.actual.png` (git-ignored) for inspection.
public enum GoldenImage {
    /// Asserts that `image` equals the reference `name`.png in the `__Snapshots__`
    /// folder beside the calling test file, recording a test issue at the caller otherwise.
    public static func assertMatches(
        _ image: Image, named name: String,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let reference = folder.appendingPathComponent("\(name).png").path
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        do {
            if record || !FileManager.default.fileExists(atPath: reference) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try PNGEncoder.write(image, to: reference)
                if !record {
                    Issue.record(
                        "no reference image at \(reference); recorded one — look at it, then run again",
                        sourceLocation: sourceLocation)
                }
                return
            }
            let expected = try PNGDecoder.read(contentsOf: reference)
            if expected == image { return }
            let actual = folder.appendingPathComponent("\(name).actual.png").path
            try? PNGEncoder.write(image, to: actual)
            Issue.record(
                "image differs from \(reference) (\(describeDifference(expected, image))); actual written to \(actual)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("golden image \(name): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A one-line summary of how two images differ.
    public static func describeDifference(_ a: Image, _ b: Image) -> String {
        guard a.width == b.width, a.height == b.height else {
            return "size \(a.width)x\(a.height) vs \(b.width)x\(b.height)"
        }
        var count = 0, maxDelta = 0
        var first: (Int, Int)?
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var delta = 0
            for c in 0..<4 { delta = max(delta, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            if delta > 0 {
                count += 1
                maxDelta = max(maxDelta, delta)
                if first == nil { first = ((i / 4) % a.width, (i / 4) / a.width) }
            }
        }
        return "\(count) pixels differ, by up to \(maxDelta), first at \(first.map { "(\($0.0), \($0.1))" } ?? "-")"
    }
}
