/// Why `CollectionViewAnimationRecorder` refused a request; nothing is recorded for it.
public enum AnimationRecorderError: Error, Equatable, CustomStringConvertible {
    /// An argument out of its range: the argument's name and the rule it breaks.
    case invalidArgument(String, rule: String)
    /// A change was asked of a recording that `finish()` ended.
    case finished
    /// The recording would hold more frames than `maximumFrameCount`.
    case tooManyFrames(limit: Int)
    /// The recording's frames would take more memory than its `frameByteLimit`: the limit in
    /// bytes.
    case framesTooLarge(limit: Int)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .invalidArgument(let name, let rule):
            return "\(name) \(rule)"
        case .finished:
            return "the recording is finished: make a new CollectionViewAnimationRecorder to record more"
        case .tooManyFrames(let limit):
            return "the recording would hold more than \(limit) frames: record less time, or at a lower fps"
        case .framesTooLarge(let limit):
            return "the recording's frames would take more than \(limit / (1 << 20)) MiB: record less time, at a "
                + "lower fps or scale, or raise frameByteLimit"
        }
    }
}
