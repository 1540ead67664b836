import CIntrinsics

/// Four-pixel SIMD versions of the span kernels in `Blend`.
///
/// Shape (same-width integer SIMD, wrapping operators, unaligned loads): 16 bytes of pixels are
/// loaded unaligned as `SIMD8<UInt16>`; the low bytes of the lanes are R and
/// B, the high bytes G and A, so `lanes & 0xFF` and `lanes >> 8` give two
/// sets of 16-bit channels. Each channel is multiplied by a factor ≤ 255 and
/// divided by 255 with the high half of `(x + 128) · 257`, which equals the
/// `(t + (t >> 8)) >> 8`, `t = x + 128`, of the scalar `Blend.scale` (see
/// `divideBy255Rounded`; `x + 128` ≤ 65,153 does not overflow a lane), and only
/// wrapping operators are used. Adding the source cannot carry either, because a
/// premultiplied channel never exceeds its alpha. So every byte equals the
/// scalar reference's; `CompositingTests` checks that on random data.
extension Blend {
    /// Divides every 16-bit lane (≤ 255·255) by 255, rounded to nearest: one high-half
    /// multiply (`pmulhuw`) instead of the scalar form's two shifts and two adds (S2's
    /// instructions −4%, the same bytes).
    @inline(__always) static func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        divideBy255Rounded(x)
    }

    /// `count` pixels at `p` become `color` over them (color not opaque, not zero).
    @inline(__always) static func blendVector(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
        let ia = UInt16(truncatingIfNeeded: 255 &- (color >> 24))
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        let sourceLow = source & 0x00FF, sourceHigh = source &>> 8
        @inline(__always) func blendFour(_ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let low = div255((d & 0x00FF) &* ia) &+ sourceLow
            let high = div255((d &>> 8) &* ia) &+ sourceHigh
            return low | (high &<< 8)
        }
        guard count >= 4 else {
            for i in 0..<max(count, 0) { p[i] = overScaled(color, coverage: 255, p[i]) }
            return
        }
        // The last four pixels are blended first, from the values they had, and stored last,
        // over whatever the steps before wrote where the two overlap (the same values).
        let lastBlock = UnsafeMutableRawPointer(p + count - 4)
        let last = blendFour(lastBlock.loadUnaligned(as: SIMD8<UInt16>.self))
        var raw = UnsafeMutableRawPointer(p)
        var n = count - 4
        while n > 0 {
            raw.storeBytes(of: blendFour(raw.loadUnaligned(as: SIMD8<UInt16>.self)), as: SIMD8<UInt16>.self)
            raw += 16
            n -= 4
        }
        lastBlock.storeBytes(of: last, as: SIMD8<UInt16>.self)
    }

    /// `count` pixels at `p` become `color · coverage[i] / 255` over them.
    @inline(__always) static func blendVector(
        _ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, coverage: UnsafePointer<UInt8>
    ) {
        let source = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        let sourceLow = source & 0x00FF, sourceHigh = source &>> 8
        let alpha = UInt16(truncatingIfNeeded: color >> 24)
        var raw = UnsafeMutableRawPointer(p)
        var c = UnsafeRawPointer(coverage)
        var n = count
        // Every block of four takes the general formula, with no branch on its coverage: 0 gives
        // each pixel back bit for bit (div255(d · 255) = d) and 255 the colour over it, so the
        // shortcuts for blocks of 0 and of 255 changed no byte, and their branches went either
        // way along a glyph's rows (S2's labels 0–3%, S3 2–4%, S1 1–8% shorter in noisy pairs).
        while n >= 4 {
            // Coverage per lane: c0 c0 c1 c1 | c2 c2 c3 c3 (one value per pixel, two lanes each).
            let w = UInt64(c.loadUnaligned(as: UInt32.self))
            let lo = ((w & 0xFF) | ((w & 0xFF00) << 24)) &* 0x0001_0001
            let hi = (((w >> 16) & 0xFF) | ((w & 0xFF00_0000) << 8)) &* 0x0001_0001
            let cov = unsafeBitCast(SIMD2<UInt64>(lo, hi), to: SIMD8<UInt16>.self)
            let sLow = div255(sourceLow &* cov), sHigh = div255(sourceHigh &* cov)
            let ia = 255 &- div255(cov &* alpha)
            let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
            let low = div255((d & 0x00FF) &* ia) &+ sLow
            let high = div255((d &>> 8) &* ia) &+ sHigh
            raw.storeBytes(of: low | (high &<< 8), as: SIMD8<UInt16>.self)
            raw += 16
            c += 4
            n -= 4
        }
        var q = raw.assumingMemoryBound(to: UInt32.self)
        var cp = c.assumingMemoryBound(to: UInt8.self)
        while n > 0 {
            let k = UInt32(cp.pointee)
            if k != 0 { q.pointee = overScaled(color, coverage: k, q.pointee) }
            q += 1
            cp += 1
            n -= 1
        }
    }

    /// `count` source pixels, scaled by `opacity / 255`, over the destination pixels.
    @inline(__always) static func compositeVector(
        _ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32
    ) {
        let factor = UInt16(truncatingIfNeeded: opacity)
        var d = UnsafeMutableRawPointer(destination)
        var s = UnsafeRawPointer(source)
        var n = count
        while n >= 4 {
            var source = s.loadUnaligned(as: SIMD8<UInt16>.self)
            if source != SIMD8(repeating: 0) {
                if factor != 255 {
                    source = div255((source & 0x00FF) &* factor) | (div255((source &>> 8) &* factor) &<< 8)
                }
                // Each pixel's alpha in both of its lanes: (G | A << 16) >> 16, doubled.
                let alpha = unsafeBitCast(source, to: SIMD4<UInt32>.self) &>> 24
                let ia = 255 &- unsafeBitCast(alpha | (alpha &<< 16), to: SIMD8<UInt16>.self)
                let under = d.loadUnaligned(as: SIMD8<UInt16>.self)
                let low = div255((under & 0x00FF) &* ia) &+ (source & 0x00FF)
                let high = div255((under &>> 8) &* ia) &+ (source &>> 8)
                d.storeBytes(of: low | (high &<< 8), as: SIMD8<UInt16>.self)
            }
            d += 16
            s += 16
            n -= 4
        }
        compositeScalar(
            d.assumingMemoryBound(to: UInt32.self), s.assumingMemoryBound(to: UInt32.self), n, opacity: opacity)
    }
}
