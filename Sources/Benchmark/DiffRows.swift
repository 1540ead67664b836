import Foundation
import PNG
import Raster
import VisualTesting

/// The image-diff rows of the bench: two 1170×2532 frames (S1) compared when identical and when
/// about 1 % of their pixels differ (`DiffFrames`), against the time of one `memcmp` of the
/// frames and against pixelmatch under Node (`PixelmatchAnchor`); and a frame checked against
/// its baseline file as `test` checks a frame that passes, with the baseline's pixel digest and
/// without (BENCHMARKS.md, "Image diff").
enum DiffRows {
    /// The rows for `frame` (S1), `samples` times each; the changed-diff row is divided by
    /// `pixelmatch`.
    static func measure(frame: Image, samples: Int, pixelmatch: PixelmatchAnchor) throws -> [BenchmarkSuite.Row] {
        let frames = try DiffFrames(frame: frame)
        let expected = frames.expected
        // A copy in its own buffer, as two decoded files would be (sharing `expected`'s storage,
        // both `memcmp`s would read half the memory).
        let same = try StraightRGBAImage(
            width: expected.width, height: expected.height,
            pixels: Array(unsafeUninitializedCapacity: expected.pixels.count) {
                buffer, count in
                _ = buffer.initialize(from: expected.pixels)
                count = expected.pixels.count
            })
        let changed = frames.changed
        var equal = 0
        let memcmpTime = Stopwatch.measure(samples: samples * 4) {
            expected.pixels.withUnsafeBytes { a in
                same.pixels.withUnsafeBytes { b in
                    equal &+= memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 ? 1 : 0
                }
            }
        }
        var identical = false
        let equalTime = Stopwatch.measure(samples: samples * 4) {
            identical = ImageComparator.compare(expected: expected, actual: same).identical
        }
        var counted = 0
        let changedTime = Stopwatch.measure(samples: samples) {
            counted = ImageComparator.compare(expected: expected, actual: changed).differentPixels
        }
        // A passing frame of `test`, as `test` and `assertImageSnapshot` check it
        // (`ReferenceCheck`): against its baseline as they store one, carrying its pixels'
        // digest, and against the same file without the digest, which is decoded and compared.
        let baseline = try PNGEncoder.encodeReference(frame)
        let undigested = try PNGEncoder.encodeSmallest(frame)
        var matched = 0
        let checkTime = try Stopwatch.measure(samples: samples) {
            let check = try ReferenceCheck(reference: baseline, actual: frame, options: ComparisonOptions())
            matched &+= check.result.identical && check.matchedByDigest ? 1 : 0
        }
        let decodedCheckTime = try Stopwatch.measure(samples: samples) {
            let check = try ReferenceCheck(reference: undigested, actual: frame, options: ComparisonOptions())
            matched &+= check.result.identical && !check.matchedByDigest ? 1 : 0
        }
        precondition(identical && equal > 0 && counted > 0 && matched == 2 * samples)
        let size = "\(expected.width)x\(expected.height)"
        return [
            BenchmarkSuite.Row(
                name: "diff \(size), identical", minimumMilliseconds: equalTime.minimum,
                medianMilliseconds: equalTime.median, anchor: "memcmp", anchorMilliseconds: memcmpTime.minimum,
                key: "diff_equal"),
            BenchmarkSuite.Row(
                name: "diff \(size), 1.0% changed (\(counted) pixels counted)",
                minimumMilliseconds: changedTime.minimum, medianMilliseconds: changedTime.median,
                anchor: pixelmatch.name, anchorMilliseconds: pixelmatch.changedMilliseconds, key: "diff_changed"),
            BenchmarkSuite.Row(
                name:
                    "check \(size) against a baseline PNG without a digest (\(undigested.count) bytes: decode, compare)",
                minimumMilliseconds: decodedCheckTime.minimum, medianMilliseconds: decodedCheckTime.median, anchor: nil,
                anchorMilliseconds: nil, key: "baseline_check_decoded"),
            BenchmarkSuite.Row(
                name: "check \(size) against its baseline PNG (\(baseline.count) bytes, with its pixels' digest)",
                minimumMilliseconds: checkTime.minimum, medianMilliseconds: checkTime.median,
                anchor: "decoded check", anchorMilliseconds: decodedCheckTime.minimum, key: "baseline_check"),
        ]
    }
}
