import Geometry
import Layout
import Raster
import Rendering

/// Records the frames of animated changes made to a collection view from Swift code — a layout
/// of your own switched in with `setCollectionViewLayout(_:animated:)`, a batch update, a
/// scroll or a flick, a tap, a drag to reorder, a rotation, a pause — as the `animate` command does
/// for the steps of a scene file; and a touch that the collection view's gesture recognizers see
/// (`touch(along:duration:animationDuration:curve:)`).
///
/// ```swift
/// let recorder = try CollectionViewAnimationRecorder(collectionView: collectionView, renderer: renderer, fps: 30)
/// try recorder.setCollectionViewLayout(MyCircleLayout(), duration: 0.5)
/// try recorder.performBatchUpdates(duration: 0.3) {
///     animals.remove(at: 2)                                  // the data source's model first, as in UIKit
///     try collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
/// }
/// try recorder.scroll(to: Point(x: 0, y: 400), duration: 0.4)
/// try recorder.drag(itemAt: IndexPath(item: 3, section: 0), along: [Point(x: 40, y: 440), Point(x: 200, y: 700)],
///                   duration: 1, settle: 0.25)               // the data source's moveItemAt moves it
/// try recorder.wait(0.2)
/// let frames = try recorder.finish()                         // frames[0]: the collection view as it was
/// ```
///
/// Frames are taken at t = 0, 1/fps, 2/fps, … with a scene animation's rules: frame 0 shows the
/// collection view as the recorder found it; a frame at the moment one change ends and the next
/// begins shows the next one at its start; a change given no duration happens between two
/// frames; and `finish()` adds a last frame at the end when none falls there. The bytes are those
/// of `animate` for a scene file with the same steps. Each frame is drawn as soon as the change
/// that shows it is recorded, because the collection view moves on with the next change. In a layout change or a batch update, every element shown
/// before or after moves from its start to its end attributes along the curve, and an element
/// that leaves (a deleted item, the old cell of a reloaded one) is drawn with a view made before
/// the change, so it shows the data it had. While scrolling or waiting, each frame is the
/// collection view's own state at that offset, so pinned headers and zooming layouts follow.
///
/// A request the recorder cannot carry out (an fps out of range, a duration that is negative or
/// not a number, an empty path, a change after `finish()`) is an `AnimationRecorderError`,
/// thrown before the collection view changes. The frames are kept in memory: a recording stops
/// with an error at `maximumFrameCount` frames or `frameByteLimit` bytes of pixels.
public final class CollectionViewAnimationRecorder {
    /// The collection view being animated; the recorder changes it as UIKit code would.
    public let collectionView: CollectionView
    /// Draws every frame.
    public let renderer: CollectionViewRenderer
    /// Frames per second.
    public let fps: Double
    /// The frames taken so far, in order.
    public private(set) var frames: [Image] = []
    /// The time of each frame in `frames`, in seconds.
    public private(set) var frameTimes: [Double] = []
    /// The time recorded so far, in seconds.
    public internal(set) var duration = 0.0
    /// Whether a change was made since the last frame was taken (one with no duration).
    var changedSinceLastFrame = false
    /// Whether `finish()` was called.
    var finished = false
    /// The bytes of pixels `frames` holds.
    private var frameBytes = 0

    /// The most frames per second a recording takes (as a scene file's `animation.fps`).
    public static let maximumFPS = 240.0
    /// The most frames a recording holds (as a scene file's animation).
    public static let maximumFrameCount = 20_000
    /// The most bytes of pixels the recording's frames may take; a frame that would pass it is an
    /// error, not an allocation the machine cannot make. 4 GiB by default (362 frames of
    /// 1170 × 2532).
    public var frameByteLimit = 4 << 30

    /// Starts a recording and takes frame 0: the collection view as it is.
    ///
    /// - Parameter fps: frames per second, more than 0 and at most `maximumFPS`.
    /// - Throws: `AnimationRecorderError.invalidArgument` for an fps out of range;
    ///   `RasterError` for a pixel size out of limits; what the data source throws.
    public init(collectionView: CollectionView, renderer: CollectionViewRenderer, fps: Double = 30) throws {
        guard fps > 0 && fps <= Self.maximumFPS else {
            throw AnimationRecorderError.invalidArgument(
                "fps", rule: "must be more than 0 and at most \(Int(Self.maximumFPS)), not \(fps)")
        }
        self.collectionView = collectionView
        self.renderer = renderer
        self.fps = fps
        try take(PresentationState(collectionView: collectionView, menuItem: renderer.menu?.indexPath), at: 0)
    }

