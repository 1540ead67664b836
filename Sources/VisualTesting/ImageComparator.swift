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
/// Speed: identical images cost one `memcmp`; otherwise each row is first
/// compared with `memcmp` and only rows that differ are examined pixel by
/// pixel, so the cost follows the size of the change, not of the image.
public enum ImageComparator {
    /// Compares `actual` with `expected`.
    ///
    /// - Complexity: O(width · height) in the worst case; one `memcmp` for equal images.
    public static func compare(
        expected: StraightRGBAImage, actual: StraightRGBAImage, options: ComparisonOptions = ComparisonOptions()
    ) -> ImageComparisonResult {
        compare(expected: expected, actual: actual, options: options, fastPaths: true)
    }

    /// `compare`, with the fast paths (the whole-image and per-row `memcmp`) on or off; off is
    /// the plain pixel-by-pixel reference the tests hold the fast paths to.
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
        var result = ImageComparisonResult(
            expectedWidth: expected.width, expectedHeight: expected.height, actualWidth: actual.width,
            actualHeight: actual.height, identical: false, totalPixels: width * height,
            ignoredPixels: ignored.count, differentPixels: 0, antiAliasedPixels: 0, maximumDifference: 0,
            regions: [], allowedDifferentPixels: 0, options: options, changes: [])
        result.allowedDifferentPixels = options.allowedDifferentPixels(comparedPixels: result.comparedPixels)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        if sameSize && (fastPaths ? bytesEqual(expected.pixels, actual.pixels) : expected.pixels == actual.pixels) {
            result.identical = true
            return result
        }
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in
                scan(
                    a, b, width: width, height: height, ignored: ignored, options: options, skipEqualRows: fastPaths,
                    into: &result)
            }
        }
        result.regions = ChangedRegions.regions(of: result.changes, width: width, height: height)
        return result
    }

    /// The per-pixel pass over two equally sized straight-RGBA buffers.
    private static func scan(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        ignored: IgnoredPixels, options: ComparisonOptions, skipEqualRows: Bool,
        into result: inout ImageComparisonResult
    ) {
        let aWords = UnsafeRawBufferPointer(a).bindMemory(to: UInt32.self)
        let bWords = UnsafeRawBufferPointer(b).bindMemory(to: UInt32.self)
        let colors = PixelColorDelta(first: a, second: b)
        let detector = AntiAliasingDetector(
            width: width, height: height, first: a, second: b, firstWords: aWords, secondWords: bWords)
        let rowBytes = width * 4
        var maximum = 0.0
        for y in 0..<height {
            if skipEqualRows && memcmp(a.baseAddress! + y * rowBytes, b.baseAddress! + y * rowBytes, rowBytes) == 0 {
                continue
            }
            for x in 0..<width {
                let i = y * width + x
                if aWords[i] == bWords[i] || ignored.contains(i) { continue }
                let k = i * 4
                let signed: Double
                let beyond: Bool
                switch options.metric {
                case .yiq(let threshold):
                    signed = colors.yiqDelta(k)
                    maximum = max(maximum, abs(signed))  // as a threshold after the loop
                    beyond = abs(signed) > PixelColorDelta.maximumYIQDelta * threshold * threshold
                case .deltaE94(let tolerance):
                    signed = colors.deltaE94(k)
                    maximum = max(maximum, abs(signed))
                    beyond = abs(signed) > tolerance
                }
                guard beyond else { continue }
                if !options.includeAntiAliasing && detector.isAntiAliased(x: x, y: y) {
                    result.antiAliasedPixels += 1
                    result.changes.append(PixelChange(x: x, y: y, kind: .antiAliased))
                } else {
                    result.differentPixels += 1
                    result.changes.append(PixelChange(x: x, y: y, kind: signed < 0 ? .darker : .lighter))
                }
            }
        }
        if case .yiq = options.metric {
            maximum = (maximum / PixelColorDelta.maximumYIQDelta).squareRoot()
        }
        result.maximumDifference = maximum
    }

    /// Whether two byte arrays are equal, by one `memcmp`.
    static func bytesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                a.isEmpty || memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0
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
