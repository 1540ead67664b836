/// What `Canvas.walkRing` does with one row of a shape minus an inner one: the
/// axis-aligned fast path's counterpart of `RowRunWriter`.
protocol RingRowWriter {
    /// Columns `x..<x + count`, where the outer shape covers each pixel `outer` (0…1) and the
    /// ring (outer minus inner) `ring`.
    mutating func stretch(_ x: Int, _ count: Int, outer: Double, ring: Double)
    /// Column `x`, where an edge or a corner passes: covered `outer` and `ring`.
    mutating func pixel(_ x: Int, outer: Double, ring: Double)
}

/// The ring's runs, and optionally the outer shape's own, merged whenever they continue each
/// other (so where the walk splits them does not matter).
struct RingRunWriter: RingRowWriter {
    let runs: UnsafeMutablePointer<CoverageRun>
    let fillRuns: UnsafeMutablePointer<CoverageRun>?
    private(set) var count = 0
    private(set) var fillCount = 0

    init(runs: UnsafeMutablePointer<CoverageRun>, fillRuns: UnsafeMutablePointer<CoverageRun>?) {
        self.runs = runs
        self.fillRuns = fillRuns
    }

    @inline(__always) mutating func stretch(_ x: Int, _ n: Int, outer: Double, ring: Double) {
        Self.emit(runs, &count, x, n, quantizeCoverage(ring))
        if let fillRuns { Self.emit(fillRuns, &fillCount, x, n, quantizeCoverage(outer)) }
    }

    @inline(__always) mutating func pixel(_ x: Int, outer: Double, ring: Double) {
        stretch(x, 1, outer: outer, ring: ring)
    }

    @inline(__always) private static func emit(
        _ runs: UnsafeMutablePointer<CoverageRun>, _ count: inout Int, _ x: Int, _ n: Int, _ c: UInt8
    ) {
        if c == 0 || n <= 0 { return }
        if count > 0, runs[count - 1].coverage == c, runs[count - 1].x + runs[count - 1].count == x {
            runs[count - 1].count += n
        } else {
            runs[count] = CoverageRun(x: x, count: n, coverage: c)
            count += 1
        }
    }
}

/// A layer's background (the outer shape, `fill`) and border (the ring, `ring`) painted
/// straight into one row of a surface without a clip mask: each edge pixel composited with
/// both colours in one pass (`Blend.overScaledTwice`) with no branch on its coverages
/// (coverage 0 leaves a pixel as it is, bit for bit), each stretch as the fill's span and then
/// the ring's. Pixels are independent, so this gives the bytes of `RingRunWriter`'s fill runs
/// painted and then its ring runs (S3 15.2M → 14.3M instructions a frame and its median
/// frame about 10% shorter, S1 25.4M → 22.8M, in interleaved rounds). `AxisAlignedTests` and
/// `LayerBoxTests` check the bytes.
struct RingRowPainter: RingRowWriter {
    /// Device row `y`'s first pixel, offset so that indexing with a device x works.
    let pixels: UnsafeMutablePointer<UInt32>
    let fill: UInt32
    let ring: UInt32

    init(_ y: Int, fill: RunPainter, ring: RunPainter) {
        pixels = fill.origin + y * fill.stride
        self.fill = fill.color
        self.ring = ring.color
    }

    @inline(__always) mutating func stretch(_ x: Int, _ n: Int, outer: Double, ring ringArea: Double) {
        let f = UInt32(quantizeCoverage(outer)), r = UInt32(quantizeCoverage(ringArea))
        Blend.blend(pixels, x, n, fill, at: f)
        Blend.blend(pixels, x, n, ring, at: r)
    }

    @inline(__always) mutating func pixel(_ x: Int, outer: Double, ring ringArea: Double) {
        let p = pixels + x
        p.pointee = Blend.overScaledTwice(
            fill, coverage: UInt32(quantizeCoverage(outer)), ring, coverage: UInt32(quantizeCoverage(ringArea)),
            p.pointee)
    }
}

/// One colour painted straight into one row of a surface without a clip mask at the ring's
/// coverage (outer minus inner, or the outer shape's alone when there is no inner one): a
/// border by itself, or a background without one. Each edge pixel is composited without a
/// branch on its coverage, each stretch as a span: the bytes of `RingRunWriter`'s ring runs
/// painted by `RunPainter`.
struct RingOnlyRowPainter: RingRowWriter {
    /// Device row `y`'s first pixel, offset so that indexing with a device x works.
    let pixels: UnsafeMutablePointer<UInt32>
    let color: UInt32

    init(_ y: Int, _ painter: RunPainter) {
        pixels = painter.origin + y * painter.stride
        color = painter.color
    }

    @inline(__always) mutating func stretch(_ x: Int, _ n: Int, outer: Double, ring: Double) {
        let c = UInt32(quantizeCoverage(ring))
        Blend.blend(pixels, x, n, color, at: c)
    }

    @inline(__always) mutating func pixel(_ x: Int, outer: Double, ring: Double) {
        let p = pixels + x
        p.pointee = Blend.overScaled(color, coverage: UInt32(quantizeCoverage(ring)), p.pointee)
    }
}
