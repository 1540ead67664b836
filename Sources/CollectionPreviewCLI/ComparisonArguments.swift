import ArgumentParser
import Raster
import VisualTesting

/// The options of `diff` and `test` that say what counts as a difference.
struct ComparisonArguments: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "pixelmatch's YIQ colour threshold, 0 (no colour tolerance) to 1 (default 0.1, pixelmatch's; Playwright uses 0.2).",
            valueName: "T"))
    var threshold: Double?

    /// pixelmatch's default threshold.
    static let defaultThreshold = 0.1

    @Option(
        name: .customLong("delta-e"), parsing: .unconditional,
        help: ArgumentHelp(
            "Use CIE ΔE94 instead of YIQ: a pixel differs when ΔE94 exceeds E, 0 to 150 (2.3 is just noticeable).",
            valueName: "E"))
    var deltaE: Double?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences (pixelmatch's includeAA).")
    var includeAntiAliasing = false

    @Flag(
        help:
            "Pass only pixels that look the same: threshold 0 with anti-aliased pixels counted (swift-snapshot-testing's default); budgets and --ignore still apply."
    )
    var exact = false

    @Option(
        name: .customLong("max-diff-pixels"), parsing: .unconditional,
        help: ArgumentHelp("Pass when at most N pixels differ (default 0).", valueName: "N"),
        transform: WholeNumberArgument.parse)
    var maximumDifferentPixels: Int?

    @Option(
        name: .customLong("max-diff-ratio"), parsing: .unconditional,
        help: ArgumentHelp(
            "Pass when at most this fraction (0 to 1) of the pixels differ; with --max-diff-pixels the stricter wins.",
            valueName: "R"))
    var maximumDifferentPixelRatio: Double?

    @Option(
        name: .customLong("ignore"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Leave the rectangle x,y,width,height (in pixels) out of the comparison; repeatable.",
            valueName: "x,y,w,h"))
    var ignoredRegions: [String] = []

    func validate() throws {
        if let threshold, !(threshold.isFinite && (0...1).contains(threshold)) {
            throw ValidationError("--threshold must be between 0 and 1, got \(threshold)")
        }
        if exact && (threshold != nil || deltaE != nil || includeAntiAliasing) {
            throw ValidationError(
                "--exact sets the threshold and counts anti-aliasing: give it without --threshold, --delta-e or --include-aa"
            )
        }
        if threshold != nil && deltaE != nil {
            throw ValidationError(
                "--threshold is the YIQ metric's and --delta-e chooses ΔE94 instead: give one of them")
        }
        if let deltaE, !(deltaE.isFinite && (0...ColorMetric.largestDeltaE94).contains(deltaE)) {
            throw ValidationError(
                "--delta-e must be between 0 and \(Int(ColorMetric.largestDeltaE94)), got \(deltaE) (no two colours are further apart)"
            )
        }
        if let maximumDifferentPixels, maximumDifferentPixels < 0 {
            throw ValidationError("--max-diff-pixels must be at least 0, got \(maximumDifferentPixels)")
        }
        if let ratio = maximumDifferentPixelRatio, !(ratio.isFinite && (0...1).contains(ratio)) {
            throw ValidationError("--max-diff-ratio must be between 0 and 1, got \(ratio)")
        }
        _ = try regions()
    }

    /// The `--ignore` rectangles.
    func regions() throws -> [PixelRect] {
        try ignoredRegions.map { text in
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
                w > 0, h > 0, x > -(1 << 24), x < 1 << 24, y > -(1 << 24), y < 1 << 24, w < 1 << 24, h < 1 << 24
            else {
                throw ValidationError(
                    "--ignore must be x,y,width,height in whole pixels with a positive width and height, got \"\(text)\""
                )
            }
            return PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h)
        }
    }

    /// The options these arguments describe.
    func options() throws -> ComparisonOptions {
        ComparisonOptions(
            metric: deltaE.map { .deltaE94(tolerance: $0) }
                ?? .yiq(threshold: exact ? 0 : threshold ?? Self.defaultThreshold),
            includeAntiAliasing: includeAntiAliasing || exact, maximumDifferentPixels: maximumDifferentPixels,
            maximumDifferentPixelRatio: maximumDifferentPixelRatio, ignoredRegions: try regions())
    }
}
