import Foundation
import Raster

/// What comparing an expected image with an actual one found, in numbers a person understands.
public struct ImageComparisonResult: Equatable, Sendable {
    /// The expected image's size in pixels.
    public var expectedWidth: Int, expectedHeight: Int
    /// The actual image's size in pixels.
    public var actualWidth: Int, actualHeight: Int
    /// Whether every byte of every pixel is the same (sizes included).
    public var identical: Bool
    /// Pixels compared over: the larger width times the larger height.
    public var totalPixels: Int
    /// Pixels inside ignored regions, left out of the comparison.
    public var ignoredPixels: Int
    /// Pixels that changed by more than the tolerance and are not anti-aliasing.
    public var differentPixels: Int
    /// Pixels that changed by more than the tolerance but are anti-aliasing (not counted
    /// unless `ComparisonOptions.includeAntiAliasing` is set).
    public var antiAliasedPixels: Int
    /// The largest colour difference of any pixel, in the metric's unit: for
    /// YIQ the smallest `threshold` that would pass it, for ΔE94 the ΔE.
    public var maximumDifference: Double
    /// Bounding boxes of the groups of changed pixels (see `ChangedRegions`).
    public var regions: [PixelRect]
    /// How many different pixels the budgets allow.
    public var allowedDifferentPixels: Int
    /// The options compared with.
    public var options: ComparisonOptions
    /// Every pixel beyond the tolerance, anti-aliased ones included, row by row.
    public var changes: [PixelChange]

    /// Whether the two images differ in size (always a failure).
    public var sizeMismatch: Bool { expectedWidth != actualWidth || expectedHeight != actualHeight }
    /// Pixels actually compared: all but the ignored ones.
    public var comparedPixels: Int { totalPixels - ignoredPixels }
    /// `differentPixels / comparedPixels`, 0 when nothing was compared.
    public var differentPixelRatio: Double {
        comparedPixels == 0 ? 0 : Double(differentPixels) / Double(comparedPixels)
    }
    /// Whether the images match within the tolerance and the budgets, at the same size.
    public var passed: Bool { !sizeMismatch && differentPixels <= allowedDifferentPixels }

    /// One line for a failure message, e.g. `1,234 of 2,962,440 pixels (0.042%) differ …`.
    public var summary: String {
        if identical { return "the images are identical" }
        var parts: [String] = []
        if sizeMismatch {
            parts.append("expected an image \(expectedWidth)x\(expectedHeight), got \(actualWidth)x\(actualHeight)")
        }
        parts.append(
            "\(differentPixels) of \(comparedPixels) pixels (\(ImageComparisonResult.percent(differentPixelRatio))) differ"
                + (allowedDifferentPixels > 0 ? " (\(allowedDifferentPixels) allowed)" : ""))
        switch options.metric {
        case .yiq(let threshold):
            parts.append(
                "by up to \(ImageComparisonResult.decimal(maximumDifference)) at threshold \(ImageComparisonResult.decimal(threshold))"
            )
        case .deltaE94(let tolerance):
            parts.append(
                "by up to ΔE94 \(ImageComparisonResult.decimal(maximumDifference)) (tolerance \(ImageComparisonResult.decimal(tolerance)))"
            )
        }
        if antiAliasedPixels > 0 { parts.append("\(antiAliasedPixels) anti-aliased pixels not counted") }
        if let first = regions.first {
            let more = regions.count > 1 ? " and \(regions.count - 1) more region(s)" : ""
            parts.append("in x \(first.minX)..<\(first.maxX), y \(first.minY)..<\(first.maxY)\(more)")
        }
        return parts.joined(separator: ", ")
    }

    /// `0.042%`: a ratio as a percentage with at most 3 decimals, never rounded to 0 when it is not 0.
    static func percent(_ ratio: Double) -> String {
        if ratio > 0 && ratio < 0.00001 { return "<0.001%" }
        return decimal(ratio * 100, places: 3) + "%"
    }

    /// A number with at most `places` decimals, trailing zeros dropped.
    static func decimal(_ value: Double, places: Int = 4) -> String {
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
