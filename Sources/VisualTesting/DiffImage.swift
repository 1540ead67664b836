import PNG
import Raster

/// The picture of a comparison: changes highlighted over a faded copy of the expected image.
///
/// As in pixelmatch's output: every unchanged pixel is the expected pixel's
/// brightness blended 90 % toward white (its alpha fading it further); real
/// changes are red; anti-aliased changes yellow. Ignored regions are tinted
/// blue so a reader sees what was left out. The result is opaque and as large
/// as the larger of the two images.
public enum DiffImage {
    /// Colour of a counted change.
    public static let changedColor = Color(red: 255, green: 0, blue: 0)
    /// Colour of an anti-aliased change (not counted).
    public static let antiAliasedColor = Color(red: 255, green: 255, blue: 0)
    /// How much of the expected image shows through, pixelmatch's `alpha` (0.1).
    public static let fade = 0.1

    /// Draws the diff of `result`, the comparison of some image against `expected`.
    ///
    /// - Throws: `RasterError.imageTooLarge`, before anything is allocated, when the two images
    ///   are each within `ImageLimits` but their union is not (16,384 × 1 against 1 × 16,384).
    /// - Complexity: O(width · height).
    public static func render(expected: StraightRGBAImage, result: ImageComparisonResult) throws(RasterError) -> Image {
        let width = max(result.expectedWidth, result.actualWidth)
        let height = max(result.expectedHeight, result.actualHeight)
        try ImageLimits.check(width: width, height: height)
        let source = ImageComparator.padded(expected, width: width, height: height)
        let ignored = IgnoredPixels(regions: result.options.ignoredRegions, width: width, height: height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<width * height {
            let k = i * 4
            let luma =
                Double(source[k]) * 0.29889531 + Double(source[k + 1]) * 0.58662247 + Double(source[k + 2])
                * 0.11448223
            let gray = 255 + (luma - 255) * fade * Double(source[k + 3]) / 255
            let value = UInt8(max(0, min(255, gray.rounded())))
            if ignored.contains(i) {
                pixels[k] = UInt8(Double(value) * 0.78)
                pixels[k + 1] = UInt8(Double(value) * 0.86)
                pixels[k + 2] = value
            } else {
                pixels[k] = value
                pixels[k + 1] = value
                pixels[k + 2] = value
            }
        }
        for change in result.changes {
            let k = (Int(change.y) * width + Int(change.x)) * 4
            let color = change.isCounted ? changedColor : antiAliasedColor
            pixels[k] = color.red
            pixels[k + 1] = color.green
            pixels[k + 2] = color.blue
        }
        return try Image(width: width, height: height, premultipliedPixels: pixels)
    }
}
