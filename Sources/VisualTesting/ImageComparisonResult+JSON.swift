import Raster
import Support

extension ImageComparisonResult {
    /// The result as one JSON object, the form `collection-preview diff --json` prints:
    /// `identical`, `differentPixels`, `totalPixels`, `sizeMismatch`, `regions` (as
    /// `{"x", "y", "width", "height"}`), then `passed`, `antiAliasedPixels`, `ignoredPixels`,
    /// `comparedPixels`, `differentPixelRatio`, `allowedDifferentPixels`, `maximumDifference`,
    /// the metric and its tolerance, and both sizes.
    public var json: String {
        let metric: (name: String, tolerance: Double) =
            switch options.metric {
            case .yiq(let threshold): ("yiq", threshold)
            case .deltaE94(let tolerance): ("deltaE94", tolerance)
            }
        return JSONWriter.object([
            ("identical", identical ? "true" : "false"),
            ("differentPixels", String(differentPixels)),
            ("totalPixels", String(totalPixels)),
            ("sizeMismatch", sizeMismatch ? "true" : "false"),
            ("regions", JSONWriter.array(regions.map(Self.json))),
            ("passed", passed ? "true" : "false"),
            ("antiAliasedPixels", String(antiAliasedPixels)),
            ("ignoredPixels", String(ignoredPixels)),
            ("comparedPixels", String(comparedPixels)),
            ("differentPixelRatio", JSONWriter.number(differentPixelRatio)),
            ("allowedDifferentPixels", String(allowedDifferentPixels)),
            ("maximumDifference", JSONWriter.number(maximumDifference)),
            ("metric", JSONWriter.string(metric.name)),
            (metric.name == "yiq" ? "threshold" : "tolerance", JSONWriter.number(metric.tolerance)),
            ("includeAntiAliasing", options.includeAntiAliasing ? "true" : "false"),
            ("expectedSize", Self.json(width: expectedWidth, height: expectedHeight)),
            ("actualSize", Self.json(width: actualWidth, height: actualHeight)),
        ])
    }

    /// `{"x": …, "y": …, "width": …, "height": …}`.
    static func json(_ rect: PixelRect) -> String {
        JSONWriter.object([
            ("x", String(rect.minX)), ("y", String(rect.minY)), ("width", String(rect.width)),
            ("height", String(rect.height)),
        ])
    }

    /// `{"width": …, "height": …}`.
    static func json(width: Int, height: Int) -> String {
        JSONWriter.object([("width", String(width)), ("height", String(height))])
    }
}
