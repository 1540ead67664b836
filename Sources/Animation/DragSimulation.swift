import Geometry
import Layout

/// An interactive movement (drag to reorder) played on a collection view: the finger follows a
/// path and the other items slide to where they would be if the move were done.
///
/// UIKit animates the other items when the target index path changes. Here the finger is
/// sampled at a fixed 240 times a second from the start of the drag, whatever the frame rate,
/// so the targets — and with them every frame — are the same for any fps. When an element's
/// place changes, it slides from where it is drawn to its new place over `slideDuration`
/// (ease in and out); the moving item follows the finger with the layout's
/// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`, above all. Elements
/// are tracked by their data's index path, so an item that changes presented index path keeps
/// sliding instead of jumping.
///
/// A scene's `drag` step and `CollectionViewAnimationRecorder.drag(itemAt:along:duration:cancel:settle:)`
/// both play a drag with this type, so the two give the same frames.
public struct DragSimulation {
    /// How often the finger is sampled, per second.
    public static let samplesPerSecond = 240.0

    /// How long the other items take to slide to their new places when the target changes:
    /// 0.25 s, ease in and out.
    public static let slideDuration = 0.25

    /// The collection view the movement runs on (it is in interactive movement while the
    /// simulation runs; ending or cancelling it is the caller's).
    public let collectionView: CollectionView
    /// The finger's path, in content coordinates.
    public let points: [Point]
    /// How long the finger takes along the path, in seconds.
    public let duration: Double
    /// The animation state the elements are drawn from (`AnimationFrame.Element.state`).
    public let state: Int
    /// How far the simulation has run, in seconds from the start of the drag.
    public private(set) var time = 0.0
    private var slides: [ElementKey: Slide] = [:]

    /// An element's motion towards its latest place: from `from` at `start` to `to`.
    struct Slide {
        var from: CollectionViewLayoutAttributes
        var to: CollectionViewLayoutAttributes
        var start: Double
        var dataIndexPath: IndexPath?

        func attributes(at t: Double) -> CollectionViewLayoutAttributes {
            let p = TimingCurve.easeInOut.progress(elapsed: t - start, duration: DragSimulation.slideDuration)
            return from.interpolated(to: to, fraction: p)
        }
    }

    /// Starts a drag of `item` on `collectionView` (`beginInteractiveMovementForItem(at:)`) with
    /// the finger at the path's start.
    ///
    /// - Parameters:
    ///   - points: the finger's path, at least one point, in content coordinates.
    ///   - duration: the seconds the finger takes along the path, 0 or more (0: it is at the end at once).
    ///   - state: the animation state the elements are drawn from.
    /// - Returns: nil when the item cannot be moved (no such item, a movement already under way,
    ///   or the data source's `canMoveItemAt` says no); the collection view is then unchanged.
    public init?(collectionView: CollectionView, item: IndexPath, points: [Point], duration: Double, state: Int) {
        precondition(!points.isEmpty, "a drag needs at least one point")
        self.collectionView = collectionView
        self.points = points
        self.duration = duration
        self.state = state
        guard collectionView.beginInteractiveMovementForItem(at: item) else { return nil }
        collectionView.updateInteractiveMovementTargetPosition(position(at: 0))
        for (key, slide) in wanted(at: 0) { slides[key] = slide }
    }

    /// Follows an interactive movement that something else drives — a gesture recognizer's
    /// action calling `updateInteractiveMovementTargetPosition(_:)` — from `time` on: call
    /// `retarget(at:)` after each update, and draw `elements(at:fingerAt:)` with the
    /// collection view's `interactiveMovementPosition`. The collection view must be in an
    /// interactive movement.
    public init(following collectionView: CollectionView, state: Int, time: Double) {
        guard let position = collectionView.interactiveMovementPosition else {
            preconditionFailure("the collection view is not in an interactive movement")
        }
        self.collectionView = collectionView
        points = [position]
        duration = 0
        self.state = state
        self.time = time
        for (key, slide) in wanted(at: time) { slides[key] = slide }
    }

    /// The finger at `t`: along the path, its points evenly spread over the duration (a drag
    /// that takes no time is at the path's end at once).
    public func position(at t: Double) -> Point {
        DragSimulation.position(along: points, duration: duration, at: t)
    }

