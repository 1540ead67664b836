/// The rows through a rounded box's corners as the axis-aligned fast path paints them without
/// a clip mask, recorded in the shapes' local columns so that a box of the same shapes
/// elsewhere paints them again without computing a corner's area: a background, a border, or
/// both in one sweep (`Kind`).
///
/// A collection view draws many cells of one size at whole-pixel positions, and each cell's
/// corner rows cost more than the rest of it: about 270 cycles a row for S1's 4,725 rows a
/// frame, a quarter of the frame (BENCHMARKS.md, "What a box's corner rows cost"). The
/// coverage of a row depends only on the shapes relative to the whole pixel at the outer
/// shape's top-left (`DeviceRoundedRect.translated`), so it can be kept: each row as stretches
/// (one coverage of the outer shape and one of the ring over several pixels) and runs of edge
/// pixels (a pair of coverage bytes each). Replaying composites exactly what the walk's
/// painters would: `RingRowPainter` for both parts (a stretch with `Blend.blend` twice, edge
/// pixels with `Blend.overScaledTwice`), `RingOnlyRowPainter` for one (a stretch with
/// `Blend.blend`, edge pixels with `Blend.blend(_:_:_:_:coverage:avx2:)`), whose pixel and row
/// forms give the same bytes (`CompositingTests`, `BlendKernelTests`). `CornerRowRecordingTests`
/// draws boxes with the recordings and without them and compares the bytes.
final class CornerRowRecording {
    /// What a recording paints: which walk made it and which painter replays it.
    enum Kind {
        /// A shape alone (a background): the ring is the outer shape.
        case fill
        /// The outer shape minus the inner one (a border).
        case border
        /// A background and a border in one sweep.
        case fillAndBorder
    }

    /// The painters a recording's rows are replayed into, and where its local columns start.
    struct Painters {
        /// The border's painter (the shape's own for `Kind.fill`).
        let ring: RunPainter
        /// The background's painter under the border, for `Kind.fillAndBorder`.
        let fill: RunPainter?
        /// The device column of local column 0.
        let columnOffset: Int
        /// How many pixels from local column 0 on may be read and written back unchanged
        /// (`Blend.overScaledTwice`).
        let room: Int
    }

    /// Pixels from local column `x` on: a stretch (`coverage` < 0) composites the background
    /// at `fill` and then the border at `ring` over `count` pixels; an edge run takes pixel
    /// i's coverages from the recording's bytes at `coverage + i`.
    struct Segment {
        var x: Int32
        var count: Int32
        var coverage: Int32
        var fill: UInt8
        var ring: UInt8
    }

    /// One local row's segments: `start..<end` into `segments` (empty for rows not recorded).
    struct RowRange {
        var start: Int32
        var end: Int32
    }

    /// The pixel columns and rows of the boxes this recording is for (their shapes are the
    /// cache's key).
    let columnCount: Int, rowCount: Int
    // Read for every replayed row, and the dynamic exclusivity check of a class property
    // costs more than the read (as for `Canvas`'s state): a recording is used by one canvas,
    // on one thread, and no access is held across a call that could re-enter it.
    @exclusivity(unchecked) private var rows: RawBuffer<RowRange>
    @exclusivity(unchecked) private var segments = RawBuffer<Segment>(capacity: 64)
    @exclusivity(unchecked) private var fillCoverage = RawBuffer<UInt8>(capacity: 256)
    @exclusivity(unchecked) private var ringCoverage = RawBuffer<UInt8>(capacity: 256)
    /// Whether every row has been recorded (and the recording may be replayed).
    @exclusivity(unchecked) private(set) var isComplete = false
    /// Whether the box turned out too large to keep (`maximumBytes`).
    @exclusivity(unchecked) private(set) var isAbandoned = false

    /// The most memory one recording keeps; a larger box is painted without one.
    static let maximumBytes = 64 << 10
    /// Coverage bytes past the last that `Blend.overScaledTwice` may read.
    private static let readPadding = 8

