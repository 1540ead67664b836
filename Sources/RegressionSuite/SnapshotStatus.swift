/// The outcome of comparing one image (a still scene, or one frame of an animation) with its baseline.
public enum SnapshotStatus: String, Codable, CaseIterable, Sendable, Comparable {
    /// It matches the baseline within the tolerance and budgets.
    case passed
    /// The baseline was missing or differed, and this run wrote it (as the record mode says). It
    /// fails the run, as swift-snapshot-testing fails an assertion that records: a new or
    /// changed baseline is looked at before a run passes with it.
    case recorded
    /// There is no baseline and the record mode writes none.
    case missing
    /// It does not match the baseline.
    case failed
    /// The scene could not be rendered, or its baseline could not be read.
    case error

    /// Whether this outcome fails the run.
    public var isFailure: Bool { self != .passed }

    /// Orders outcomes by severity, so a scene takes its worst frame's status.
    public static func < (a: SnapshotStatus, b: SnapshotStatus) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