    /// A finger's position at `t` on a path of `points` (at least one) evenly spread over
    /// `duration` seconds (with no duration, the path's end at once).
    public static func position(along points: [Point], duration: Double, at t: Double) -> Point {
        guard duration > 0 else { return points[points.count - 1] }
        guard points.count > 1 else { return points[0] }
        let u = min(max(t / duration, 0), 1) * Double(points.count - 1)
        let i = min(Int(u.rounded(.down)), points.count - 2)
        return points[i].interpolated(to: points[i + 1], fraction: u - Double(i))
    }

    /// Every shown element at its place for the current target, keyed by its data identity.
    private func wanted(at t: Double) -> [ElementKey: Slide] {
        let cv = collectionView
        var out: [ElementKey: Slide] = [:]
        for (key, a) in cv.visibleAttributes(in: cv.bounds) {
            var identity = key
            let data = key.category == .cell ? cv.dataIndexPath(forPresentedIndexPath: key.indexPath) : key.indexPath
            identity.indexPath = data
            out[identity] = Slide(from: a, to: a, start: t, dataIndexPath: data == key.indexPath ? nil : data)
        }
        return out
    }

    /// Runs the finger on to `t` (at most the duration), sampling it at the fixed rate: each
    /// sample is an `updateInteractiveMovementTargetPosition(_:)`.
    public mutating func advance(to t: Double) {
        let step = 1 / DragSimulation.samplesPerSecond
        while time + step <= min(t, duration) + 1e-12 {
            let sample = time + step
            collectionView.updateInteractiveMovementTargetPosition(position(at: sample))
            retarget(at: sample)
        }
    }

    /// Moves the simulated time on to `t` and starts every element whose place changed (the
    /// target moved) sliding from where it is drawn to its new place.
    public mutating func retarget(at t: Double) {
        time = t
        var next: [ElementKey: Slide] = [:]
        for (key, place) in wanted(at: t) {
            if var slide = slides[key] {
                if slide.to != place.to {
                    slide = Slide(
                        from: slide.attributes(at: t), to: place.to, start: t, dataIndexPath: place.dataIndexPath)
                }
                next[key] = slide
            } else {
                next[key] = place
            }
        }
        slides = next
    }

    /// What is drawn at `t` (≥ the simulated time), in drawing order: every element at its
    /// slide's point, and the moving item under the finger. An element whose data index path
    /// differs from its presented one carries it in `dataIndexPath`.
    public func elements(at t: Double) -> [AnimationFrame.Element] {
        elements(at: t, fingerAt: position(at: t))
    }

    /// What is drawn at `t` (≥ the simulated time) with the finger at `finger`: as
    /// `elements(at:)`, the moving item under that point.
    public func elements(at t: Double, fingerAt finger: Point) -> [AnimationFrame.Element] {
        let cv = collectionView
        let moving = cv.interactiveMovementOriginalIndexPath
        var out: [AnimationFrame.Element] = []
        for (key, slide) in slides.sorted(by: { $0.key < $1.key }) {
            var a = slide.attributes(at: t)
            if key.category == .cell, key.indexPath == moving, let target = cv.interactiveMovementTargetIndexPath,
                let lifted = cv.collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
                    at: target, withTargetPosition: finger)
            {
                a = lifted
            }
            out.append(AnimationFrame.Element(attributes: a, state: state, dataIndexPath: slide.dataIndexPath))
        }
        return AnimationFrame.inDrawingOrder(out)
    }

    /// How the item drops into its slot (or goes back) after the movement has ended or been
    /// cancelled on `cv`: every element of `dropped` (the drag's last elements) moves from
    /// where it was drawn to its place in `cv` now, and an element only `cv` shows now appears
    /// there. With `cancelled`, elements are matched by their data index path.
    public static func settleTransitions(
        from dropped: [AnimationFrame.Element], cancelled: Bool, on cv: CollectionView
    ) -> [ElementTransition] {
        var settle: [ElementTransition] = []
        let final = cv.visibleAttributes(in: cv.bounds)
        var seen = Set<ElementKey>()
        for e in dropped {
            var key = e.attributes.elementKey
            if cancelled, let data = e.dataIndexPath { key.indexPath = data }
            guard let end = final[key] ?? cv.collectionViewLayout.layoutAttributesForElement(key) else { continue }
            var start = e.attributes
            start.indexPath = key.indexPath
            seen.insert(key)
            settle.append(ElementTransition(key: key, change: .persisting, start: start, end: end))
        }
        for (key, end) in final where !seen.contains(key) {
            settle.append(ElementTransition(key: key, change: .appearing, start: end, end: end))
        }
        return settle.sorted { $0.key < $1.key }
    }
}
