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

        settleScanArea()
        let s = target
        let clip = clips.last
        let sx = Double(source.width) / rect.width, sy = Double(source.height) / rect.height
        source.pixels.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            let sampler = BilinearSampler(pixels: src, width: source.width, height: source.height)
            let blitter = RowCallbackBlitter { y, runs in
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
            scan.sweep(in: drawableBounds, fillRule: .nonZero, into: blitter)
        }
    }
}
