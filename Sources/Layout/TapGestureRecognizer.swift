import Geometry

/// Recognises a tap: the finger lifts near where it touched down (UIKit's
/// `UITapGestureRecognizer` with one tap of one finger).
///
/// A discrete gesture: when the finger lifts within `allowableMovement` points of where it
/// touched down, the state becomes `.recognized` and the action is called once. A finger that
/// moves farther first fails the tap, and so does a long press recognised first on the same
/// touch. `location(in:)` is where the finger lifted.
public final class TapGestureRecognizer: GestureRecognizer {
    /// How far, in points, the finger may move before the touch stops being a tap: 10. UIKit
    /// does not document its tolerance; this is the long press's documented default.
    public var allowableMovement = 10.0

    /// A tap recogniser that calls `action` when it recognises a tap.
    public init(action: ((TapGestureRecognizer) -> Void)? = nil) {
        super.init(untypedAction: action.map { action in { action($0 as! TapGestureRecognizer) } })
    }

    override func touchMoved(to point: Point, time: Double) {
        guard state == .possible else { return }
        if touchStart.distance(to: point) > allowableMovement { state = .failed }
    }

    override func touchEnded(at point: Point, time: Double) {
        guard state == .possible else { return }
        touchLocation = point
        transition(to: .recognized)
    }
}