    /// Switches to `layout` (`setCollectionViewLayout(_:animated: true)`) over `duration` seconds.
    ///
    /// - Throws: what the data source throws while making views; `RasterError`.
    public func setCollectionViewLayout(
        _ layout: CollectionViewLayout, duration: Double = 0.3, curve: TimingCurve = .easeInOut
    ) throws {
        try checkChange(duration: duration)
        let before = try viewsOfShownElements()
        let change = collectionView.setCollectionViewLayout(layout, animated: true)
        try animate(
            change.transitions, from: change.fromContentOffset, to: change.toContentOffset, viewsBefore: before,
            duration: duration, curve: curve)
    }

    /// Runs `updates` — change the data source's model, then call `insertItems(at:)`,
    /// `deleteItems(at:)`, `moveItem(at:to:)`, `reloadItems(at:)` and the section calls — as one
    /// `performBatchUpdates(_:)`, animated over `duration` seconds.
    ///
    /// - Throws: what `updates` throws; `CollectionViewError` for an invalid update (nothing is
    ///   recorded then); what the data source throws; `RasterError`.
    public func performBatchUpdates(
        duration: Double = 0.3, curve: TimingCurve = .easeInOut, _ updates: () throws -> Void
    ) throws {
        try checkChange(duration: duration)
        let before = try viewsOfShownElements()
        let from = collectionView.contentOffset
        let update = try collectionView.performBatchUpdates(updates)
        try animate(
            update.transitions, from: from, to: collectionView.contentOffset, viewsBefore: before,
            duration: duration, curve: curve)
    }

    /// Scrolls to `offset` (content coordinates) over `duration` seconds; the layout is asked at
    /// every frame's offset.
    ///
    /// - Throws: what the data source throws; `RasterError`.
    public func scroll(to offset: Point, duration: Double = 0.3, curve: TimingCurve = .easeInOut) throws {
        try checkChange(duration: duration)
        let from = collectionView.contentOffset
        try takeFrames(over: duration, curve: curve) { progress in
            collectionView.contentOffset = from.interpolated(to: offset, fraction: progress)
            return try PresentationState(collectionView: collectionView, menuItem: renderer.menu?.indexPath)
        }
        collectionView.contentOffset = offset
    }

    /// Scrolls so that the item at `indexPath` ends where `position` says, as
    /// `CollectionView.scrollToItem(at:at:animated:)` with `animated` true: to the offset
    /// `CollectionView.contentOffset(forScrollingToItemAt:at:)` gives, over `duration` seconds.
    ///
    /// - Throws: `CollectionViewError` for an item that does not exist or a position UIKit
    ///   refuses; what the data source throws; `RasterError`.
    public func scroll(
        toItemAt indexPath: IndexPath, at position: CollectionView.ScrollPosition, duration: Double = 0.3,
        curve: TimingCurve = .easeInOut
    ) throws {
        try checkChange(duration: duration)
        let offset = try collectionView.contentOffset(forScrollingToItemAt: indexPath, at: position)
        try scroll(to: offset, duration: duration, curve: curve)
    }

    /// Flicks the content at `velocity` (points per second, the direction the content offset
    /// moves): it decelerates as `UIScrollView` does at the normal rate, and comes to rest where
    /// the layout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` says
    /// (`CollectionView.contentOffsetAfterFlick(velocity:)`). The frames are those of a scene's
    /// `flick` step.
    ///
    /// - Parameters:
    ///   - duration: seconds; nil: as long as the deceleration takes to come to rest.
    ///   - curve: nil: the deceleration curve.
    /// - Throws: what the data source throws; `RasterError`.
    public func flick(velocity: Point, duration: Double? = nil, curve: TimingCurve? = nil) throws {
        try checkChange(duration: duration)
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        try scroll(
            to: collectionView.contentOffsetAfterFlick(velocity: velocity),
            duration: duration ?? TimingCurve.decelerationDuration(speed: speed),
            curve: curve ?? .deceleration(rate: TimingCurve.normalDecelerationRate))
    }

