import CIntrinsics

/// Source-over compositing kernels on packed premultiplied RGBA8 words.
///
/// All kernels compute, per channel, `s + d·(255 − sa)/255` with the divide
/// rounded to nearest exactly (`div255`). The word kernels do two channels
/// at a time in 16-bit lanes of a 32-bit integer (R and B, then G and A):
/// each lane holds at most 255·255 + 255, so nothing carries into the next
/// lane and the result equals the per-channel reference bit for bit
/// (`PremultipliedColor.over`, which the tests compare against).
///
/// The span kernels `blend(_:_:_:_:)`, `blend(_:_:_:_:coverage:)` and
/// `composite(_:_:_:opacity:)` run four pixels per step in SIMD (see
/// `Blend+Vector.swift`), the solid span eight per step with AVX2 where the
/// processor has it, sixteen with AVX-512BW (`blendSolidSpanWide`, chosen at
/// run time: the build targets baseline x86-64); the scalar loops here (`blendScalar`,
/// `compositeScalar`) are their reference, and the tests check each kernel
/// gives identical bytes for random data at every alignment and length.
enum Blend {
    /// `source` over `destination`, both packed premultiplied words.
    @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (s >> 24)
        return s &+ scale(d, ia)
    }

    /// `color` at `coverage / 255` over one pixel: `over(scale(color, coverage), d)` (coverage
    /// 255 giving `over(color, d)`), computed in SSE2 lanes by `blendPixel`, about half the
    /// instructions of the two word kernels; the same bytes (`CompositingTests`).
    @inline(__always) static func overScaled(_ color: UInt32, coverage: UInt32, _ d: UInt32) -> UInt32 {
        blendPixel(color, coverage, d)
    }

    /// `overScaled(ring, coverage: ringCoverage, overScaled(fill, coverage: fillCoverage, d))`
    /// in one pass through the SSE2 lanes (`blendPixelTwice`): a layer's background and border
    /// over one edge pixel. The same bytes (`CompositingTests`).
    @inline(__always) static func overScaledTwice(
        _ fill: UInt32, coverage fillCoverage: UInt32, _ ring: UInt32, coverage ringCoverage: UInt32, _ d: UInt32
    ) -> UInt32 {
        blendPixelTwice(fill, fillCoverage, ring, ringCoverage, d)
    }

    /// `overScaledTwice` for `count` consecutive pixels from `pixels`, pixel i with `fill` at
    /// `fillCoverage[i]` and `ring` at `ringCoverage[i]`: four pixels a step in SSE2
    /// (`blendPixelsTwice`), or eight in AVX2 when `avx2` (`hasAVX2`, read once by the caller:
    /// `blendPixelsTwiceAVX2`); the same bytes either way (`CompositingTests`).
    ///
    /// `room` (at least `count`) is how many pixels from `pixels` on may be read and written
    /// back unchanged: a row shorter than eight with room for eight is blended as one block of
    /// eight whose pixels past `count` get coverage 0, so both coverage rows must then be
    /// readable for eight bytes.
    @inline(__always) static func overScaledTwice(
        _ pixels: UnsafeMutablePointer<UInt32>, _ count: Int, room: Int, _ fill: UInt32,
        coverage fillCoverage: UnsafePointer<UInt8>,
        _ ring: UInt32, coverage ringCoverage: UnsafePointer<UInt8>, avx2: Bool
    ) {
        if avx2 {
            blendPixelsTwiceAVX2(pixels, count, room, fillCoverage, ringCoverage, fill, ring)
        } else {
            blendPixelsTwice(pixels, count, fillCoverage, ringCoverage, fill, ring)
        }
    }

    /// Every channel of the packed word times `factor / 255`, rounded to nearest (factor ≤ 255).
    @inline(__always) static func scale(_ w: UInt32, _ factor: UInt32) -> UInt32 {
        var rb = (w & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ga = ((w >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ga
    }

    /// Fills `count` words from `x` with `color`, replacing what was there.
    @inline(__always) static func copy(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32) {
        (row + x).update(repeating: color, count: count)
    }

    /// Composites one colour over `count` words from `x`, eight or sixteen a step when `avx2`
    /// (`blendSolidSpanWide`).
    ///
    /// `avx2` is `hasAVX2` unless the caller read that once for many spans: on Linux every read
    /// of a lazily initialised global is a call to `swift_once`, around which the caller's vector
    /// registers are saved and restored (S2's layer boxes read it for every span and stretch,
    /// 39,000 calls a frame). It is evaluated only for a translucent span of eight or more.
    @inline(__always) static func blend(
        _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32,
        avx2: @autoclosure () -> Bool = hasAVX2
    ) {
        if color >> 24 == 255 { return copy(row, x, count, color) }
        if color == 0 { return }
        if count >= 8 && avx2() {
            blendSolidSpanWide(row + x, count, color)
            return
        }
        blendVector(row + x, count, color)
    }

    /// Whether the span kernels may use AVX2 (`blendSolidSpanAVX2`, `blendPixelsTwiceAVX2`:
    /// eight pixels a step).
    static let hasAVX2 = processorHasAVX2() != 0

    /// Composites `color` at one `coverage` (0…255) over `count` words from `x`: nothing at 0,
    /// the colour itself at 255, else the colour scaled.
    @inline(__always) static func blend(
        _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32, at coverage: UInt32,
        avx2: @autoclosure () -> Bool = hasAVX2
    ) {
        if coverage == 0 { return }
        blend(row, x, count, coverage == 255 ? color : scale(color, coverage), avx2: avx2())
    }

    /// Composites `color` scaled by per-pixel `coverage` over `count` words from `x`, eight a
    /// step in AVX2 when `avx2` (`blendCoverageSpanAVX2`) and the span holds eight or more.
    @inline(__always) static func blend(
        _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32, coverage: UnsafePointer<UInt8>,
        avx2: @autoclosure () -> Bool = hasAVX2
    ) {
        if count >= 8 && avx2() {
            blendCoverageSpanAVX2(row + x, count, color, coverage)
            return
        }
        blendVector(row + x, count, color, coverage: coverage)
    }

    /// Composites `count` source pixels, each scaled by `opacity / 255`, over
    /// the destination pixels (a transparency layer onto the one below).
    @inline(__always) static func composite(
        _ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32
    ) {
        compositeVector(destination, source, count, opacity: opacity)
    }

    /// The scalar reference for `composite(_:_:_:opacity:)`.
    static func compositeScalar(
        _ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32
    ) {
        for i in 0..<count {
            var s = source[i]
            if s == 0 { continue }
            if opacity != 255 { s = scale(s, opacity) }
            destination[i] = over(s, destination[i])
        }
    }

    /// The scalar reference for `blend(_:_:_:_:)`: one pixel at a time.
    static func blendScalar(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32) {
        if color >> 24 == 255 { return copy(row, x, count, color) }
        if color == 0 { return }
        let ia = 255 &- (color >> 24)
        var p = row + x
        let end = p + count
        while p < end {
            p.pointee = color &+ scale(p.pointee, ia)
            p += 1
        }
    }

    /// The scalar reference for `blend(_:_:_:_:coverage:)`: one pixel at a time.
    static func blendScalar(
        _ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ count: Int, _ color: UInt32, coverage: UnsafePointer<UInt8>
    ) {
        for i in 0..<count {
            let c = UInt32(coverage[i])
            if c == 0 { continue }
            let s = c == 255 ? color : scale(color, c)
            row[x + i] = over(s, row[x + i])
        }
    }
}
