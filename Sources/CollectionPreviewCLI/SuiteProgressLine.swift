import Foundation
import Support

/// `test`'s progress line on a terminal: the scenes checked, and while an animation is being
/// checked, its frames (`checked 3/12 · onboarding: frame 40/91`), so that a long animation,
/// which is one scene, does not look like a hang.
///
/// Scenes finish and frames are checked on several workers at once: the line is kept and
/// rewritten behind a lock, showing the frames of the animation that last reported one.
final class SuiteProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var scenesDone = 0
    private var scenesTotal: Int?
    /// The animation whose frames were reported last, while it is not finished.
    private var frames: (scene: String, done: Int, total: Int)?

    /// The longest scene name shown whole; a longer one is cut, with "…".
    static let longestName = 40

    /// `done` of `total` scenes are checked.
    func scenesChecked(_ done: Int, of total: Int) {
        update {
            scenesDone = done
            scenesTotal = total
        }
    }

    /// `done` of the `total` frames of the animated scene `scene` are checked.
    func framesChecked(_ done: Int, of total: Int, in scene: String) {
        update { frames = done < total ? (scene, done, total) : nil }
    }

    /// `checked D/T`, then `· NAME: frame F/N` while an animation is checked (only the frames
    /// before the first scene is done, when the count of scenes is not known yet).
    static func text(scenesDone: Int, scenesTotal: Int?, frames: (scene: String, done: Int, total: Int)?) -> String {
        var parts: [String] = []
        if let scenesTotal { parts.append("checked \(scenesDone)/\(scenesTotal)") }
        if let frames {
            var name = ErrorLine.flattening(frames.scene)
            if name.count > longestName { name = String(name.prefix(longestName - 1)) + "…" }
            parts.append("\(name): frame \(frames.done)/\(frames.total)")
        }
        return parts.joined(separator: " · ")
    }

    private func update(_ change: () -> Void) {
        lock.withLock {
            change()
            StandardError.write(
                "\r" + Self.text(scenesDone: scenesDone, scenesTotal: scenesTotal, frames: frames) + "\u{1B}[K")
        }
    }
}
