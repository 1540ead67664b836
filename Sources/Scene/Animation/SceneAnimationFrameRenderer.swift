import Animation
import Foundation
import Geometry
import Layout
import Raster
import Rendering

/// Draws the frames of a `SceneAnimationPlayer`.
///
/// A frame's elements get views from a drawing collection view made from the element's state
/// (its data, layout and selection), through `CollectionView.makeView(forElement:attributes:)`;
/// the views a frame uses are kept for the next one, so a run of frames makes each view once
/// while it stays on screen, and memory follows one frame, not the animation. Views are
/// not thread-safe, so each thread draws with its own set: `render(_:)` takes a free set from a
/// small pool and puts it back, which lets one renderer serve every worker of a parallel run.
/// The pixels depend only on the frame, never on which thread or set drew it.
public final class SceneAnimationFrameRenderer: @unchecked Sendable {
    /// The states the frames refer to (`SceneAnimationPlayer.states`).
    public let states: [Scene]
    /// Overrides the canvas scale when set.
    public let scale: Double?
    private let sceneRenderer: SceneRenderer
    private let images: SceneImages
    private let lock = NSLock()
    private var idle: [ViewSet] = []

    /// Creates a renderer for a player's states.
    public init(states: [Scene], renderer: SceneRenderer, scale: Double? = nil) {
        self.states = states
        self.scale = scale
        sceneRenderer = renderer
        images = SceneImages(sceneFolder: states.first?.baseFolder)
    }

    /// Draws `frame`.
    ///
    /// - Throws: `RasterError` for a pixel size out of limits, what the data source throws;
    ///   `CollectionViewError.tooManyVisibleElements` for a frame that shows more elements than
    ///   one frame may (before any view is made).
    public func render(_ frame: AnimationFrame) throws -> Image {
        try CollectionView.checkVisibleElementCount(frame.elements.count)
        let set: ViewSet = lock.withLock { idle.popLast() } ?? ViewSet()
        defer { lock.withLock { idle.append(set) } }
        let scene = states[frame.state]
        var elements: [PresentationState.Element] = []
        for e in frame.elements {
            let view = try set.view(for: e, renderer: self)
            // A cached cell may have shown a transform part-way in the last frame it drew.
            (view as? SceneCell)?.transitionalTransform = e.cellTransform
            elements.append(PresentationState.Element(attributes: e.attributes, view: view))
        }
        // Keep only what this frame used, so memory follows what one frame shows, not the animation.
        set.keepOnly(frame)
        let size = frame.boundsSize ?? Size(width: scene.canvas.width, height: scene.canvas.height)
        var state = PresentationState(bounds: Rect(origin: frame.contentOffset, size: size), elements: elements)
        if let menu = scene.appearance.menu,
            let item = frame.elements.first(where: {
                $0.attributes.representedElementCategory == .cell && $0.attributes.indexPath == menu.item
            })
        {
            let cv = try set.collectionView(state: frame.state, renderer: self)
            let actions = cv.menuActions(forItemAt: menu.item)
            if !actions.isEmpty {
                state.menu = PresentationState.Menu(itemFrame: item.attributes.frame, actions: actions)
            }
        }
        if scene.appearance.debug {
            // As `render` draws the overlay: the inset areas around the items shown, the content
            // inset, and the reuse badge of a still collection view of this state at this offset.
            let still = try set.debugStill(state: frame.state, offset: frame.contentOffset, renderer: self)
            state.reuseSummary = still.reuseSummary
            state.sectionInsetAreas = PresentationState.sectionInsetAreas(
                of: state.elements, layout: still.collectionView.collectionViewLayout)
            state.contentInsetArea = PresentationState.contentInsetArea(of: still.collectionView)
        }
        return try sceneRenderer.makeRenderer(for: scene, images: images, scale: scale).render(state)
    }

    /// One thread's drawing collection views and views, by state and element.
    final class ViewSet {
        private var collectionViews: [Int: SceneCollectionView] = [:]
        private var views: [ViewKey: View] = [:]
        /// The debug overlay's still collection view of the last state and offset asked for,
        /// with its reuse badge: the frames of a segment that does not scroll share them. Made
        /// for every frame, it laid out the whole content again each time (34 frames of a
        /// 100,000-item waterfall: 1.56 s against 0.27 s without the overlay).
        private var debugStill: (state: Int, offset: Point, still: DebugStill)?

        /// A still collection view of a state at an offset, as `render` makes it, and its reuse badge.
        struct DebugStill {
            var collectionView: SceneCollectionView
            var reuseSummary: String?
        }

        func debugStill(state: Int, offset: Point, renderer: SceneAnimationFrameRenderer) throws -> DebugStill {
            if let cached = debugStill, cached.state == state, cached.offset == offset { return cached.still }
            var scene = renderer.states[state]
            scene.contentOffset = offset
            let cv = renderer.sceneRenderer.makeCollectionView(for: scene, images: renderer.images)
            let still = DebugStill(
                collectionView: cv, reuseSummary: try PresentationState(collectionView: cv).reuseSummary)
            debugStill = (state, offset, still)
            return still
        }

        struct ViewKey: Hashable {
            var state: Int
            var element: ElementKey
        }

        func collectionView(state: Int, renderer: SceneAnimationFrameRenderer) throws -> SceneCollectionView {
            if let cv = collectionViews[state] { return cv }
            let cv = renderer.sceneRenderer.makeCollectionView(for: renderer.states[state], images: renderer.images)
            collectionViews[state] = cv
            return cv
        }

        /// Forgets the views `frame` did not use and the collection views of states it does not show.
        func keepOnly(_ frame: AnimationFrame) {
            var used = Set<ViewKey>()
            for e in frame.elements {
                var element = e.attributes.elementKey
                if let data = e.dataIndexPath { element.indexPath = data }
                used.insert(ViewKey(state: e.state, element: element))
            }
            views = views.filter { used.contains($0.key) }
            let states = Set(used.map(\.state)).union([frame.state])
            collectionViews = collectionViews.filter { states.contains($0.key) }
        }

        func view(for e: AnimationFrame.Element, renderer: SceneAnimationFrameRenderer) throws -> View? {
            var element = e.attributes.elementKey
            if let data = e.dataIndexPath { element.indexPath = data }
            let key = ViewKey(state: e.state, element: element)
            if let view = views[key] { return view }
            let cv = try collectionView(state: e.state, renderer: renderer)
            let view = try cv.makeView(forElement: key.element, attributes: e.attributes) as? View
            if let view { views[key] = view }
            return view
        }
    }
}
