import PNG
import Raster

/// A rendered image compared with a stored reference PNG (a test baseline, a snapshot's
/// reference), decoding the reference only when its pixel digest does not show the two
/// identical.
///
/// A reference written by `PNGEncoder.encodeReference(_:)` carries the CRC-64 of its pixels
/// (`PNGPixelDigest`). When the image has the reference's size and the same digest, the
/// result is `ImageComparator.identicalResult(width:height:options:)` and nothing is decoded:
/// a passing check of a 1170×2532 frame costs the digest of its pixels instead of zlib's
/// inflate and a comparison (BENCHMARKS.md, "Baselines that carry their pixels' digest").
/// Any other reference (none recorded, another tool's file, a changed image) is decoded and
/// compared pixel by pixel with `ImageComparator.compare(expected:actual:options:)`, as before.
public struct ReferenceCheck: Sendable {
    /// What the comparison found.
    public let result: ImageComparisonResult
    /// The reference's pixels: decoded, or, when the digest showed the images identical, the
    /// image's own straight pixels, which are then the same.
    public let expected: StraightRGBAImage
    /// Whether the digest decided the check, with no decoding.
    public let matchedByDigest: Bool

    /// Compares `actual` with the reference PNG `png`.
    ///
    /// - Throws: `PNGDecoder.decodeStillStraight`'s errors when the reference must be decoded
    ///   and is not a readable PNG.
    /// - Complexity: O(png.count + width · height).
    public init(reference png: [UInt8], actual: Image, options: ComparisonOptions) throws(PNGError) {
        let straight = StraightRGBAImage(actual)
        if let stored = PNGPixelDigest.stored(in: png), let header = try? PNGHeader(parsing: png),
            header.width == actual.width, header.height == actual.height, stored == PNGPixelDigest(straight)
        {
            result = ImageComparator.identicalResult(width: actual.width, height: actual.height, options: options)
            expected = straight
            matchedByDigest = true
            return
        }
        expected = try PNGDecoder.decodeStillStraight(png)
        result = ImageComparator.compare(expected: expected, actual: straight, options: options)
        matchedByDigest = false
    }
}