    /// An empty recording for boxes of `columnCount` by `rowCount` pixels.
    init(columnCount: Int, rowCount: Int) {
        self.columnCount = columnCount
        self.rowCount = rowCount
        rows = RawBuffer(capacity: rowCount)
        rows.base.initialize(repeating: RowRange(start: 0, end: 0), count: rows.capacity)
        rows.count = rowCount
    }

    deinit {
        rows.deallocate()
        segments.deallocate()
        fillCoverage.deallocate()
        ringCoverage.deallocate()
    }

    /// The bytes the recording holds.
    private var bytes: Int {
        rows.count * MemoryLayout<RowRange>.stride + segments.count * MemoryLayout<Segment>.stride
            + 2 * fillCoverage.count
    }

    /// Records local row `row` with a walk (`Canvas.walkRing`) handed the writer `record` gets.
    /// A recording that grows past `maximumBytes` is abandoned: its storage is freed, and the
    /// rest of the box is painted without it.
    func record(row: Int, _ walk: (inout Recorder) -> Void) {
        precondition(!isComplete && !isAbandoned && row >= 0 && row < rows.count, "row \(row) recorded out of turn")
        let start = Int32(segments.count)
        var recorder = Recorder(
            segments: segments, fillCoverage: fillCoverage, ringCoverage: ringCoverage, firstSegment: segments.count)
        walk(&recorder)
        segments = recorder.segments
        fillCoverage = recorder.fillCoverage
        ringCoverage = recorder.ringCoverage
        rows[row] = RowRange(start: start, end: Int32(segments.count))
        if bytes > Self.maximumBytes {
            // The cache keeps an abandoned recording only to know not to start another.
            isAbandoned = true
            rows.deallocate()
            segments.deallocate()
            fillCoverage.deallocate()
            ringCoverage.deallocate()
            rows = RawBuffer(capacity: 1)
            segments = RawBuffer(capacity: 1)
            fillCoverage = RawBuffer(capacity: 1)
            ringCoverage = RawBuffer(capacity: 1)
        }
    }

    /// Marks the recording complete once every row of a box has been recorded.
    func finish() {
        fillCoverage.reserve(fillCoverage.count + Self.readPadding)
        ringCoverage.reserve(ringCoverage.count + Self.readPadding)
        isComplete = true
    }

    /// The rows recorded so far, to replay: valid until the next row is recorded (for ever once
    /// the recording `isComplete`, while it lives).
    var replay: Replay {
        Replay(
            rows: UnsafePointer(rows.base), segments: UnsafePointer(segments.base),
            fillCoverage: UnsafePointer(fillCoverage.base), ringCoverage: UnsafePointer(ringCoverage.base))
    }

    /// A recording's storage by pointer: a plain value, so that replaying a row counts no
    /// references (a call on the recording itself retained and released it for every row,
    /// 4,500 times in S1's frame).
    struct Replay {
        let rows: UnsafePointer<RowRange>
        let segments: UnsafePointer<Segment>
        let fillCoverage: UnsafePointer<UInt8>
        let ringCoverage: UnsafePointer<UInt8>

        /// Composites local row `row` into device row `y` through `painters`.
        @inline(__always) func callAsFunction(row: Int, y: Int, _ painters: Painters) {
            let range = rows[row]
            let ring = painters.ring, avx2 = ring.avx2
            let pixels = ring.origin + y * ring.stride + painters.columnOffset
            guard let fill = painters.fill?.color else {
                for k in Int(range.start)..<Int(range.end) {
                    let s = segments[k]
                    let x = Int(s.x), n = Int(s.count)
                    if s.coverage < 0 {
                        Blend.blend(pixels, x, n, ring.color, at: UInt32(s.ring), avx2: avx2)
                    } else {
                        Blend.blend(pixels, x, n, ring.color, coverage: ringCoverage + Int(s.coverage), avx2: avx2)
                    }
                }
                return
            }
            for k in Int(range.start)..<Int(range.end) {
                let s = segments[k]
                let x = Int(s.x), n = Int(s.count)
                if s.coverage < 0 {
                    Blend.blend(pixels, x, n, fill, at: UInt32(s.fill), avx2: avx2)
                    Blend.blend(pixels, x, n, ring.color, at: UInt32(s.ring), avx2: avx2)
                } else {
                    let c = Int(s.coverage)
                    Blend.overScaledTwice(
                        pixels + x, n, room: max(n, painters.room - x), fill, coverage: fillCoverage + c, ring.color,
                        coverage: ringCoverage + c, avx2: avx2)
                }
            }
        }
    }

