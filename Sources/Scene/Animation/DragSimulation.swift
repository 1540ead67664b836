import Animation
import Geometry
import Layout

/// An interactive movement played on its own collection view: the finger follows a path and
/// the other items slide to where they would be if the move were done.
///
/// UIKit animates the other items when the target index path changes. Here the finger is
/// sampled at a fixed 240 times a second from the start of the drag, whatever the frame rate,
/// so the targets — and with them every frame — are the same for any fps and for `layout --at`.
/// When an element's place changes, it slides from where it is drawn to its new place over
/// `AnimationStep.slideDuration` (ease in and out); the moving item follows the finger with the
/// layout's `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`, above all.
/// Elements are tracked by their data's index path, so an item that changes presented index
/// path keeps sliding instead of jumping.
struct DragSimulation {
    /// How often the finger is sampled, per second.
    static let samplesPerSecond = 240.0

    let collectionView: SceneCollectionView
    let points: [Point]
    let duration: Double
    let state: Int
    /// How far the simulation has run, in seconds from the start of the drag.
    private(set) var time = 0.0
    private var slides: [ElementKey: Slide] = [:]

    /// An element's motion towards its latest place: from `from` at `start` to `to`.
    struct Slide {
        var from: CollectionViewLayoutAttributes
        var to: CollectionViewLayoutAttributes
        var start: Double
        var dataIndexPath: IndexPath?

        func attributes(at t: Double) -> CollectionViewLayoutAttributes {
            let p = TimingCurve.easeInOut.progress(elapsed: t - start, duration: AnimationStep.slideDuration)
            return from.interpolated(to: to, fraction: p)
        }
    }

    /// Starts a drag of `item` on a collection view made from `scene` (the state before it).
    ///
    /// - Returns: nil when the item cannot be moved.
    init?(scene: Scene, state: Int, item: IndexPath, points: [Point], duration: Double) {
        collectionView = scene.makeCollectionView()
        self.points = points
        self.duration = duration
        self.state = state
        guard collectionView.beginInteractiveMovementForItem(at: item) else { return nil }
        collectionView.updateInteractiveMovementTargetPosition(position(at: 0))
        for (key, slide) in wanted(at: 0) { slides[key] = slide }
    }

    /// The finger at `t`: along the path, its points evenly spread over the duration (a drag
    /// that takes no time is at the path's end at once).
    func position(at t: Double) -> Point {
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

    /// Runs the finger on to `t`, sampling it at the fixed rate.
    mutating func advance(to t: Double) {
        let step = 1 / DragSimulation.samplesPerSecond
        while time + step <= min(t, duration) + 1e-12 {
            time += step
            collectionView.updateInteractiveMovementTargetPosition(position(at: time))
            var next: [ElementKey: Slide] = [:]
            for (key, place) in wanted(at: time) {
                if var slide = slides[key] {
                    if slide.to != place.to {
                        slide = Slide(
                            from: slide.attributes(at: time), to: place.to, start: time,
                            dataIndexPath: place.dataIndexPath)
                    }
                    next[key] = slide
                } else {
                    next[key] = place
                }
            }
            slides = next
        }
    }

    /// What is drawn at `t` (≥ the simulated time): every element at its slide's point, and the
    /// moving item under the finger.
    func elements(at t: Double) -> [AnimationFrame.Element] {
        let cv = collectionView
        let moving = cv.interactiveMovementOriginalIndexPath
        var out: [AnimationFrame.Element] = []
        for (key, slide) in slides.sorted(by: { $0.key < $1.key }) {
            var a = slide.attributes(at: t)
            if key.category == .cell, key.indexPath == moving, let target = cv.interactiveMovementTargetIndexPath,
                let lifted = cv.collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
                    at: target, withTargetPosition: position(at: t))
            {
                a = lifted
            }
            out.append(AnimationFrame.Element(attributes: a, state: state, dataIndexPath: slide.dataIndexPath))
        }
        return AnimationFrame.inDrawingOrder(out)
    }
}
