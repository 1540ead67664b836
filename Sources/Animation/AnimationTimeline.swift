import Geometry
import Layout

/// One step of an animation on the time line: when it runs, its curve, and what moves.
public struct AnimationSegment: Sendable {
    /// How the shown elements are found during the segment.
    public enum Motion: Sendable {
        /// Every element moves from its start to its end attributes (a layout change, a batch
        /// update, a pause): interpolated without asking a layout again.
        case transitions([ElementTransition])
        /// The content scrolls from `fromContentOffset` to `toContentOffset`; the elements are the
        /// layout's at each frame's offset (pinned headers and zooming layouts change as they
        /// scroll), so they are asked of a collection view at that offset.
        case scroll
        /// An item is dragged (interactive movement): the elements depend on where the finger has
        /// been, so the producer computes them for each frame's time.
        case drag
    }

    /// When the segment starts, in seconds from the start of the animation.
    public var start: Double
    /// How long it lasts (0: a change between two frames).
    public var duration: Double
    /// How its progress follows time.
    public var curve: TimingCurve
    /// What moves.
    public var motion: Motion
    /// The content offset at the start.
    public var fromContentOffset: Point
    /// The content offset at the end.
    public var toContentOffset: Point
    /// The index of the state (data, layout, selection) shown before the segment.
    public var stateBefore: Int
    /// The index of the state shown during and after it.
    public var stateAfter: Int

    /// Creates a segment.
    public init(
        start: Double, duration: Double, curve: TimingCurve, motion: Motion, fromContentOffset: Point,
        toContentOffset: Point, stateBefore: Int, stateAfter: Int
    ) {
        self.start = start
        self.duration = duration
        self.curve = curve
        self.motion = motion
        self.fromContentOffset = fromContentOffset
        self.toContentOffset = toContentOffset
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
    }

    /// The segment's progress at time `t` (0 before it, 1 after it; a spring may pass 1 on the way).
    public func progress(at t: Double) -> Double { curve.progress(elapsed: t - start, duration: duration) }

    /// The content offset at `progress`.
    public func contentOffset(at progress: Double) -> Point {
        fromContentOffset.interpolated(to: toContentOffset, fraction: progress)
    }

    /// The elements of a `transitions` segment at `progress`, each with the state its view shows
    /// (a disappearing element keeps showing the state before, so a deleted item fades out as it
    /// was), in drawing order: zIndex, then element key.
    public func elements(at progress: Double) -> [AnimationFrame.Element] {
        guard case .transitions(let transitions) = motion else { return [] }
        let shown = transitions.map { t in
            AnimationFrame.Element(
                attributes: t.start.interpolated(to: t.end, fraction: progress),
                state: t.change == .disappearing ? stateBefore : stateAfter)
        }
        return AnimationFrame.inDrawingOrder(shown)
    }
}

/// What one frame of an animation shows, as data: the content offset and every element's
/// attributes with the state its view is built from. A frame is drawn by making (or reusing) a
/// view per element and rendering them as a presentation state.
public struct AnimationFrame: Sendable {
    /// One element of the frame.
    public struct Element: Sendable {
        /// The attributes it is drawn with this frame.
        public var attributes: CollectionViewLayoutAttributes
        /// The index of the state (data, layout, selection) its view shows.
        public var state: Int
        /// For a cell shown at another index path than its data's (during a drag, the items are
        /// shown in the order they would have after the move): the data's index path; nil when
        /// they are the same.
        public var dataIndexPath: IndexPath?

        /// Creates an element.
        public init(attributes: CollectionViewLayoutAttributes, state: Int, dataIndexPath: IndexPath? = nil) {
            self.attributes = attributes
            self.state = state
            self.dataIndexPath = dataIndexPath
        }
    }

    /// The frame's number (0 is the scene as `render` draws it).
    public var index: Int
    /// Its time in seconds.
    public var time: Double
    /// The content offset.
    public var contentOffset: Point
    /// The elements, back to front.
    public var elements: [Element]
    /// The state whose look (background, decorations, menu) the frame uses.
    public var state: Int

    /// Creates a frame.
    public init(index: Int, time: Double, contentOffset: Point, elements: [Element], state: Int) {
        self.index = index
        self.time = time
        self.contentOffset = contentOffset
        self.elements = elements
        self.state = state
    }

    /// `elements` sorted as a collection view draws them: by zIndex, then element key.
    public static func inDrawingOrder(_ elements: [Element]) -> [Element] {
        elements.sorted { a, b in
            let za = a.attributes.zIndex, zb = b.attributes.zIndex
            return za != zb ? za < zb : a.attributes.elementKey < b.attributes.elementKey
        }
    }
}

/// The segments of an animation on one time line, and when its frames are taken.
public struct AnimationTimeline: Sendable {
    /// Frames per second.
    public var fps: Double
    /// The segments in time order; a zero-length segment changes the state between two frames.
    public var segments: [AnimationSegment]

    /// Creates a time line.
    public init(fps: Double, segments: [AnimationSegment]) {
        self.fps = fps
        self.segments = segments
    }

    /// The total duration in seconds.
    public var duration: Double { segments.last.map { $0.start + $0.duration } ?? 0 }

    /// How many frames are taken: at t = 0, 1/fps, 2/fps, … up to the duration, plus one at the
    /// duration itself when it falls between two of those, so the last frame always shows the
    /// final state.
    public var frameCount: Int {
        let whole = Int((duration * fps + 1e-9).rounded(.down))
        return whole + 1 + (Double(whole) / fps < duration - 1e-9 ? 1 : 0)
    }

    /// The time of frame `index`: index / fps, or the duration for the last frame.
    public func time(ofFrame index: Int) -> Double {
        min(Double(index) / fps, duration)
    }

    /// The segment that decides what time `t` shows: the last one that has started by then (so a
    /// zero-length change at t is already in effect), or nil before any.
    public func segmentIndex(at t: Double) -> Int? {
        var found: Int?
        for (i, s) in segments.enumerated() where s.start <= t + 1e-12 { found = i }
        return found
    }
}
