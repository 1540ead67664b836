import Geometry

/// Recognises a long press: the finger stays down, nearly still, for `minimumPressDuration`
/// (UIKit's `UILongPressGestureRecognizer`, one finger, no taps before).
///
/// A continuous gesture: `.began` once the finger has been down for `minimumPressDuration`
/// seconds without moving more than `allowableMovement` points, `.changed` each time it moves
/// after that (however far), `.ended` when it lifts. A finger that lifts sooner, or moves
/// farther before the gesture begins, fails it. `location(in:)` is where the finger is.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// UIKit's default `minimumPressDuration`: 0.5 s (Apple's `minimumPressDuration` page).
    public static let defaultMinimumPressDuration = 0.5

    /// How long, in seconds, the finger must stay down: `defaultMinimumPressDuration` unless set.
    public var minimumPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration

    /// How far, in points, the finger may move before the gesture begins: 10, UIKit's default.
    public var allowableMovement = 10.0

    /// A long-press recogniser that calls `action` as the gesture begins, changes and ends.
    public init(action: ((LongPressGestureRecognizer) -> Void)? = nil) {
        super.init(untypedAction: action.map { action in { action($0 as! LongPressGestureRecognizer) } })
    }

    override func timeElapsed(to time: Double) {
        if state == .possible && time >= touchStartTime + minimumPressDuration { transition(to: .began) }
    }

    override func touchMoved(to point: Point, time: Double) {
        switch state {
        case .possible:
            touchLocation = point
            if touchStart.distance(to: point) > allowableMovement { state = .failed }
        case .began, .changed:
            guard point != touchLocation else { return }
            touchLocation = point
            transition(to: .changed)
        default:
            return
        }
    }

    override func touchEnded(at point: Point, time: Double) {
        switch state {
        case .possible: state = .failed
        case .began, .changed:
            touchLocation = point
            transition(to: .ended)
        default: return
        }
    }
}
