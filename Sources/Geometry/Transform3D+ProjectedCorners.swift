extension Transform3D {
    /// `start` united, one corner at a time, with the corners of `rect` that this transform
    /// projects in front of the eye (w > 0), and how many corners fall behind it.
    ///
    /// The corners are taken in the order (minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY),
    /// each as a zero-size rect, so the result is the same to the bit wherever it is used.
    ///
    /// - Parameters:
    ///   - rect: the rect whose corners are projected.
    ///   - start: the box to grow; `Rect.null` for just the projected corners.
    public func unionOfProjectedCorners(of rect: Rect, into start: Rect = .null) -> (
        bounds: Rect, cornersBehind: Int
    ) {
        var bounds = start
        var behind = 0
        for corner in [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ] {
            let q = project(corner)
            if q.w > 0 {
                bounds = bounds.union(Rect(x: q.point.x, y: q.point.y, width: 0, height: 0))
            } else {
                behind += 1
            }
        }
        return (bounds, behind)
    }
}
