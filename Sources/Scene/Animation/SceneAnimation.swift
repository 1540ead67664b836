import Animation
import Geometry
import Layout

/// A scene's `"animation"` block: what happens to the collection view over time, step after step.
///
/// ```json
/// "animation": {"fps": 30, "steps": [
///   {"setLayout": {"type": "circle"}, "duration": 0.5, "curve": "easeInOut"},
///   {"insertItems": [[0, 0]], "duration": 0.3}, {"deleteItems": [[0, 5]], "duration": 0.3},
///   {"moveItem": {"from": [0, 3], "to": [0, 10]}},
///   {"scrollTo": {"x": 0, "y": 400}, "curve": {"spring": {"dampingRatio": 0.8, "response": 0.4}}},
///   {"select": [0, 2]}, {"wait": 0.5}]}
/// ```
///
/// Steps run one after another. A step lasts its `duration` (`wait`'s number is its duration);
/// without one it takes no time and changes the state between two frames, except a flick (its
/// deceleration) and an animated step (`setLayout`, the updates, `scrollTo`, `rotate`) whose
/// curve is a spring (until it settles). The curve is `easeInOut` unless the step names another.
public struct SceneAnimation: Equatable, Sendable {
    /// The most frames per second.
    public static let maximumFPS = 240.0
    /// The most steps.
    public static let maximumSteps = 10_000
    /// The longest step, in seconds.
    public static let maximumStepDuration = 60.0
    /// The most frames an animation may have (its duration × fps, plus one).
    public static let maximumFrameCount = 20_000

    /// Frames per second; 30 by default.
    public var fps = 30.0
    /// The steps, in order.
    public var steps: [AnimationStep] = []

    /// Creates an empty animation.
    public init() {}

    /// Creates an animation of `steps` at `fps` frames per second, as a scene's `"animation"`
    /// block gives them. `SceneAnimationPlayer` checks the limits (`checkLimits(at:)`) before it
    /// plays them, as reading a scene file does.
    public init(fps: Double = 30, steps: [AnimationStep]) {
        self.fps = fps
        self.steps = steps
    }

    /// Reads an animation block.
    ///
    /// - Throws: `SceneDecodingError` naming the path and the rule, including when the frame
    ///   count would pass `maximumFrameCount`.
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneAnimation {
        var r = try JSONObjectReader(v, path: path)
        var a = SceneAnimation()
        if let fps = try r.optional("fps", JSONRead.positiveNumber) {
            guard fps <= maximumFPS else {
                throw JSONRead.fail(r.path(of: "fps"), "must be at most 240", got: .number(fps))
            }
            a.fps = fps
        }
        let stepsPath = r.path(of: "steps")
        guard case .array(let list)? = r.value("steps") else {
            guard let given = r.value("steps") else {
                var message = "missing key \"steps\""
                if let action = r.keys.first(where: AnimationStep.actionKeys.contains) {
                    message +=
                        "; \(JSONRead.quoted(action)) belongs in a step of it: \"steps\": [{\(JSONRead.quoted(action)): …}]"
                }
                throw SceneDecodingError(path: r.path, message: message)
            }
            throw JSONRead.fail(stepsPath, "must be an array of steps", got: given)
        }
        guard list.count <= maximumSteps else {
            throw SceneDecodingError(
                path: stepsPath, message: "may hold at most \(maximumSteps) steps, got \(list.count)")
        }
        a.steps = try list.enumerated().map { try AnimationStep.read($0.element, "\(stepsPath)[\($0.offset)]") }
        try r.finish()
        try a.checkLimits(at: path)
        return a
    }

    /// Checks the limits a scene file's animation block is held to, for an animation made in
    /// Swift: `fps` above 0 and at most `maximumFPS`, at most `maximumSteps` steps, every given
    /// `duration` from 0 to `maximumStepDuration`, and at most `maximumFrameCount` frames.
    ///
    /// - Throws: `SceneDecodingError` naming `path` (or the step, `path.steps[2]`) and the rule.
    public func checkLimits(at path: String) throws(SceneDecodingError) {
        guard fps > 0, fps <= SceneAnimation.maximumFPS else {
            throw SceneDecodingError(
                path: "\(path).fps", message: "must be above 0 and at most 240, got \(Scene.format(fps))")
        }
        guard steps.count <= SceneAnimation.maximumSteps else {
            throw SceneDecodingError(
                path: "\(path).steps",
                message: "may hold at most \(SceneAnimation.maximumSteps) steps, got \(steps.count)")
        }
        for (index, step) in steps.enumerated() {
            if let duration = step.duration, !(duration >= 0 && duration <= SceneAnimation.maximumStepDuration) {
                throw SceneDecodingError(
                    path: "\(path).steps[\(index)].duration",
                    message:
                        "must be from 0 to \(Int(SceneAnimation.maximumStepDuration)) seconds, got \(Scene.format(duration))"
                )
            }
        }
        let frames = duration * fps + 1
        guard frames.isFinite, frames <= Double(SceneAnimation.maximumFrameCount) else {
            let count = frames < 1e15 ? String(Int(frames)) : "more than \(SceneAnimation.maximumFrameCount)"
            throw SceneDecodingError(
                path: path,
                message:
                    "would have \(count) frames (duration × fps + 1); at most \(SceneAnimation.maximumFrameCount) are allowed"
            )
        }
    }

    /// The total duration in seconds (a drag's settling included).
    public var duration: Double {
        steps.reduce(0) { $0 + $1.totalDuration }
    }
}
