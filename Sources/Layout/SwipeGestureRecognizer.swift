import Geometry

/// Recognises a swipe: the finger moves quickly, mostly in one of the allowed directions
/// (UIKit's `UISwipeGestureRecognizer`, one finger).
///
/// A discrete gesture, recognised while the finger moves (not when it lifts): the state becomes
/// `.recognized` and the action is called once, at the first position at least
/// `minimumDistance` points from where the finger touched down in an allowed direction and less
/// than half that across it, reached within `maximumDuration` seconds. Otherwise — the time
/// passes, or the finger lifts first — the swipe fails. `location(in:)` is where the swipe
/// began, as UIKit's documentation says.
///
/// UIKit documents the rule only in words ("moved mostly in the specified direction, enough to
/// be considered a swipe", `UISwipeGestureRecognizer.h`); the two thresholds here are the
/// project's.
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may take (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Sendable {
        /// The directions' bits.
        public let rawValue: UInt
        /// The directions whose bits `rawValue` holds.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards larger x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards smaller x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards smaller y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards larger y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions recognised; `.right` by default, as in UIKit.
    public var direction = Direction.right

    /// How far, in points, the finger must travel in the direction: 50.
    public var minimumDistance = 50.0

    /// How soon, in seconds after touching down, the finger must have travelled that far: 0.5.
    public var maximumDuration = 0.5

    /// A swipe recogniser that calls `action` when it recognises a swipe.
    public init(action: ((SwipeGestureRecognizer) -> Void)? = nil) {
        super.init(untypedAction: action.map { action in { action($0 as! SwipeGestureRecognizer) } })
    }

    override func timeElapsed(to time: Double) {
        if state == .possible && time > touchStartTime + maximumDuration { state = .failed }
    }

    override func touchMoved(to point: Point, time: Double) {
        guard state == .possible else { return }
        let dx = point.x - touchLocation.x, dy = point.y - touchLocation.y
        let candidates: [(Direction, along: Double, across: Double)] = [
            (.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx),
        ]
        for (d, along, across) in candidates where direction.contains(d) {
            if along >= minimumDistance && 2 * abs(across) < along {
                transition(to: .recognized)
                return
            }
        }
    }

    override func touchEnded(at point: Point, time: Double) {
        if state == .possible { state = .failed }
    }
}
