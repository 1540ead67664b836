import Raster

/// What counts as a difference between two images, and how many differences a comparison allows.
///
/// The defaults are pixelmatch's: YIQ threshold 0.1, anti-aliased pixels
/// detected and not counted, translucent pixels blended over pixelmatch 7's
/// checkerboard. With no budget a single changed pixel fails the comparison.
public struct ComparisonOptions: Hashable, Sendable {
    /// The per-pixel colour tolerance.
    public var metric: ColorMetric
    /// Whether anti-aliased pixels count as differences (pixelmatch's `includeAA`).
    public var includeAntiAliasing: Bool
    /// How many changed pixels still pass (nil: no pixel budget).
    public var maximumDifferentPixels: Int?
    /// The fraction of compared pixels that may change and still pass, 0...1
    /// (nil: no ratio budget). With both budgets the stricter one wins, as
    /// Playwright's `maxDiffPixels` and `maxDiffPixelRatio` do.
    public var maximumDifferentPixelRatio: Double?
    /// Rectangles (in the expected image's pixels) left out of the comparison:
    /// a clock, an avatar, anything that changes on purpose. The images
    /// themselves are never painted over.
    public var ignoredRegions: [PixelRect]

    /// Creates options; every parameter defaults to pixelmatch's behaviour and a zero budget.
    public init(
        metric: ColorMetric = .pixelmatchDefault, includeAntiAliasing: Bool = false,
        maximumDifferentPixels: Int? = nil, maximumDifferentPixelRatio: Double? = nil,
        ignoredRegions: [PixelRect] = []
    ) {
        self.metric = metric
        self.includeAntiAliasing = includeAntiAliasing
        self.maximumDifferentPixels = maximumDifferentPixels
        self.maximumDifferentPixelRatio = maximumDifferentPixelRatio
        self.ignoredRegions = ignoredRegions
    }

    /// Exact comparison: threshold 0 with anti-aliasing counted, so every pixel must have the
    /// same colour once composited (two fully transparent pixels match whatever their colour
    /// bytes). `ImageComparisonResult.identical` tells whether every byte matches.
    public static let exact = ComparisonOptions(metric: .yiq(threshold: 0), includeAntiAliasing: true)

    /// The number of changed pixels allowed among `comparedPixels`: the smaller
    /// of the two budgets, 0 when neither is set.
    public func allowedDifferentPixels(comparedPixels: Int) -> Int {
        var allowed: Int?
        if let maximumDifferentPixels { allowed = max(0, maximumDifferentPixels) }
        if let ratio = maximumDifferentPixelRatio {
            let byRatio = Int((Double(comparedPixels) * min(1, max(0, ratio))).rounded(.down))
            allowed = min(allowed ?? byRatio, byRatio)
        }
        return allowed ?? 0
    }

    /// A short description, e.g. `YIQ threshold 0.1, anti-aliasing not counted, at most 10 pixels`.
    public var summary: String {
        var parts: [String] = []
        switch metric {
        case .yiq(let threshold): parts.append("YIQ threshold \(ImageComparisonResult.decimal(threshold))")
        case .deltaE94(let tolerance): parts.append("ΔE94 tolerance \(ImageComparisonResult.decimal(tolerance))")
        }
        parts.append(includeAntiAliasing ? "anti-aliasing counted" : "anti-aliasing not counted")
        if let maximumDifferentPixels { parts.append("at most \(maximumDifferentPixels) pixels") }
        if let ratio = maximumDifferentPixelRatio {
            parts.append("at most \(ImageComparisonResult.percent(ratio)) of pixels")
        }
        if !ignoredRegions.isEmpty { parts.append("\(ignoredRegions.count) ignored region(s)") }
        return parts.joined(separator: ", ")
    }
}
