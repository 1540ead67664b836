/// How far apart two pixels' colours must be for the pixel to count as changed.
public enum ColorMetric: Hashable, Sendable {
    /// pixelmatch's YIQ distance (Kotsarenko and Ramos, "Measuring perceived
    /// colour difference using YIQ NTSC transmission colour space in mobile
    /// applications", 2010), with pixelmatch's `threshold`: 0 is exact, 1
    /// accepts anything; a pixel changes when its weighted squared YIQ
    /// difference exceeds `35215 · threshold²` (35215 being the largest
    /// possible). pixelmatch's default is 0.1, Playwright's 0.2.
    case yiq(threshold: Double)
    /// CIE ΔE 1994 (graphic-arts weights) between the two colours in CIELAB
    /// (sRGB, D65): a pixel changes when ΔE94 exceeds `tolerance`. About 1 is
    /// the smallest difference an eye can see side by side and 2.3 a
    /// just-noticeable one (Sharma, "Digital Color Imaging Handbook", 2003).
    /// swift-snapshot-testing's `perceptualPrecision` p corresponds to a
    /// tolerance of (1 − p) · 100.
    case deltaE94(tolerance: Double)

    /// pixelmatch's default: YIQ with threshold 0.1.
    public static let pixelmatchDefault = ColorMetric.yiq(threshold: 0.1)

    /// The largest ΔE94 two sRGB colours can be apart, rounded up: white against pure blue,
    /// 149.9 (the lightness apart, 68, and blue's chroma, 134, weighed as a grey's). A
    /// tolerance at or past it marks no pixel changed.
    public static let largestDeltaE94 = 150.0

    /// The metric's tolerance: the YIQ threshold or the ΔE94 limit.
    public var tolerance: Double {
        switch self {
        case .yiq(let threshold): threshold
        case .deltaE94(let tolerance): tolerance
        }
    }
}