    /// The writer a row's walk records into: coverages quantized as `RingRowPainter` and
    /// `RingOnlyRowPainter` quantize them, consecutive edge pixels of the row joined into one run.
    struct Recorder: RingRowWriter {
        fileprivate var segments: RawBuffer<Segment>
        fileprivate var fillCoverage: RawBuffer<UInt8>
        fileprivate var ringCoverage: RawBuffer<UInt8>
        /// The row's first segment (earlier ones belong to earlier rows).
        fileprivate let firstSegment: Int

        @inline(__always) mutating func stretch(_ x: Int, _ n: Int, outer: Double, ring: Double) {
            let f = quantizeCoverage(outer), r = quantizeCoverage(ring)
            if n <= 0 || (f == 0 && r == 0) { return }
            segments.append(Segment(x: Int32(x), count: Int32(n), coverage: -1, fill: f, ring: r))
        }

        @inline(__always) mutating func pixel(_ x: Int, outer: Double, ring: Double) {
            let c = Int32(fillCoverage.count)
            fillCoverage.append(quantizeCoverage(outer))
            ringCoverage.append(quantizeCoverage(ring))
            if segments.count > firstSegment {
                let last = segments[segments.count - 1]
                if last.coverage >= 0 && last.x + last.count == Int32(x) {
                    segments[segments.count - 1].count += 1
                    return
                }
            }
            segments.append(Segment(x: Int32(x), count: 1, coverage: c, fill: 0, ring: 0))
        }
    }
}

extension CornerRowRecording {
    /// The recordings of the last few boxes drawn twice. A box is recorded the second time its
    /// shapes are seen and replayed from the third on, so that boxes that never repeat (cells
    /// in motion, at fractional positions) cost a comparison of shapes and nothing more.
    final class Cache {
        private struct Slot {
            var kind: Kind
            var outer: DeviceRoundedRect
            var inner: DeviceRoundedRect
            var recording: CornerRowRecording?
        }

        @exclusivity(unchecked) private var slots: [Slot] = []
        @exclusivity(unchecked) private var next = 0
        private static let capacity = 8

        /// Replays and recordings so far (for tests).
        @exclusivity(unchecked) private(set) var replays = 0
        @exclusivity(unchecked) private(set) var recordings = 0

        /// Whether recordings are made and replayed (tests turn them off for a reference).
        @exclusivity(unchecked) var isEnabled = true

        /// What to do for a box of local shapes `outer` minus `inner` (`outer` again for
        /// `Kind.fill`) covering `columnCount` by `rowCount` pixels: a complete recording to
        /// replay, an empty one to record into (and `finish`), or nil to paint the box without one.
        func recording(
            _ kind: Kind, outer: DeviceRoundedRect, inner: DeviceRoundedRect, columnCount: Int, rowCount: Int
        ) -> CornerRowRecording? {
            if !isEnabled { return nil }
            for k in slots.indices
            where slots[k].kind == kind && slots[k].outer.isIdentical(to: outer)
                && slots[k].inner.isIdentical(to: inner)
            {
                if let r = slots[k].recording {
                    // Shapes a whole number of pixels apart cover as many pixels unless their
                    // coordinates rounded when made local (`DeviceRoundedRect.translated`).
                    if r.isComplete && !r.isAbandoned && r.columnCount == columnCount && r.rowCount == rowCount {
                        replays += 1
                        return r
                    }
                    return nil
                }
                let r = CornerRowRecording(columnCount: columnCount, rowCount: rowCount)
                slots[k].recording = r
                recordings += 1
                return r
            }
            let slot = Slot(kind: kind, outer: outer, inner: inner, recording: nil)
            if slots.count < Self.capacity {
                slots.append(slot)
            } else {
                slots[next] = slot
                next = (next + 1) % Self.capacity
            }
            return nil
        }
    }
}
