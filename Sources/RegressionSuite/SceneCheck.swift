import Animation
import Support

/// The check of one scene file: its still image, or every frame of its animation.
public struct SceneCheck: Codable, Hashable, Sendable {
    /// The scene file, as found from the paths given.
    public var scene: String
    /// The scene's name: its path in the suite without `.json` (`grid/basic`).
    public var name: String
    /// Whether the scene has an animation, compared frame by frame.
    public var animated: Bool
    /// The worst outcome of its images.
    public var status: SnapshotStatus
    /// Its images: one for a still scene, one per frame for an animation.
    public var frames: [FrameCheck]
    /// Why the scene could not be rendered, when it could not.
    public var error: String?

    /// Creates a scene's check; `status` is the worst of the frames' (or `.error`).
    public init(scene: String, name: String, animated: Bool, frames: [FrameCheck], error: String? = nil) {
        self.scene = scene
        self.name = name
        self.animated = animated
        self.frames = frames
        self.error = error
        status = error != nil ? .error : frames.map(\.status).max() ?? .passed
    }

    /// Whether the scene passed with an image that is not identical to its baseline, only within
    /// the tolerance and budgets, and whose baseline this run did not rewrite. Rendering is
    /// deterministic, so such a pass is a small change: counted, so that it is seen.
    public var passedWithinTolerance: Bool {
        status == .passed && frames.contains(where: \.withinTolerance)
    }

    /// The frames that failed or are missing, by index (empty for a still scene).
    public var failedFrames: [Int] { frames.filter { $0.status.isFailure && !$0.pastTheEnd }.compactMap(\.frame) }

    /// One line for the console and JUnit: what failed and where.
    public var failureSummary: String {
        if let error { return error }
        let bad = frames.filter { $0.status.isFailure }
        guard !bad.isEmpty else { return status.rawValue }
        if animated {
            let rendered = frames.filter { !$0.pastTheEnd }
            let failing = bad.filter { !$0.pastTheEnd }
            var parts: [String] = []
            if let first = failing.first {
                let list = failing.prefix(8).map { String($0.frame ?? 0) }.joined(separator: ", ")
                let more = failing.count > 8 ? ", …" : ""
                let detail = first.message.map { "; frame \(first.frame ?? 0): \($0)" } ?? ""
                // A recording (the first, say, where every frame is new) is not a difference.
                let what =
                    failing.allSatisfy { $0.status == .recorded } ? "got new baselines" : "differ or are missing"
                parts.append("\(failing.count) of \(rendered.count) frames \(what) (frames \(list)\(more))\(detail)")
            }
            let past = bad.filter(\.pastTheEnd)
            if let first = past.first {
                let list = past.prefix(4).map { lastPathComponent(of: $0.baseline) }.joined(separator: ", ")
                let more = past.count > 4 ? ", …" : ""
                let fate =
                    first.status == .recorded ? "deleted" : "approve, or --record failed or all, deletes them"
                // Names of another digit count (an animation that crossed 10,000 frames) are not
                // all past the end: frame_00000.png is no frame of a 10,000-frame animation.
                let beyondTheEnd = past.allSatisfy {
                    (FrameFileName.parse(lastPathComponent(of: $0.baseline))?.index ?? 0) >= rendered.count
                }
                let what =
                    beyondTheEnd
                    ? "past the animation's end"
                    : "this animation does not use (past its end, or named for an animation of another length)"
                parts.append(
                    "\(past.count) baseline(s) \(what) (it has \(rendered.count) frames): \(list)\(more); \(fate)")
            }
            return parts.joined(separator: "; ")
        }
        return bad[0].message ?? bad[0].status.rawValue
    }
}
