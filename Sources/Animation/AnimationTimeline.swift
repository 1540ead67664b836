import Geometry
import Layout

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
    /// final state. An animation whose steps all take no time has two frames, both at t = 0:
    /// the scene as it starts and its final state.
    public var frameCount: Int {
        let whole = Int((duration * fps + 1e-9).rounded(.down))
        let atEnd = Double(whole) / fps < duration - 1e-9 || (whole == 0 && !segments.isEmpty)
        return whole + 1 + (atEnd ? 1 : 0)
    }

    /// The time of frame `index`: index / fps, or the duration for the last frame.
    public func time(ofFrame index: Int) -> Double {
        min(Double(index) / fps, duration)
    }

    /// The segment that decides what time `t` shows: the last one that has started by then (so a
    /// zero-length change at t is already in effect), or nil before any.
    ///
    /// - Complexity: O(log n) for n segments, a binary search (the segments are in time order;
    ///   a scan from the first, for every frame, made an animation of many steps cost frames ×
    ///   steps).
    public func segmentIndex(at t: Double) -> Int? {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= t + 1e-12 { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
