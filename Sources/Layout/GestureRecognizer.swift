import Geometry

/// Recognises a gesture in the touches on a collection view and calls its actions as the
/// gesture goes through its states (UIKit's `UIGestureRecognizer`).
///
/// Make one of the concrete kinds — `TapGestureRecognizer`, `LongPressGestureRecognizer`,
/// `SwipeGestureRecognizer` — with the action to call, and add it with
/// `CollectionView.addGestureRecognizer(_:)`, as the Xamarin collection-view samples do:
///
/// ```swift
/// let longPress = LongPressGestureRecognizer { gesture in
///     switch gesture.state {
///     case .began:
///         if let item = collectionView.indexPathForItem(at: gesture.location(in: collectionView)) {
///             collectionView.beginInteractiveMovementForItem(at: item)
///         }
///     case .changed: collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: collectionView))
///     case .ended: collectionView.endInteractiveMovement()
///     default: collectionView.cancelInteractiveMovement()
///     }
/// }
/// collectionView.addGestureRecognizer(longPress)
/// ```
///
/// Touches come from a `Finger` (or the animation recorder's `touch(along:duration:)`). What
/// UIKit does, and these classes with it (UIKitBehaviour.md §7b):
/// - A continuous gesture (a long press) goes `.began`, `.changed` while the finger moves,
///   then `.ended` when it lifts; a discrete one (a tap, a swipe) goes straight to
///   `.recognized` (`.ended`). The action is called on each of these changes and on
///   `.cancelled`, never on `.failed`.
/// - Recognisers do not recognise together (the default of UIKit's
///   `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`): the first to begin or
///   recognise makes the others on the touch fail.
/// - When one recognises and its `cancelsTouchesInView` is true (the default), the collection
///   view's own touch is cancelled: the highlighted item is unhighlighted and is not selected
///   when the finger lifts. A tap recogniser on a collection view therefore stops taps from
///   selecting items, as it does in UIKit.
/// - A recogniser whose `isEnabled` is false takes no part; disabling one in the middle of its
///   gesture cancels it.
public class GestureRecognizer {
    /// The states of a gesture (UIKit's `UIGestureRecognizer.State`).
    public enum State: Sendable, Equatable {
        /// No gesture recognised yet: the state between touches and while a touch is undecided.
        case possible
        /// A continuous gesture has started.
        case began
        /// A continuous gesture has changed (the finger moved).
        case changed
        /// A continuous gesture has ended, or a discrete one was recognised.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touch is not this gesture.
        case failed

        /// A discrete gesture was recognised: the same state as `ended`, as in UIKit.
        public static let recognized = State.ended
    }

    /// The gesture's state.
    public internal(set) var state = State.possible

    /// Whether the recogniser takes part in touches; true by default. Setting it to false during
    /// a gesture that has begun cancels the gesture.
    public var isEnabled = true {
        didSet {
            if !isEnabled && (state == .began || state == .changed) { transition(to: .cancelled) }
        }
    }

    /// Whether the collection view's own touch (the highlight and selection of an item) is
    /// cancelled when this gesture is recognised; true by default.
    public var cancelsTouchesInView = true

    /// The collection view the recogniser is attached to (`CollectionView.addGestureRecognizer(_:)`).
    public internal(set) weak var view: CollectionView?

    /// Where the gesture is, in content coordinates (the collection view's bounds).
    var touchLocation = Point(x: 0, y: 0)
    /// Where and when the finger touched down.
    var touchStart = Point(x: 0, y: 0)
    var touchStartTime = 0.0
    private var actions: [(GestureRecognizer) -> Void] = []

    init(untypedAction action: ((GestureRecognizer) -> Void)?) {
        if let action { actions.append(action) }
    }

    /// Adds an action, called after those added before it whenever the state changes to
    /// `.began`, `.changed`, `.ended` (`.recognized`) or `.cancelled`.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Where the gesture is: the finger's position for a tap or a long press, where the swipe
    /// began for a swipe. In `view`'s bounds coordinates (the collection view's: content
    /// coordinates), or with nil in the window's: the collection view's frame origin plus the
    /// position in its bounds minus the bounds' origin.
    public func location(in view: CollectionView?) -> Point {
        guard let view else {
            guard let own = self.view else { return touchLocation }
            return Point(
                x: own.frame.minX + touchLocation.x - own.bounds.minX,
                y: own.frame.minY + touchLocation.y - own.bounds.minY)
        }
        guard let own = self.view, own !== view else { return touchLocation }
        let window = location(in: nil)
        return Point(
            x: window.x - view.frame.minX + view.bounds.minX, y: window.y - view.frame.minY + view.bounds.minY)
    }

    /// Whether the gesture has begun or been recognised (not `.possible` or `.failed`).
    var hasRecognized: Bool { state != .possible && state != .failed }

    /// Changes the state, calling the actions for every state but `.possible` and `.failed`.
    func transition(to newState: State) {
        state = newState
        guard newState != .possible && newState != .failed else { return }
        for action in actions { action(self) }
    }

    // MARK: Touches, from a `Finger` (every kind overrides what it needs)

    /// The finger touched down at `point` (content coordinates) at `time` seconds: the state
    /// goes back to `.possible` for this touch.
    func touchBegan(at point: Point, time: Double) {
        state = .possible
        touchLocation = point
        touchStart = point
        touchStartTime = time
    }

    /// Time passed to `time` with the finger still.
    func timeElapsed(to time: Double) {}

    /// The finger moved to `point` at `time`.
    func touchMoved(to point: Point, time: Double) {}

    /// The finger lifted at `point` at `time`.
    func touchEnded(at point: Point, time: Double) {}

    /// Another recogniser took the touch: an undecided gesture fails.
    func touchTaken() {
        if state == .possible { state = .failed }
    }

    /// The touch is over: a gesture still undecided fails, and a continuous one still going is
    /// cancelled. The state stays as it ends until the next touch begins.
    func touchFinished() {
        if state == .possible { state = .failed }
        if state == .began || state == .changed { transition(to: .cancelled) }
    }
}
