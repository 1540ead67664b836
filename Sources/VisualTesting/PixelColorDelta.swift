/// Per-pixel colour differences between two straight-RGBA images, as pixelmatch 7 defines them.
///
/// Written from pixelmatch's documentation and the papers it cites, checked
/// against pixelmatch's counts (see `Tests/VisualTestingTests`):
///
/// - The colour distance is the weighted YIQ distance of Kotsarenko and
///   Ramos (2010): Y = .29889531 R + .58662247 G + .11448223 B,
///   I = .59597799 R − .2741761 G − .32180189 B,
///   Q = .21147017 R − .52261711 G + .31114694 B, and
///   Δ = .5053 Y² + .299 I² + .1957 Q², taken on the channel differences.
/// - A pixel with alpha below 255 in either image is first composited over a
///   background. pixelmatch 7 uses a fixed pseudo-random checkerboard rather
///   than white (so a transparent pixel never equals a white one): each
///   channel's background is 48 or 207, chosen by the parity of the pixel's
///   byte offset k divided by 1, φ and φ² (rounded down) for R, G and B.
///   Composited channel differences are `(c₁a₁ − c₂a₂ − bg·(a₁ − a₂)) / 255`.
///
/// Every step is computed in `Double` in the same order as the definition, so
/// the comparisons against the threshold come out as pixelmatch's do.
struct PixelColorDelta {
    /// The two images' bytes.
    let first: UnsafeBufferPointer<UInt8>
    let second: UnsafeBufferPointer<UInt8>

    /// The largest YIQ Δ there is (black against white), pixelmatch's 35215.
    static let maximumYIQDelta = 35215.0

    /// The checkerboard background channel for byte offset `k`: 48 or 207.
    @inline(__always)
    static func background(_ k: Int, period: Double) -> Int {
        48 + 159 * (Int(Double(k) / period) % 2)
    }

    /// The channel differences at byte offsets `k` (first image) and `m`
    /// (second image), composited over the checkerboard at `k` when either
    /// pixel is translucent; nil when the pixels are equal.
    @inline(__always)
    static func channelDifferences(
        _ a: UnsafeBufferPointer<UInt8>, _ k: Int, _ b: UnsafeBufferPointer<UInt8>, _ m: Int
    ) -> (Double, Double, Double)? {
        let r1 = Int(a[k]), g1 = Int(a[k + 1]), b1 = Int(a[k + 2]), a1 = Int(a[k + 3])
        let r2 = Int(b[m]), g2 = Int(b[m + 1]), b2 = Int(b[m + 2]), a2 = Int(b[m + 3])
        if r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2 { return nil }
        if a1 < 255 || a2 < 255 {
            let da = a1 - a2
            let rb = background(k, period: 1)
            let gb = background(k, period: 1.618033988749895)
            let bb = background(k, period: 2.618033988749895)
            return (
                Double(r1 * a1 - r2 * a2 - rb * da) / 255, Double(g1 * a1 - g2 * a2 - gb * da) / 255,
                Double(b1 * a1 - b2 * a2 - bb * da) / 255
            )
        }
        return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2))
    }

    /// The brightness (Y) difference of two pixels of one image, at byte offsets `k` and `m`.
    @inline(__always)
    static func brightnessDelta(_ image: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int) -> Double {
        guard let (dr, dg, db) = channelDifferences(image, k, image, m) else { return 0 }
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// The signed YIQ Δ at byte offset `k` of both images: negative when the
    /// second pixel is darker, 0 when the pixels are equal.
    @inline(__always)
    func yiqDelta(_ k: Int) -> Double {
        guard let (dr, dg, db) = PixelColorDelta.channelDifferences(first, k, second, k) else { return 0 }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// CIE ΔE94 at byte offset `k`, both pixels composited over the same
    /// checkerboard background first; negative when the second pixel is darker.
    func deltaE94(_ k: Int) -> Double {
        func lab(_ image: UnsafeBufferPointer<UInt8>) -> CIELAB {
            let alpha = Double(image[k + 3]) / 255
            func channel(_ c: Int, _ period: Double) -> Double {
                let background = Double(PixelColorDelta.background(k, period: period))
                return Double(image[k + c]) * alpha + background * (1 - alpha)
            }
            return CIELAB(red: channel(0, 1), green: channel(1, 1.618033988749895), blue: channel(2, 2.618033988749895))
        }
        let one = lab(first), two = lab(second)
        let difference = one.deltaE94(to: two)
        return two.lightness < one.lightness ? -difference : difference
    }
}
