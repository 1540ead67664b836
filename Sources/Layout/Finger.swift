import Geometry

/// One finger on a collection view, moved and lifted at the times given: the touch that the
/// collection view's gesture recognizers and its own highlight and selection see (UIKit's
/// `UITouch`, for one finger).
///
/// ```swift
/// let finger = Finger(touching: collectionView, at: Point(x: 60, y: 80))   // at time 0
/// finger.hold(until: 0.6)                                 // a long press begins at 0.5 s
/// finger.move(to: Point(x: 200, y: 300), at: 1.0)         // .changed
/// finger.lift(at: 1.2)                                    // .ended
/// ```
///
/// Touching down highlights the item under the finger as `CollectionView.beginTouch(at:)` does,
/// and every recognizer attached and enabled then starts watching. Times must not go back. Time
/// passing lets a long press begin and a swipe run out of time; moving tells every recognizer
/// still watching. Lifting tells the recognizers first; then, unless one of them recognised its
/// gesture and cancels touches in the view, the collection view's own touch ends — selecting
/// the item if the finger is still on it (`endTouch(inside:)`). The finger does not scroll the
/// content: there is no pan gesture.
///
/// The animation recorder's `touch(along:duration:)` moves a finger along a path and draws what
/// the recognizers' actions do.
public final class Finger {
    /// The collection view touched.
    public let collectionView: CollectionView
    /// Where the finger is, in content coordinates.
    public private(set) var location: Point
    /// The time of the last thing that happened to the finger, in seconds.
    public private(set) var time: Double
    /// Whether the finger has lifted: it can do nothing more.
    public private(set) var isLifted = false

    /// The recognizers watching this touch: those attached and enabled when it began.
    private let recognizers: [GestureRecognizer]
    /// Whether a recognizer cancelled the collection view's own touch.
    private var viewTouchCancelled = false

    /// Touches down on `collectionView` at `point` (content coordinates) at `time` seconds.
    public init(touching collectionView: CollectionView, at point: Point, time: Double = 0) {
        self.collectionView = collectionView
        location = point
        self.time = time
        recognizers = collectionView.gestureRecognizers.filter(\.isEnabled)
        collectionView.beginTouch(at: point)
        for r in recognizers { r.touchBegan(at: point, time: time) }
    }

    /// Keeps the finger still until `time`.
    public func hold(until time: Double) {
        precondition(!isLifted, "the finger has lifted")
        elapse(to: time)
    }

    /// Moves the finger to `point` (content coordinates) at `time`; it was still since the last call.
    public func move(to point: Point, at time: Double) {
        precondition(!isLifted, "the finger has lifted")
        elapse(to: time)
        location = point
        for r in watching { r.touchMoved(to: point, time: time) }
        resolve()
    }

    /// Lifts the finger at `time`, where it is.
    public func lift(at time: Double) {
        precondition(!isLifted, "the finger has lifted")
        elapse(to: time)
        for r in watching { r.touchEnded(at: location, time: time) }
        resolve()
        for r in recognizers where r.isEnabled { r.touchFinished() }
        isLifted = true
        guard !viewTouchCancelled, let tracked = collectionView.trackedIndexPath else { return }
        let under = collectionView.hitTest(location)
        let inside =
            under?.representedElementCategory == .cell
            && collectionView.dataIndexPath(forPresentedIndexPath: under!.indexPath) == tracked
        collectionView.endTouch(inside: inside)
    }

    /// The recognizers still deciding or following their gesture.
    private var watching: [GestureRecognizer] {
        recognizers.filter { $0.isEnabled && ($0.state == .possible || $0.state == .began || $0.state == .changed) }
    }

    /// Lets time pass to `time` with the finger still.
    private func elapse(to time: Double) {
        precondition(time >= self.time, "a finger's times must not go back")
        self.time = time
        for r in watching { r.timeElapsed(to: time) }
        resolve()
    }

    /// Once a recognizer has recognised its gesture, the others still deciding fail, and the
    /// collection view's own touch is cancelled if that recognizer cancels touches in the view.
    private func resolve() {
        guard let winner = recognizers.first(where: { $0.isEnabled && $0.hasRecognized }) else { return }
        for r in recognizers where r !== winner { r.touchTaken() }
        if winner.cancelsTouchesInView && !viewTouchCancelled {
            viewTouchCancelled = true
            collectionView.cancelTouch()
        }
    }
}
