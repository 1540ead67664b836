/// The outcome of comparing one image (a still scene, or one frame of an animation) with its baseline.
public enum SnapshotStatus: String, Codable, CaseIterable, Sendable, Comparable {
    /// It matches the baseline within the tolerance and budgets.
    case passed
    /// The baseline was written by this run (it was missing, or the record mode re-records).
    case recorded
    /// There is no baseline and the record mode writes none.
    case missing
    /// It does not match the baseline.
    case failed
    /// The scene could not be rendered, or its baseline could not be read.
    case error

    /// Whether this outcome fails the run.
    public var isFailure: Bool { self == .missing || self == .failed || self == .error }

    /// Orders outcomes by severity, so a scene takes its worst frame's status.
    public static func < (a: SnapshotStatus, b: SnapshotStatus) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