    /// Taps the item at `indexPath` with the delegate's whole sequence: the finger is down on the
    /// cell's centre for the first half of `duration` (the item highlighted, as
    /// `shouldHighlightItemAt` allows), then lifts, and the item is selected (or, under multiple
    /// selection, deselected if it was selected) as `shouldSelectItemAt` allows. The frames are
    /// those of a scene's `tap` step.
    ///
    /// - Parameter duration: seconds, 0 or more; 0: the tap happens between two frames.
    /// - Throws: `CollectionViewError.invalidIndexPath` when there is no such item and
    ///   `CollectionViewError.notOnScreen` when its centre is outside the bounds (nothing is
    ///   recorded then); what the data source throws; `RasterError`.
    public func tap(itemAt indexPath: IndexPath, duration: Double = 0) throws {
        try checkChange(duration: duration)
        try collectionView.beginTouch(onItem: indexPath)
        try wait(duration / 2)
        collectionView.endTouch(inside: true)
        try wait(duration / 2)
    }

    /// Drags the item at `indexPath` along `points` over `duration` seconds, as a reorder gesture
    /// drives a collection view: `beginInteractiveMovementForItem(at:)`, then
    /// `updateInteractiveMovementTargetPosition(_:)` as the finger moves, then
    /// `endInteractiveMovement()` — or, with `cancel`, `cancelInteractiveMovement()`.
    ///
    /// The item follows the finger above everything else (the layout's
    /// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`), the layout's
    /// `targetIndexPath(forInteractivelyMovingItem:withPosition:)` decides where it would land,
    /// and the other items slide (0.25 s, ease in and out) to where they would be if the move
    /// were done. The finger is sampled 240 times a second whatever the fps. At the end the data
    /// source's `collectionView(_:moveItemAt:to:)` moves the item (not when cancelled), and it
    /// drops into its slot — or back — over `settle` seconds, ease in and out, or between two
    /// frames. An item whose
    /// `canMoveItemAt` is false stays put, and so does everything else, for `duration`. The
    /// frames are those of a scene's `drag` step with the same path, duration, `cancel` and `settle`.
    ///
    /// - Parameters:
    ///   - points: the finger's path, in content coordinates (at least one point): its points
    ///     evenly spread over `duration`; with a duration of 0 the finger is at the path's end at once.
    ///   - duration: seconds, 0 or more.
    ///   - settle: seconds the drop takes, 0 or more.
    /// - Throws: `CollectionViewError.invalidIndexPath` when there is no such item (nothing is
    ///   recorded then); what the data source throws; `RasterError`.
    public func drag(
        itemAt indexPath: IndexPath, along points: [Point], duration: Double, cancel: Bool = false,
        settle: Double = 0
    ) throws {
        try Self.check(path: points)
        try checkChange(duration: duration)
        try Self.check(seconds: settle, "settle")
        guard collectionView.containsItem(at: indexPath) else {
            throw CollectionViewError.invalidIndexPath(indexPath, reason: "there is no such item to drag")
        }
        guard
            var drag = DragSimulation(
                collectionView: collectionView, item: indexPath, points: points, duration: duration, state: 0)
        else {
            // The data source's `canMoveItemAt` says no: the finger moves over a still collection view.
            return try takeFrames(over: duration) { _ in try PresentationState(collectionView: collectionView) }
        }
        // Views by the data they show, made once for the drag: items change index paths as they make room.
        var views: [ElementKey: View] = [:]
        try takeFrames(over: duration) { elapsed in
            drag.advance(to: elapsed)
            return try movementState(drag.elements(at: elapsed), views: &views)
        }
        drag.advance(to: duration)
        let dropped = drag.elements(at: duration)
        if cancel { collectionView.cancelInteractiveMovement() } else { collectionView.endInteractiveMovement() }
        let offset = collectionView.contentOffset
        try animate(
            DragSimulation.settleTransitions(from: dropped, cancelled: cancel, on: collectionView), from: offset,
            to: offset, viewsBefore: [:], duration: settle, curve: .easeInOut)
    }

