import Animation
import Geometry
import Layout
import Raster
import Rendering
import Support

/// Plays a scene's animation on a collection view and answers what each frame shows.
///
/// Building runs the steps once, on a pixel-free `SceneCollectionView`, the way UIKit code
/// would: `setCollectionViewLayout(_:animated:)`, `performBatchUpdates` with the data source
/// changed inside, a tap, a scroll. Each step leaves a *state*: the scene that describes the
/// collection view after it (layout, sections, selection, content offset), so the last state is
/// the scene whose `render` equals the last frame. Each step becomes an `AnimationSegment`
/// with the start and end attributes of every element shown before or after it; a scroll is
/// asked of a collection view at each frame's offset instead, so pinned headers and zooming
/// layouts update as they would while scrolling.
///
/// Frames are pure data (`AnimationFrame`); `SceneAnimationFrameRenderer` draws them. Not
/// thread-safe: ask for frames from one thread (they are cheap), render them on many.
public final class SceneAnimationPlayer {
    /// The scene played (its animation included).
    public let scene: Scene
    /// The segments and frame times.
    public let timeline: AnimationTimeline
    /// The scene describing the collection view after each step; state 0 is the scene itself
    /// without its animation.
    public let states: [Scene]
    /// Collection views at a state, for scroll segments and still frames (made on demand).
    private var drivers: [Int: SceneCollectionView] = [:]
    /// What each drag segment needs to be replayed, by segment index.
    private var drags: [Int: Drag] = [:]
    /// The cells' state transforms as they turn in and out (designs with a `duration`).
    private let stateTransforms: CellStateTransformAnimations
    /// The drag played last, kept so that frames asked in order continue it.
    private var simulation: (segment: Int, drag: DragSimulation)?

    /// A drag step as it is replayed: the item, the path and the state it starts from.
    struct Drag {
        var item: IndexPath
        var points: [Point]
        var duration: Double
        var state: Int
    }

