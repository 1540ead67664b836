import Testing

@testable import Animation

/// `AnimationTimeline`'s frames and the segment that decides each.
@Suite struct AnimationTimelineTests {
    /// A segment starting at `start` lasting `duration`.
    private func segment(_ start: Double, _ duration: Double) -> AnimationSegment {
        AnimationSegment(
            start: start, duration: duration, curve: .linear, motion: .scroll, fromContentOffset: .zero,
            toContentOffset: .zero, stateBefore: 0, stateAfter: 0)
    }

    /// The segment at a time is the last one started by then: zero-length changes at one instant
    /// are all in effect there (the last of them decides), a time just before a start is the
    /// segment before, and before the first there is none. The binary search agrees with a scan
    /// over every segment at every frame time and at every start, of a time line of 500
    /// segments with runs of zero-length ones.
    @Test func theSegmentAtATimeIsTheLastStartedByThen() {
        var segments: [AnimationSegment] = []
        var time = 0.25
        for i in 0..<500 {
            let duration = i % 7 < 3 ? 0 : Double(1 + i % 5) / 10
            segments.append(segment(time, duration))
            time += duration
        }
        let timeline = AnimationTimeline(fps: 30, segments: segments)
        func scanned(_ t: Double) -> Int? {
            var found: Int?
            for (i, s) in segments.enumerated() where s.start <= t + 1e-12 { found = i }
            return found
        }
        var times = (0..<timeline.frameCount).map(timeline.time(ofFrame:))
        times += segments.flatMap { [$0.start, $0.start - 1e-9, $0.start + 1e-13] }
        for t in times { #expect(timeline.segmentIndex(at: t) == scanned(t), "t = \(t)") }
        #expect(timeline.segmentIndex(at: 0.2) == nil)
        // Three zero-length segments and the one after them all start at 0.25.
        #expect(timeline.segmentIndex(at: 0.25) == 3)
        #expect(timeline.segmentIndex(at: timeline.duration + 1) == 499)
    }
}
