import VisualTesting

/// What checking an image against its reference PNG found.
public enum SnapshotOutcome: Sendable {
    /// The image matches the reference within the options.
    case matched(ImageComparisonResult)
    /// The reference was written (it was missing, or the record mode re-records); `message` says which.
    case recorded(message: String)
    /// The image does not match, or there is no reference and the mode writes none.
    case failed(message: String)

    /// The failure or recording message; nil for a match.
    public var message: String? {
        switch self {
        case .matched: nil
        case .recorded(let message), .failed(let message): message
        }
    }
}