    /// The pixel size that holds every frame: the largest canvas width and height of any state
    /// (the scene's own size unless a rotation changes it), at the canvas scale or `scale`.
    public func pixelSize(scale: Double? = nil) -> (width: Int, height: Int) {
        let sizes = states.map { $0.pixelSize(scale: scale ?? scene.canvas.scale) }
        return (sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
    }

    /// The scene describing the final state: rendering it gives the last frame.
    public var finalScene: Scene { states[states.count - 1] }

    /// Plays the animation of `scene`, read from the file at `path`.
    ///
    /// - Throws: `SceneFileError.invalid` naming the file and the step that cannot be applied;
    ///   `InterruptedError` when SIGINT or SIGTERM arrives (see `Interruption`).
    public convenience init(scene: Scene, file path: String) throws {
        do {
            try self.init(scene: scene)
        } catch let error as SceneDecodingError {
            throw SceneFileError.invalid(path: path, error: error)
        }
    }

    /// Plays `scene`'s animation (none: one still frame).
    ///
    /// - Throws: `SceneDecodingError` naming the step (`animation.steps[2]`) when a step cannot
    ///   be applied — an index path that does not exist, a move to nowhere — or when the steps
    ///   would take more than `AnimationStateBudget` allows; `InterruptedError` when SIGINT or
    ///   SIGTERM arrives (see `Interruption`).
    public convenience init(scene: Scene) throws {
        try self.init(scene: scene, budget: AnimationStateBudget())
    }

    /// Plays `scene`'s animation within `budget` (smaller than the default in tests).
    init(scene: Scene, budget: AnimationStateBudget) throws {
        var budget = budget
        self.scene = scene
        var initial = scene
        initial.animation = nil
        let animation = scene.animation ?? SceneAnimation()
        // A scene read from a file was checked as it was read; one made in Swift is checked here.
        try animation.checkLimits(at: "animation")
        var states = [initial]
        var segments: [AnimationSegment] = []
        var drags: [Int: Drag] = [:]
        // Rotations, by segment: their frames change size, and are checked once the timeline is known.
        var rotations: [(segment: Int, path: String)] = []
        let driver = initial.makeCollectionView()
        // Where the view rests, now that its insets are known.
        states[0].contentOffset = driver.contentOffset
        var time = 0.0
        /// A finger down on `item` for `length` seconds from `time`: the touch begins (the item
        /// highlighted as far as its rules allow) and a still segment shows `base` pressed so.
        func press(_ item: IndexPath, for length: Double, from base: Scene, path: String) throws {
            do {
                try driver.beginTouch(onItem: item)
            } catch {
                throw SceneDecodingError(path: path, message: "\(error)")
            }
            var pressed = base
            pressed.highlighted = driver.indexPathsForHighlightedItems
            states.append(pressed)
            let offset = driver.contentOffset
            segments.append(
                AnimationSegment(
                    start: time, duration: length, curve: .linear,
                    motion: .transitions(SceneAnimationPlayer.still(driver)),
                    fromContentOffset: offset, toContentOffset: offset, stateBefore: states.count - 2,
                    stateAfter: states.count - 1))
            time += length
        }
        // A state that shows more elements than a frame may would be refused by its first frame,
        // after every step's transitions had been computed and kept for them.
        try driver.checkShownElementCount(path: "layout")
        for (index, step) in animation.steps.enumerated() {
            // A step can take a while on a large scene: a stop asked for (SIGINT, SIGTERM) is
            // honoured between steps.
            try Interruption.check()
            let path = "animation.steps[\(index)]"
            let before = states.count - 1
            var next = states[before]
            let fromOffset = driver.contentOffset
            var motion: AnimationSegment.Motion
            var curve = step.effectiveCurve
            var duration = step.effectiveDuration
            var boundsChange: (from: Size, to: Size)?
            // An edit menu stays up through waits; any other step (a touch, a scroll, an update)
            // dismisses it.
            if case .wait = step.action {} else { next.appearance.menu = nil }
            switch step.action {
            case .setLayout(let spec):
                // The data source answers the new layout's questions from its spec (a waterfall's
                // `cellSizes`); the old layout's attributes are already prepared.
                next.layout = spec
                driver.sceneDataSource.scene.layout = spec
                let change = driver.setCollectionViewLayout(
                    spec.makeLayout(displayScale: scene.canvas.scale), animated: true)
                motion = .transitions(change.transitions)
            case .insertItems(let inserts):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.insertItems(inserts, path: path)
                        return inserts.map { CollectionViewUpdateItem.insert($0.at) }
                    })
            case .deleteItems(let paths):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.deleteItems(at: paths, path: path)
                        return paths.map(CollectionViewUpdateItem.delete)
                    })
            case .reloadItems(let replacements):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.reloadItems(replacements, path: path)
                        return replacements.map { CollectionViewUpdateItem.reload($0.at) }
                    })
            case .insertSections(let index, let sections):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.insertSections(sections, at: index, path: path)
                        return (index..<index + sections.count).map(CollectionViewUpdateItem.insertSection)
                    })
            case .deleteSections(let indices):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.deleteSections(indices, path: path)
                        return indices.map(CollectionViewUpdateItem.deleteSection)
                    })
            case .moveItem(let from, let to):
                motion = .transitions(
                    try SceneAnimationPlayer.update(driver, &next, path) { scene in
                        try scene.moveItem(from: from, to: to, path: path)
                        return [.move(from: from, to: to)]
                    })
            case .scrollTo(let offset):
                driver.contentOffset = offset
                motion = .scroll
            case .flick(let velocity):
                driver.contentOffset = driver.contentOffsetAfterFlick(velocity: velocity)
                motion = .scroll
                curve = step.curve ?? .deceleration(rate: TimingCurve.normalDecelerationRate)
            case .drag(let item, _, _, _) where !driver.containsItem(at: item):
                throw SceneDecodingError(path: path + ".drag.item", message: "no item \(item) to drag")
            case .drag(let item, _, _, _) where !driver.sceneDataSource.collectionView(driver, canMoveItemAt: item):
                // The item's `canMove` is false: `beginInteractiveMovementForItem(at:)` refuses, and
                // the finger moves over a still collection view.
                motion = .transitions(SceneAnimationPlayer.still(driver))
            case .drag(let item, let points, let cancel, let settleDuration):
                let drag = Drag(item: item, points: points, duration: duration, state: before)
                guard
                    var replay = DragSimulation(
                        collectionView: states[before].makeCollectionView(), item: item, points: points,
                        duration: duration, state: before),
                    driver.beginInteractiveMovementForItem(at: item)
                else {
                    throw SceneDecodingError(path: path + ".drag.item", message: "item \(item) cannot be moved")
                }
                // The driver follows the same finger, so it ends with the same target.
                replay.advance(to: duration)
                driver.updateInteractiveMovementTargetPosition(replay.position(at: 0))
                var sample = 0.0
                while sample + 1 / DragSimulation.samplesPerSecond <= duration + 1e-12 {
                    sample += 1 / DragSimulation.samplesPerSecond
                    driver.updateInteractiveMovementTargetPosition(replay.position(at: sample))
                }
                let dropped = replay.elements(at: duration)
                if cancel { driver.cancelInteractiveMovement() } else { driver.endInteractiveMovement() }
                drags[segments.count] = drag
                segments.append(
                    AnimationSegment(
                        start: time, duration: duration, curve: .linear, motion: .drag, fromContentOffset: fromOffset,
                        toContentOffset: fromOffset, stateBefore: before, stateAfter: before))
                time += duration
                // The item drops into its slot (or back): a plain transition in the new state, over
                // `settle` seconds or between two frames.
                next.sections = driver.sceneDataSource.scene.sections
                next.selected = driver.indexPathsForSelectedItems
                next.highlighted = driver.indexPathsForHighlightedItems
                motion = .transitions(DragSimulation.settleTransitions(from: dropped, cancelled: cancel, on: driver))
                curve = .easeInOut
                duration = settleDuration
            case .tap(let item):
                // Pressed for the first half: highlighted (the delegate hears didHighlight) if the
                // touch may highlight what is under the finger.
                try press(item, for: step.effectiveDuration / 2, from: next, path: path + ".tap")
                driver.endTouch(inside: true)
                next.selected = driver.indexPathsForSelectedItems
                next.highlighted = driver.indexPathsForHighlightedItems
                motion = .transitions(SceneAnimationPlayer.still(driver))
                curve = .linear
            case .longPress(let menu):
                // Pressed for the step's duration: highlighted if the touch may highlight what is
                // under the finger. Then the touch is cancelled and the menu shows, from the next
                // frame on.
                guard driver.containsItem(at: menu.item) else {
                    throw SceneDecodingError(path: path + ".longPress.item", message: "no item \(menu.item) to press")
                }
                try press(menu.item, for: duration, from: next, path: path + ".longPress")
                driver.endTouch(inside: false)
                next.highlighted = driver.indexPathsForHighlightedItems
                next.appearance.menu = menu
                motion = .transitions(SceneAnimationPlayer.still(driver))
                curve = .linear
                duration = 0
            case .select(let item):
                do {
                    try driver.tapItem(at: item)
                } catch {
                    throw SceneDecodingError(path: path + ".select", message: "\(error)")
                }
                next.selected = driver.indexPathsForSelectedItems
                motion = .transitions(SceneAnimationPlayer.still(driver))
            case .rotate(let orientation):
                let oldSize = driver.bounds.size
                let newSize = orientation.apply(to: oldSize)
                // A device's safe area turns with it.
                if next.safeAreaFollowsDevice, let variant = next.deviceVariant {
                    let turned = SceneDeviceVariant(device: variant.device, isLandscape: orientation == .landscape)
                    next.deviceVariant = turned
                    next.safeAreaInsets = turned.safeAreaInsets
                }
                motion = .transitions(driver.setBoundsSize(newSize, safeAreaInsets: next.safeAreaInsets))
                next.canvas.width = newSize.width
                next.canvas.height = newSize.height
                boundsChange = (oldSize, newSize)
            case .wait:
                motion = .transitions(SceneAnimationPlayer.still(driver))
            }
            if case .tap = step.action { duration = step.effectiveDuration / 2 }
            if boundsChange != nil { rotations.append((segments.count, path + ".rotate")) }
            next.contentOffset = driver.contentOffset
            try driver.checkShownElementCount(path: path)
            try budget.count(next, after: step.action, path: path)
            states.append(next)
            segments.append(
                AnimationSegment(
                    start: time, duration: duration, curve: curve, motion: motion,
                    fromContentOffset: fromOffset, toContentOffset: driver.contentOffset, stateBefore: before,
                    stateAfter: states.count - 1, fromBoundsSize: boundsChange?.from, toBoundsSize: boundsChange?.to))
            time += duration
        }
        self.states = states
        self.drags = drags
        timeline = AnimationTimeline(fps: animation.fps, segments: segments)
        stateTransforms = CellStateTransformAnimations(states: states, segments: segments)
        for (segment, path) in rotations {
            try SceneAnimationPlayer.checkFrameSizes(
                of: segments[segment], in: timeline, scale: scene.canvas.scale, path: path)
        }
    }

    /// Checks that every frame `segment` (a rotation) draws is an image `ImageLimits` allows at
    /// `scale`: the frames between two canvas sizes can be larger in area than both ends
    /// (16,000 × 4,000 turning to 4,000 × 16,000 passes about 10,000 × 10,000).
    ///
    /// - Throws: `SceneDecodingError` at `path` naming the first frame too large.
    private static func checkFrameSizes(
        of segment: AnimationSegment, in timeline: AnimationTimeline, scale: Double, path: String
    ) throws(SceneDecodingError) {
        let first = Int((segment.start * timeline.fps).rounded(.down))
        let last = min(timeline.frameCount - 1, Int(((segment.start + segment.duration) * timeline.fps).rounded(.up)))
        guard first <= last else { return }
        for index in first...last {
            let t = timeline.time(ofFrame: index)
            guard t >= segment.start && t <= segment.start + segment.duration else { continue }
            guard let size = segment.boundsSize(at: segment.progress(at: t)) else { continue }
            let pixels = CollectionViewRenderer.pixelSize(for: size, scale: scale)
            do {
                try ImageLimits.check(width: pixels.width, height: pixels.height)
            } catch {
                throw SceneDecodingError(
                    path: path,
                    message:
                        "its frame at \(JSONWriter.number(t)) s would be \(pixels.width)x\(pixels.height) pixels, more than an image may have (\(ImageLimits.maximumDimension) per side, \(ImageLimits.maximumPixelCount) in all)"
                )
            }
        }
    }

    /// Applies one batch update on the driver: `change` edits the scene's sections and says
    /// what it did; the data source sees the new sections inside `performBatchUpdates`.
    private static func update(
        _ driver: SceneCollectionView, _ next: inout Scene, _ path: String,
        _ change: (inout Scene) throws -> [CollectionViewUpdateItem]
    ) throws -> [ElementTransition] {
        let items = try change(&next)
        let edited = next
        do {
            let update = try driver.performBatchUpdates {
                driver.sceneDataSource.scene = edited
                for item in items {
                    switch item.updateAction {
                    case .insert where item.isSectionUpdate:
                        try driver.insertSections([item.indexPathAfterUpdate!.section])
                    case .delete where item.isSectionUpdate:
                        try driver.deleteSections([item.indexPathBeforeUpdate!.section])
                    case .insert: try driver.insertItems(at: [item.indexPathAfterUpdate!])
                    case .delete: try driver.deleteItems(at: [item.indexPathBeforeUpdate!])
                    case .move: try driver.moveItem(at: item.indexPathBeforeUpdate!, to: item.indexPathAfterUpdate!)
                    case .reload: try driver.reloadItems(at: [item.indexPathBeforeUpdate!])
                    }
                }
            }
            next.selected = driver.indexPathsForSelectedItems
            next.highlighted = driver.indexPathsForHighlightedItems
            // The edit menu stays over its item, or goes with it.
            if let item = next.appearance.menu?.item {
                if let moved = update.indexPathAfterUpdate(for: item) {
                    next.appearance.menu?.item = moved
                } else {
                    next.appearance.menu = nil
                }
            }
            return update.transitions
        } catch {
            throw SceneDecodingError(path: path, message: "\(error)")
        }
    }

    /// The shown elements of `cv`, standing still.
    private static func still(_ cv: CollectionView) -> [ElementTransition] {
        cv.visibleAttributes(in: cv.bounds).sorted { $0.key < $1.key }.map {
            ElementTransition(key: $0.key, change: .persisting, start: $0.value, end: $0.value)
        }
    }

    /// How many frames the animation has.
    public var frameCount: Int { timeline.frameCount }

    /// Frame `index` (0 ..< frameCount). The last frame shows the final state, even when the
    /// animation takes no time and its two frames are both at t = 0.
    public func frame(_ index: Int) -> AnimationFrame {
        frame(at: timeline.time(ofFrame: index), index: index, isLast: index > 0 && index == frameCount - 1)
    }

    /// What the collection view shows `t` seconds into the animation: the segment running at `t`
    /// (a zero-length step, such as a `select`, is in effect from its time on). At t = 0 it is
    /// the scene itself, as `render` draws it; after t = 0, at the end and after it, the final
    /// state, without the elements that have finished disappearing.
    public func frame(at t: Double, index: Int = 0) -> AnimationFrame {
        frame(at: t, index: index, isLast: false)
    }

    private func frame(at t: Double, index: Int, isLast: Bool) -> AnimationFrame {
        let segments = timeline.segments
        let atEnd = !segments.isEmpty && (isLast || (t > 0 && t >= timeline.duration - 1e-12))
        let current = atEnd ? segments.count - 1 : (t > 0 ? timeline.segmentIndex(at: t) : nil)
        guard let current else {
            return AnimationFrame(
                index: index, time: t, contentOffset: states[0].contentOffset,
                elements: elementsFromLayout(state: 0, contentOffset: states[0].contentOffset), state: 0)
        }
        let segment = segments[current]
        let progress = atEnd && current == segments.count - 1 ? 1 : segment.progress(at: t)
        let offset = segment.contentOffset(at: progress)
        var elements: [AnimationFrame.Element]
        switch segment.motion {
        case .transitions:
            // At the end, what has disappeared is gone (not drawn at alpha 0, not reported).
            elements = segment.elements(at: progress).filter {
                !(atEnd && $0.state == segment.stateBefore && segment.stateBefore != segment.stateAfter)
            }
        case .scroll: elements = elementsFromLayout(state: segment.stateAfter, contentOffset: offset)
        case .drag: elements = dragElements(segment: current, at: t - segment.start)
        }
        // A cell whose state transform is turning in or out shows it part-way; the last frame
        // shows the final state as `render` draws it.
        let turning = atEnd ? [:] : stateTransforms.transforms(at: t)
        if !turning.isEmpty {
            for i in elements.indices where elements[i].attributes.representedElementCategory == .cell {
                let e = elements[i]
                elements[i].cellTransform = turning[e.dataIndexPath ?? e.attributes.indexPath]
            }
        }
        return AnimationFrame(
            index: index, time: t, contentOffset: offset, elements: elements, state: segment.stateAfter,
            boundsSize: segment.boundsSize(at: progress))
    }

    /// The elements of drag segment `index` at `t` seconds into it, replaying the drag from its
    /// start unless the last frame asked was of the same drag and not later.
    private func dragElements(segment index: Int, at t: Double) -> [AnimationFrame.Element] {
        guard let drag = drags[index] else { return [] }
        if simulation == nil || simulation!.segment != index || simulation!.drag.time > t + 1e-12 {
            guard
                let fresh = DragSimulation(
                    collectionView: states[drag.state].makeCollectionView(), item: drag.item, points: drag.points,
                    duration: drag.duration, state: drag.state)
            else { return [] }
            simulation = (index, fresh)
        }
        simulation!.drag.advance(to: t)
        return simulation!.drag.elements(at: t)
    }

    /// The elements a collection view in `state` shows at `contentOffset`, in drawing order.
    private func elementsFromLayout(state: Int, contentOffset: Point) -> [AnimationFrame.Element] {
        // One collection view at a time: a state's is made again if it is asked for later.
        let cv = drivers[state] ?? states[state].makeCollectionView()
        drivers = [state: cv]
        cv.contentOffset = contentOffset
        let shown = cv.visibleAttributes(in: cv.bounds).values.map {
            AnimationFrame.Element(attributes: $0, state: state)
        }
        return AnimationFrame.inDrawingOrder(shown)
    }
}
