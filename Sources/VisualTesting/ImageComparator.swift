import Foundation
import PNG
import Raster

/// Compares an expected image with an actual one, pixel by pixel.
///
/// With the default options the count of different pixels is pixelmatch
/// 7.1's for the same images and threshold: the YIQ colour distance,
/// anti-aliased pixels detected and not counted, translucent pixels blended
/// over pixelmatch's checkerboard (see `PixelColorDelta` and
/// `AntiAliasingDetector`). On top of that it honours ignored regions and
/// budgets, reports where the changes are, and compares images of different
/// sizes (over the larger size, the missing part transparent) instead of
/// refusing them.
///
/// Speed: identical images cost about one `memcmp`; otherwise each row is
/// first compared with `memcmp` and only rows that differ are examined pixel
/// by pixel, so the cost follows the size of the change, not of the image
/// (`ChangeScanner`, on all cores in bands of rows).
public enum ImageComparator {
    /// Compares `actual` with `expected`.
    ///
    /// - Complexity: O(width · height) in the worst case; one `memcmp` for equal images.
    public static func compare(
        expected: StraightRGBAImage, actual: StraightRGBAImage, options: ComparisonOptions = ComparisonOptions()
    ) -> ImageComparisonResult {
        compare(expected: expected, actual: actual, options: options, fastPaths: true)
    }

    /// What `compare` finds for two identical images of `width` × `height`, without reading
    /// any pixel: for a reference whose pixel digest shows it identical to the image
    /// (`ReferenceCheck`).
    ///
    /// - Complexity: O(1) without ignored regions, else O(width · height).
    public static func identicalResult(width: Int, height: Int, options: ComparisonOptions) -> ImageComparisonResult {
        var result = unchangedResult(
            expectedWidth: width, expectedHeight: height, actualWidth: width, actualHeight: height,
            ignored: IgnoredPixels(regions: options.ignoredRegions, width: width, height: height), options: options)
        result.identical = true
        return result
    }

    /// A comparison's result before any pixel is found changed: sizes, counts and budget.
    private static func unchangedResult(
        expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int, ignored: IgnoredPixels,
        options: ComparisonOptions
    ) -> ImageComparisonResult {
        var result = ImageComparisonResult(
            expectedWidth: expectedWidth, expectedHeight: expectedHeight, actualWidth: actualWidth,
            actualHeight: actualHeight, identical: false,
            totalPixels: max(expectedWidth, actualWidth) * max(expectedHeight, actualHeight),
            ignoredPixels: ignored.count, differentPixels: 0, antiAliasedPixels: 0, maximumDifference: 0,
            regions: [], allowedDifferentPixels: 0, options: options, changes: [])
        result.allowedDifferentPixels = options.allowedDifferentPixels(comparedPixels: result.comparedPixels)
        return result
    }

    /// `compare`, with the fast paths (the block and row `memcmp`s, those of `ChangeScanner`)
    /// on or off; off is the plain pixel-by-pixel reference the tests hold the fast paths to.
    static func compare(
        expected: StraightRGBAImage, actual: StraightRGBAImage, options: ComparisonOptions, fastPaths: Bool
    ) -> ImageComparisonResult {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        if (try? ImageLimits.check(width: width, height: height)) == nil {
            // Two images within the limits whose sizes together are not (16,384 × 1 against
            // 1 × 16,384): reported as a size mismatch with every pixel different, without
            // making a canvas of both sizes.
            var result = ImageComparisonResult(
                expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
                actualHeight: actual.height, identical: false, totalPixels: width * height, ignoredPixels: 0,
                differentPixels: width * height, antiAliasedPixels: 0, maximumDifference: 0,
                regions: [PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)], allowedDifferentPixels: 0,
                options: options, changes: [])
            result.allowedDifferentPixels = options.allowedDifferentPixels(comparedPixels: result.comparedPixels)
            return result
        }
        let first = padded(expected, width: width, height: height)
        let second = padded(actual, width: width, height: height)
        let ignored = IgnoredPixels(regions: options.ignoredRegions, width: width, height: height)
        var result = unchangedResult(
            expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
            actualHeight: actual.height, ignored: ignored, options: options)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        var firstChangedRow = 0
        if sameSize {
            firstChangedRow =
                fastPaths
                ? firstDifferentRow(expected.pixels, actual.pixels, rowBytes: width * 4)
                : (expected.pixels == actual.pixels ? height : 0)
            if firstChangedRow == height {
                result.identical = true
                return result
            }
        }
        let found = first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                ChangeScanner(
                    first: a, second: b, width: width, height: height, ignored: ignored, options: options,
                    fastPaths: fastPaths
                ).scan(fromRow: firstChangedRow)
            }
        }
        result.changes = found.changes
        result.differentPixels = found.differentPixels
        result.antiAliasedPixels = found.antiAliasedPixels
        result.maximumDifference = found.maximumDifference
        result.regions = ChangedRegions.regions(of: result.changes, width: width, height: height)
        return result
    }

    /// The first row in which two equally sized images of `rowBytes`-byte rows differ, or the
    /// row count when they are equal. Blocks of rows are compared with one `memcmp` each, so
    /// equal images cost about one `memcmp` of the whole buffer and the rows above a change
    /// are read once.
    static func firstDifferentRow(_ a: [UInt8], _ b: [UInt8], rowBytes: Int) -> Int {
        precondition(a.count == b.count && rowBytes > 0 && a.count % rowBytes == 0)
        let height = a.count / rowBytes
        let blockRows = max(1, 65_536 / rowBytes)
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                var y = 0
                while y < height {
                    let rows = min(blockRows, height - y)
                    let offset = y * rowBytes
                    if memcmp(pa.baseAddress! + offset, pb.baseAddress! + offset, rows * rowBytes) != 0 {
                        while memcmp(pa.baseAddress! + y * rowBytes, pb.baseAddress! + y * rowBytes, rowBytes) == 0 {
                            y += 1
                        }
                        return y
                    }
                    y += rows
                }
                return height
            }
        }
    }

    /// `image`'s pixels on a transparent canvas of `width` × `height` (the image at the top left).
    static func padded(_ image: StraightRGBAImage, width: Int, height: Int) -> [UInt8] {
        Image.paddedPixels(image.pixels, width: image.width, height: image.height, toWidth: width, height: height)
    }
}

/// The pixels inside ignored regions, as a mask (none when there are no regions).
struct IgnoredPixels {
    /// One byte per pixel, 1 inside a region; empty when there are none.
    let mask: [UInt8]
    /// How many pixels the regions cover (overlaps counted once).
    let count: Int

    init(regions: [PixelRect], width: Int, height: Int) {
        let bounds = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        let clipped = regions.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !clipped.isEmpty else {
            mask = []
            count = 0
            return
        }
        var mask = [UInt8](repeating: 0, count: width * height)
        var count = 0
        for region in clipped {
            for y in region.minY..<region.maxY {
                for x in region.minX..<region.maxX where mask[y * width + x] == 0 {
                    mask[y * width + x] = 1
                    count += 1
                }
            }
        }
        self.mask = mask
        self.count = count
    }

    /// Whether pixel `index` (row-major) is ignored.
    @inline(__always) func contains(_ index: Int) -> Bool { !mask.isEmpty && mask[index] != 0 }
}
