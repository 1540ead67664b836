import Geometry
import Layout
import Raster
import Rendering

extension CollectionViewAnimationRecorder {
    /// A finger touches the collection view at the first of `points`, moves along them over
    /// `duration` seconds and lifts at the last (`Finger`): the collection view's gesture
    /// recognizers see the touch, and the frames show what their actions do.
    ///
    /// ```swift
    /// collectionView.addGestureRecognizer(SwipeGestureRecognizer { _ in
    ///     collectionView.setCollectionViewLayout(circleLayout, animated: true)
    /// })
    /// try recorder.touch(along: [Point(x: 60, y: 300), Point(x: 300, y: 300)], duration: 0.2)
    /// ```
    ///
    /// The finger is sampled 240 times a second, as in `drag(itemAt:along:duration:cancel:settle:)`,
    /// and each frame shows the collection view after the samples due by its time:
    /// - the item under the finger highlighted, until a recognizer that cancels touches in the
    ///   view recognises its gesture (then, or when the finger lifts off the item, nothing is
    ///   selected) — with no recognizer, a touch that lifts on the item selects it;
    /// - an interactive movement that an action begins (the controller's standard reorder
    ///   gesture, or a long press of your own) drawn as `drag` draws one: the item under the
    ///   finger, the others sliding to make room; when an action ends or cancels it, the item
    ///   drops into its slot over 0.25 s;
    /// - a layout change (`setCollectionViewLayout(_:animated: true)`) or a batch update that an
    ///   action makes, animated from then over `animationDuration` seconds along `curve`, as the
    ///   recorder's own `setCollectionViewLayout(_:duration:curve:)` and
    ///   `performBatchUpdates(duration:curve:_:)` animate them. One made while another is
    ///   animating starts from the collection view's own state.
    ///
    /// The step lasts `duration`, or until the last animation it started ends if that is later.
    /// The finger does not scroll the content.
    ///
    /// - Parameters:
    ///   - points: the finger's path in content coordinates (at least one point), evenly spread
    ///     over `duration`; to press and hold, repeat a point (`[p, p, q]` over 1.5 s holds `p`
    ///     for 0.75 s, then moves to `q`).
    ///   - duration: seconds from touching down to lifting, 0 or more.
    ///   - animationDuration: seconds a layout change or batch update made by an action takes,
    ///     0 or more.
    ///   - curve: the timing curve of those changes.
    /// - Throws: what the actions' changes throw through the data source; `RasterError`.
    public func touch(
        along points: [Point], duration: Double, animationDuration: Double = 0.3, curve: TimingCurve = .easeInOut
    ) throws {
        try checkChange(duration: duration)
        try Self.check(path: points)
        try Self.check(seconds: animationDuration, "animationDuration")
        let cv = collectionView
        let catcher = AnimatedChangeCatcher(recorder: self)
        cv.animatedChangeObserver = catcher
        defer { cv.animatedChangeObserver = nil }

        var run = TouchRun(end: duration)
        let finger = Finger(touching: cv, at: points[0])
        try run.afterEvent(at: 0, on: cv, catcher, animationDuration: animationDuration, curve: curve)
        let step = 1 / DragSimulation.samplesPerSecond
        var samples = 0
        // Delivers every finger event due by `t`: the samples before the end of the path, then the lift.
        func deliver(upTo t: Double) throws {
            while !finger.isLifted {
                let next = Double(samples + 1) * step
                if next < duration - 1e-12 {
                    guard next <= t + 1e-12 else { return }
                    samples += 1
                    run.noteDrop(at: next, on: cv)
                    finger.move(
                        to: DragSimulation.position(along: points, duration: duration, at: next), at: next)
                    try run.afterEvent(at: next, on: cv, catcher, animationDuration: animationDuration, curve: curve)
                } else {
                    guard duration <= t + 1e-12 else { return }
                    finger.move(to: points[points.count - 1], at: duration)
                    run.noteDrop(at: duration, on: cv)
                    finger.lift(at: duration)
                    try run.afterEvent(
                        at: duration, on: cv, catcher, animationDuration: animationDuration, curve: curve)
                }
            }
        }

        let start = self.duration
        var index = frames.count
        var movementViews: [ElementKey: View] = [:]
        while true {
            let t = Double(index) / fps
            try deliver(upTo: t - start)
            guard t < start + run.end - 1e-9 else { break }
            try take(run.state(at: t - start, on: cv, views: &movementViews, recorder: self), at: t)
            index += 1
        }
        try deliver(upTo: duration)
        self.duration = start + run.end
        changedSinceLastFrame = true
    }
}