    /// Turns the device: the collection view's bounds animate to `size` over `duration` seconds,
    /// linearly in the curve's progress as UIKit animates a view's bounds, and every element
    /// moves from its place at the old size to its place at the new one
    /// (`CollectionView.setBoundsSize(_:)`). Frames are as big as the bounds at their time, so
    /// they change size. The frames are those of a scene's `rotate` step to the same size.
    ///
    /// - Parameters:
    ///   - size: the new bounds size in points, for a rotation the old one's sides swapped.
    ///   - safeAreaInsets: the safe area at the new size (a device's turns with it), or nil to
    ///     keep it.
    /// - Throws: what the data source throws while making views; `RasterError`.
    public func rotate(
        to size: Size, safeAreaInsets: EdgeInsets? = nil, duration: Double = 0.3, curve: TimingCurve = .easeInOut
    ) throws {
        try checkChange(duration: duration)
        let before = try viewsOfShownElements()
        let from = collectionView.contentOffset, oldSize = collectionView.bounds.size
        let transitions = collectionView.setBoundsSize(size, safeAreaInsets: safeAreaInsets)
        try animate(
            transitions, from: from, to: collectionView.contentOffset, viewsBefore: before, duration: duration,
            curve: curve, boundsSizes: (oldSize, size))
    }

    /// Nothing changes for `duration` seconds.
    ///
    /// - Throws: what the data source throws; `RasterError`.
    public func wait(_ duration: Double) throws {
        try takeFrames(over: duration, curve: .linear) { _ in
            try PresentationState(collectionView: collectionView, menuItem: renderer.menu?.indexPath)
        }
    }

    /// Ends the recording: takes the frame due at the end, if the time ends on the 1/fps grid,
    /// then one of the final state at `duration` if the last frame taken still does not show it
    /// (the time is off the grid, or changes with no duration came last), and returns every frame.
    ///
    /// - Throws: what the data source throws; `RasterError`.
    @discardableResult
    public func finish() throws -> [Image] {
        guard !finished else { return frames }
        finished = true
        func final() throws -> PresentationState {
            try PresentationState(collectionView: collectionView, menuItem: renderer.menu?.indexPath)
        }
        var index = frames.count
        while Double(index) / fps <= duration + 1e-9 {
            // The time line's own rule: the grid time, or the duration when that rounds below it.
            try take(final(), at: min(Double(index) / fps, duration))
            index += 1
        }
        if changedSinceLastFrame || (frameTimes.last ?? 0) < duration - 1e-9 { try take(final(), at: duration) }
        return frames
    }

    /// Views for every element shown now, made from the data source before a change, so that
    /// the elements that leave can be drawn as they were.
    func viewsOfShownElements() throws -> [ElementKey: View] {
        var views: [ElementKey: View] = [:]
        let shown = collectionView.visibleAttributes(in: collectionView.bounds)
        try CollectionView.checkVisibleElementCount(shown.count)
        for (key, attributes) in shown {
            views[key] = try collectionView.makeView(forElement: key, attributes: attributes) as? View
        }
        return views
    }

    /// The elements of an interactive movement drawn with views made once per item's data
    /// (`views`, kept from frame to frame): items change index paths as they make room.
    func movementState(
        _ shown: [AnimationFrame.Element], views: inout [ElementKey: View]
    ) throws -> PresentationState {
        try CollectionView.checkVisibleElementCount(shown.count)
        let elements = try shown.map { e in
            var data = e.attributes.elementKey
            if let path = e.dataIndexPath { data.indexPath = path }
            if views[data] == nil {
                var presented = data
                if data.category == .cell {
                    presented.indexPath = collectionView.presentedIndexPath(forDataIndexPath: data.indexPath)
                }
                views[data] = try collectionView.makeView(forElement: presented, attributes: e.attributes) as? View
            }
            return PresentationState.Element(attributes: e.attributes, view: views[data])
        }
        return PresentationState(bounds: collectionView.bounds, elements: elements)
    }

    /// A layout change or batch update that has just been made, being animated: the views it
    /// draws the elements with.
    struct RunningChange {
        let segment: AnimationSegment
        let viewsBefore: [ElementKey: View]
        var viewsAfter: [ElementKey: View] = [:]

        init(
            _ transitions: [ElementTransition], from: Point, to: Point, viewsBefore: [ElementKey: View],
            duration: Double, curve: TimingCurve, boundsSizes: (from: Size, to: Size)? = nil
        ) {
            segment = AnimationSegment(
                start: 0, duration: duration, curve: curve, motion: .transitions(transitions),
                fromContentOffset: from, toContentOffset: to, stateBefore: 0, stateAfter: 1,
                fromBoundsSize: boundsSizes?.from, toBoundsSize: boundsSizes?.to)
            self.viewsBefore = viewsBefore
        }

