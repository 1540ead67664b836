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
    /// The collection view's bounds size at the start and the end, when the segment changes it
    /// (a rotation); nil: the size of the states' canvas.
    public var fromBoundsSize: Size?
    /// The bounds size at the end of a segment that changes it (see `fromBoundsSize`).
    public var toBoundsSize: Size?

    /// Creates a segment.
    public init(
        start: Double, duration: Double, curve: TimingCurve, motion: Motion, fromContentOffset: Point,
        toContentOffset: Point, stateBefore: Int, stateAfter: Int, fromBoundsSize: Size? = nil,
        toBoundsSize: Size? = nil
    ) {
        self.start = start
        self.duration = duration
        self.curve = curve
        self.motion = motion
        self.fromContentOffset = fromContentOffset
        self.toContentOffset = toContentOffset
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.fromBoundsSize = fromBoundsSize
        self.toBoundsSize = toBoundsSize
    }

    /// The bounds size at `progress` of a segment that changes it (linear in the progress, as
    /// UIKit animates a view's bounds); nil for one that does not.
    public func boundsSize(at progress: Double) -> Size? {
        guard let fromBoundsSize, let toBoundsSize else { return nil }
        return fromBoundsSize.interpolated(to: toBoundsSize, fraction: progress)
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
                state: t.change == .disappearing ? stateBefore : stateAfter, isDisappearing: t.change == .disappearing)
        }
        return AnimationFrame.inDrawingOrder(shown)
    }
}
