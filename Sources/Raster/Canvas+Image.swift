import Geometry

extension Canvas {
    /// Draws `source` so that its pixel rectangle maps onto `rect` under
    /// `transform` (a 3D transform, projected with perspective), with bilinear
    /// sampling and exact edge coverage, times `opacity`.
    ///
    /// A user point (u, v) lands at device (X/W, Y/W) where
    /// (X, Y, ·, W) = (u, v, 0, 1) · transform. Geometry behind the eye
    /// (W ≤ 0) is clipped away before projection. Each covered pixel samples
    /// the source at the inverse-mapped pixel centre; samples outside the
    /// source clamp to its edge pixels, and the polygon's exact-area coverage
    /// anti-aliases the edges.
    ///
    /// - Complexity: O(covered pixels + edges).
    public func draw(_ source: Image, in rect: Rect, transform: Transform3D = .identity, opacity: Double = 1) {
        guard !rect.isEmpty, opacity > 0 else { return }
        let op = UInt32(min(opacity, 1) * 255 + 0.5)
        guard op > 0 else { return }
        // Homography from user space to device space, row-vector form [u v 1]·H.
        let h = Homography(
            m: [
                transform.m11, transform.m12, transform.m14,
                transform.m21, transform.m22, transform.m24,
                transform.m41, transform.m42, transform.m44,
            ])
        guard let inverse = h.inverted() else { return }

        // Corners in homogeneous device space, clipped against W ≥ ε.
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ].map { h.apply($0) }
        let visible = Homography.clipToFront(corners)
        guard visible.count >= 3 else { return }
        scan.reset()
        for i in 0..<visible.count {
            let a = visible[i], b = visible[(i + 1) % visible.count]
            scan.addSegment(Point(x: a.x / a.w, y: a.y / a.w), Point(x: b.x / b.w, y: b.y / b.w))
        }

        let s = target
        let clip = clips.last
        let sx = Double(source.width) / rect.width, sy = Double(source.height) / rect.height
        source.pixels.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            let sampler = BilinearSampler(pixels: src, width: source.width, height: source.height)
            scan.sweep(in: drawableBounds, fillRule: .nonZero) { y, runs in
                let row = s.row(y)
                let py = Double(y) + 0.5
                for run in runs {
                    for x in run.x..<(run.x + run.count) {
                        var c = UInt32(run.coverage)
                        if let clip, clip.mask != nil { c = div255(c * UInt32(clip.coverage(x: x, y: y))) }
                        if op != 255 { c = div255(c * op) }
                        if c == 0 { continue }
                        let q = inverse.apply(Point(x: Double(x) + 0.5, y: py))
                        guard q.w != 0 else { continue }
                        let u = (q.x / q.w - rect.minX) * sx - 0.5
                        let v = (q.y / q.w - rect.minY) * sy - 0.5
                        var px = sampler.sample(u, v)
                        if c != 255 { px = Blend.scale(px, c) }
                        if px != 0 { row[x] = Blend.over(px, row[x]) }
                    }
                }
            }
        }
    }
}

/// A 3x3 projective map in row-vector form: [x y 1] · m.
struct Homography {
    var m: [Double]

    struct Homogeneous {
        var x: Double, y: Double, w: Double
    }

    func apply(_ p: Point) -> Homogeneous {
        Homogeneous(
            x: p.x * m[0] + p.y * m[3] + m[6],
            y: p.x * m[1] + p.y * m[4] + m[7],
            w: p.x * m[2] + p.y * m[5] + m[8])
    }

    /// The inverse map, or nil when singular.
    func inverted() -> Homography? {
        let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
        let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
        let det = a * c00 + b * c01 + c * c02
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(m: [
            c00 * inv, -(b * i - c * h) * inv, (b * f - c * e) * inv,
            c01 * inv, (a * i - c * g) * inv, -(a * f - c * d) * inv,
            c02 * inv, -(a * h - b * g) * inv, (a * e - b * d) * inv,
        ])
    }

    /// The part of a convex polygon in front of the eye (w ≥ ε), by Sutherland–Hodgman.
    static func clipToFront(_ poly: [Homogeneous]) -> [Homogeneous] {
        let epsilon = 1e-6
        var out: [Homogeneous] = []
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ina = a.w >= epsilon, inb = b.w >= epsilon
            if ina { out.append(a) }
            if ina != inb {
                let t = (epsilon - a.w) / (b.w - a.w)
                out.append(Homogeneous(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, w: epsilon))
            }
        }
        return out
    }
}

/// Bilinear sampling of premultiplied RGBA8 words with clamp-to-edge, using
/// 8-bit fixed-point weights (the fractions are rounded to 1/256).
struct BilinearSampler {
    let pixels: UnsafeBufferPointer<UInt32>
    let width: Int
    let height: Int

    @inline(__always) func sample(_ u: Double, _ v: Double) -> UInt32 {
        let uc = min(max(u, 0), Double(width - 1)), vc = min(max(v, 0), Double(height - 1))
        let x0 = Int(uc), y0 = Int(vc)
        let fx = UInt32(((uc - Double(x0)) * 256).rounded()), fy = UInt32(((vc - Double(y0)) * 256).rounded())
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let p00 = pixels[y0 * width + x0], p10 = pixels[y0 * width + x1]
        let p01 = pixels[y1 * width + x0], p11 = pixels[y1 * width + x1]
        if fx == 0 && fy == 0 { return p00 }
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
            let a = (p00 >> shift) & 255, b = (p10 >> shift) & 255
            let c = (p01 >> shift) & 255, d = (p11 >> shift) & 255
            let top = a * (256 - fx) + b * fx, bottom = c * (256 - fx) + d * fx
            let value = (top * (256 - fy) + bottom * fy + 32768) >> 16
            out |= min(value, 255) << shift
        }
        return out
    }
}