        /// What is drawn at `progress` (the curve's, 0…1) on `cv`: elements leaving or
        /// persisting from the start with the views made before, the others with views made now.
        mutating func state(at progress: Double, on cv: CollectionView) throws -> PresentationState {
            var elements: [PresentationState.Element] = []
            let shown = segment.elements(at: progress)
            try CollectionView.checkVisibleElementCount(shown.count)
            for e in shown {
                let key = e.attributes.elementKey
                var view = e.state == 0 ? viewsBefore[key] : viewsAfter[key]
                if view == nil, e.state == 1 {
                    view = try cv.makeView(forElement: key, attributes: e.attributes) as? View
                    viewsAfter[key] = view
                }
                elements.append(PresentationState.Element(attributes: e.attributes, view: view))
            }
            let offset = segment.contentOffset(at: progress)
            let size = segment.boundsSize(at: progress) ?? cv.bounds.size
            return PresentationState(bounds: Rect(origin: offset, size: size), elements: elements)
        }
    }

    /// Takes the frames of a layout change or batch update that has just been made.
    private func animate(
        _ transitions: [ElementTransition], from: Point, to: Point, viewsBefore: [ElementKey: View],
        duration: Double, curve: TimingCurve, boundsSizes: (from: Size, to: Size)? = nil
    ) throws {
        var change = RunningChange(
            transitions, from: from, to: to, viewsBefore: viewsBefore, duration: duration, curve: curve,
            boundsSizes: boundsSizes)
        try takeFrames(over: duration, curve: curve) { progress in try change.state(at: progress, on: collectionView) }
    }

    /// Takes the frames due in [now, now + `duration`), each drawn from `state(progress)`, and
    /// moves the time on. A frame at the end is left for what comes next, which shows it at its
    /// own start (as a scene animation's time line decides a frame by the last step begun by
    /// then), or for `finish()`; a change with no duration takes none (it shows from the next frame).
    private func takeFrames(
        over duration: Double, curve: TimingCurve, _ state: (Double) throws -> PresentationState
    ) throws {
        try takeFrames(over: duration) { elapsed in try state(curve.progress(elapsed: elapsed, duration: duration)) }
    }

    /// Takes the frames due in [now, now + `duration`), each drawn from `state(elapsed)`, the
    /// seconds since now, and moves the time on (see `takeFrames(over:curve:_:)`).
    private func takeFrames(over duration: Double, _ state: (Double) throws -> PresentationState) throws {
        try checkChange(duration: duration)
        let start = self.duration
        var index = frames.count
        while Double(index) / fps < start + duration - 1e-9 {
            let t = Double(index) / fps
            try take(state(t - start), at: t)
            index += 1
        }
        self.duration = start + duration
        changedSinceLastFrame = true
    }

    /// Throws if the recording is finished or `duration` (if given) is not a finite number of
    /// seconds, 0 or more: checked before a change touches the collection view.
    func checkChange(duration: Double?) throws(AnimationRecorderError) {
        if finished { throw .finished }
        if let duration { try Self.check(seconds: duration, "duration") }
    }

    /// Throws unless `seconds` is finite and 0 or more.
    static func check(seconds: Double, _ name: String) throws(AnimationRecorderError) {
        guard seconds >= 0 && seconds.isFinite else {
            throw .invalidArgument(name, rule: "must be a finite number of seconds, 0 or more, not \(seconds)")
        }
    }

    /// Throws unless `path` has a point.
    static func check(path: [Point]) throws(AnimationRecorderError) {
        guard !path.isEmpty else { throw .invalidArgument("along", rule: "needs at least one point") }
    }

    /// Draws `state` as the frame at `time`, unless the recording would pass its frame count or
    /// its byte limit (the frame's size is the bounds' at `state`'s scale).
    func take(_ state: PresentationState, at time: Double) throws {
        guard frames.count < Self.maximumFrameCount else {
            throw AnimationRecorderError.tooManyFrames(limit: Self.maximumFrameCount)
        }
        let frame = try renderer.render(state)
        guard frameBytes + frame.pixels.count <= frameByteLimit else {
            throw AnimationRecorderError.framesTooLarge(limit: frameByteLimit)
        }
        frameBytes += frame.pixels.count
        frames.append(frame)
        frameTimes.append(time)
        changedSinceLastFrame = false
    }
}