/// What a touch step has going on besides the finger: an interactive movement being followed,
/// and the change being animated.
private struct TouchRun {
    /// The step's length so far, in seconds from touching down.
    var end: Double
    /// The movement an action drives, followed for drawing.
    var following: DragSimulation?
    /// What the movement shows just before the latest finger event, for the drop if that event ends it.
    var dropped: [AnimationFrame.Element] = []
    /// The change being animated, and when it started (its segment has its duration and curve).
    var running: (change: CollectionViewAnimationRecorder.RunningChange, start: Double)?

    init(end: Double) { self.end = end }

    /// Remembers what the movement shows at `t`, before a finger event that may end it.
    mutating func noteDrop(at t: Double, on cv: CollectionView) {
        guard let following, let finger = cv.interactiveMovementPosition else { return }
        dropped = following.elements(at: t, fingerAt: finger)
    }

    /// Takes in what the finger event at `t` made the actions do.
    mutating func afterEvent(
        at t: Double, on cv: CollectionView, _ catcher: AnimatedChangeCatcher, animationDuration: Double,
        curve: TimingCurve
    ) throws {
        if let error = catcher.error {
            catcher.error = nil
            throw error
        }
        if let change = catcher.takeChange() {
            following = nil
            start(
                CollectionViewAnimationRecorder.RunningChange(
                    change.transitions, from: change.from, to: change.to, viewsBefore: change.viewsBefore,
                    duration: animationDuration, curve: curve),
                at: t)
        }
        if cv.interactiveMovementOriginalIndexPath != nil {
            if following == nil {
                following = DragSimulation(following: cv, state: 0, time: t)
            } else {
                following!.retarget(at: t)
            }
        } else if following != nil {
            following = nil
            let settle = DragSimulation.settleTransitions(
                from: dropped, cancelled: cv.lastInteractiveMovementWasCancelled, on: cv)
            let offset = cv.contentOffset
            start(
                CollectionViewAnimationRecorder.RunningChange(
                    settle, from: offset, to: offset, viewsBefore: [:], duration: DragSimulation.slideDuration,
                    curve: .easeInOut),
                at: t)
        }
    }

    private mutating func start(_ change: CollectionViewAnimationRecorder.RunningChange, at t: Double) {
        running = (change, t)
        end = max(end, t + change.segment.duration)
    }

    /// What is drawn at `t`.
    mutating func state(
        at t: Double, on cv: CollectionView, views: inout [ElementKey: View],
        recorder: CollectionViewAnimationRecorder
    ) throws -> PresentationState {
        if var r = running {
            let segment = r.change.segment
            if t < r.start + segment.duration - 1e-9 {
                let state = try r.change.state(
                    at: segment.curve.progress(elapsed: t - r.start, duration: segment.duration), on: cv)
                running = r
                return state
            }
            running = nil
        }
        if let following, let finger = cv.interactiveMovementPosition {
            return try recorder.movementState(following.elements(at: t, fingerAt: finger), views: &views)
        }
        return try PresentationState(collectionView: cv, menuItem: recorder.renderer.menu?.indexPath)
    }
}

/// Catches the animated changes the actions make during a touch, with the views of what was
/// shown before each.
private final class AnimatedChangeCatcher: AnimatedChangeObserver {
    unowned let recorder: CollectionViewAnimationRecorder
    private var viewsBefore: [ElementKey: View] = [:]
    private var change: (transitions: [ElementTransition], from: Point, to: Point, viewsBefore: [ElementKey: View])?
    /// What making the views threw (the observer's calls cannot throw).
    var error: (any Error)?

    init(recorder: CollectionViewAnimationRecorder) { self.recorder = recorder }

    func collectionViewWillMakeAnimatedChange(_ collectionView: CollectionView) {
        do { viewsBefore = try recorder.viewsOfShownElements() } catch { self.error = error }
    }

    func collectionView(
        _ collectionView: CollectionView, didMakeAnimatedChange transitions: [ElementTransition], from: Point, to: Point
    ) {
        change = (transitions, from, to, viewsBefore)
        viewsBefore = [:]
    }

    /// The last change caught since the last call, if any.
    func takeChange() -> (transitions: [ElementTransition], from: Point, to: Point, viewsBefore: [ElementKey: View])? {
        defer { change = nil }
        return change
    }
}
