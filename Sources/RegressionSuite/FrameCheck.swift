import VisualTesting

/// The check of one image: a still scene, or one frame of an animated scene.
///
/// Paths are relative: `baseline` to the baselines folder, the three images to the report folder.
public struct FrameCheck: Codable, Hashable, Sendable {
    /// The image's name: the scene's (`grid/basic`) or, for a frame, the scene's and the frame's (`layouts/frame_0003`).
    public var name: String
    /// The frame's index in the animation; nil for a still scene.
    public var frame: Int?
    /// The outcome.
    public var status: SnapshotStatus
    /// The baseline's path in the baselines folder.
    public var baseline: String
    /// The baseline as it was before the run, copied into the report (failures only).
    public var expected: String?
    /// The rendered image, in the report (failures, missing and recorded images).
    public var actual: String?
    /// The diff image, in the report (failures only).
    public var diff: String?
    /// The numbers of the comparison, when one was made.
    public var comparison: ComparisonNumbers?
    /// What happened, in one line, when it is not a plain pass.
    public var message: String?
    /// Whether the baseline file is there but is not a readable PNG (status `error`). Such a
    /// check makes `test` exit with 65, the status of an unreadable input image.
    public var baselineUnreadable: Bool
    /// Whether the baseline is a frame past the animation's end (an animation that got
    /// shorter): there is no actual image, and `approve` deletes the baseline.
    public var pastTheEnd: Bool
    /// Whether the run rewrote a baseline the image matched within the tolerance but not
    /// exactly (record mode `all`): the check passed, and the file changed.
    public var rewritten: Bool

    /// Creates a check.
    public init(
        name: String, frame: Int?, status: SnapshotStatus, baseline: String, expected: String? = nil,
        actual: String? = nil, diff: String? = nil, comparison: ComparisonNumbers? = nil, message: String? = nil,
        baselineUnreadable: Bool = false, pastTheEnd: Bool = false, rewritten: Bool = false
    ) {
        self.name = name
        self.frame = frame
        self.status = status
        self.baseline = baseline
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.comparison = comparison
        self.message = message
        self.baselineUnreadable = baselineUnreadable
        self.pastTheEnd = pastTheEnd
        self.rewritten = rewritten
    }

    /// Whether the image passed without being identical to its baseline, only within the
    /// tolerance and budgets, and the run did not rewrite the baseline: a small change, which
    /// the console's summary and the report mark.
    public var withinTolerance: Bool {
        status == .passed && comparison?.identical == false && !rewritten
    }

    private enum CodingKeys: String, CodingKey {
        case name, frame, status, baseline, expected, actual, diff, comparison, message, baselineUnreadable
        case pastTheEnd, rewritten, withinTolerance
    }

    /// Reads a check as `encode(to:)` writes it (`baselineUnreadable`, `pastTheEnd` and
    /// `rewritten` absent: false; `withinTolerance` is worked out again, not read).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        frame = try c.decodeIfPresent(Int.self, forKey: .frame)
        status = try c.decode(SnapshotStatus.self, forKey: .status)
        baseline = try c.decode(String.self, forKey: .baseline)
        expected = try c.decodeIfPresent(String.self, forKey: .expected)
        actual = try c.decodeIfPresent(String.self, forKey: .actual)
        diff = try c.decodeIfPresent(String.self, forKey: .diff)
        comparison = try c.decodeIfPresent(ComparisonNumbers.self, forKey: .comparison)
        message = try c.decodeIfPresent(String.self, forKey: .message)
        baselineUnreadable = try c.decodeIfPresent(Bool.self, forKey: .baselineUnreadable) ?? false
        pastTheEnd = try c.decodeIfPresent(Bool.self, forKey: .pastTheEnd) ?? false
        rewritten = try c.decodeIfPresent(Bool.self, forKey: .rewritten) ?? false
    }

    /// Writes every key but `frame`, `message` and the four flags (written only when true) even
    /// when it has no value (`null`: the image was not written to the report, no comparison was
    /// made), so that every image in `results.json` has those core keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(frame, forKey: .frame)
        try c.encode(status, forKey: .status)
        try c.encode(baseline, forKey: .baseline)
        try c.encode(expected, forKey: .expected)
        try c.encode(actual, forKey: .actual)
        try c.encode(diff, forKey: .diff)
        try c.encode(comparison, forKey: .comparison)
        try c.encodeIfPresent(message, forKey: .message)
        if baselineUnreadable { try c.encode(true, forKey: .baselineUnreadable) }
        if pastTheEnd { try c.encode(true, forKey: .pastTheEnd) }
        if rewritten { try c.encode(true, forKey: .rewritten) }
        if withinTolerance { try c.encode(true, forKey: .withinTolerance) }
    }
}

/// The numbers of one comparison, as `results.json` keeps them.
public struct ComparisonNumbers: Codable, Hashable, Sendable {
    /// Whether the images have the same pixels (nil in results written before it was kept): a
    /// check that passed without being identical passed within the tolerance or budgets.
    public var identical: Bool?
    /// Pixels beyond the tolerance, anti-aliasing excluded.
    public var differentPixels: Int
    /// Pixels compared over (the larger size), ignored ones included.
    public var totalPixels: Int
    /// `differentPixels` over the pixels compared.
    public var differentPixelRatio: Double
    /// Anti-aliased pixels beyond the tolerance (not counted).
    public var antiAliasedPixels: Int
    /// The largest colour difference, in the metric's unit.
    public var maximumDifference: Double
    /// How many different pixels the budgets allowed.
    public var allowedDifferentPixels: Int
    /// Whether the sizes differ.
    public var sizeMismatch: Bool
    /// The baseline's size, `W×H`.
    public var expectedSize: String
    /// The rendered image's size, `W×H`.
    public var actualSize: String
    /// Bounding boxes of the changed regions, as `[x, y, width, height]`.
    public var regions: [[Int]]

    /// The numbers of `result`.
    public init(_ result: ImageComparisonResult) {
        identical = result.identical
        differentPixels = result.differentPixels
        totalPixels = result.totalPixels
        differentPixelRatio = result.differentPixelRatio
        antiAliasedPixels = result.antiAliasedPixels
        maximumDifference = result.maximumDifference
        allowedDifferentPixels = result.allowedDifferentPixels
        sizeMismatch = result.sizeMismatch
        expectedSize = "\(result.expectedWidth)x\(result.expectedHeight)"
        actualSize = "\(result.actualWidth)x\(result.actualHeight)"
        regions = result.regions.map { [$0.minX, $0.minY, $0.width, $0.height] }
    }
}
