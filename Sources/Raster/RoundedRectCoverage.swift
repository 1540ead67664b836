import CIntrinsics

/// The exact coverage of a `DeviceRoundedRect`, one pixel row at a time.
///
/// A pixel's coverage is the rectangle's (row height inside the shape ×
/// column width inside it) minus what each corner cuts away there, looked
/// up in the corner's `CornerCutTable`. Within a row the shape is split
/// into zones: nothing left of `l0`; pixels an edge or arc passes through in
/// `l0..<l1` (computed one by one); full row-height coverage in `l1..<r0`
/// (one run however wide); the right edge in `r0..<r1`; nothing from `r1`.
struct RoundedRectCoverage {
    /// One corner's table and how device pixels map to its local pixels:
    /// local column = `columnSign · (x − baseColumn)`, likewise rows. A plain
    /// value (the cache keeps the table for the shape: `CornerCutTable.Cache`), so copying it
    /// never retains.
    struct Anchor {
        var exists = false
        var cuts = UnsafePointer<Double>(bitPattern: 8)!
        /// The arc's u at the table's row boundaries.
        var arc = UnsafePointer<Double>(bitPattern: 8)!
        var firstU = 0, firstV = 0, columns = 0, rows = 0
        var centerX = 0.0
        var baseColumn = 0, columnSign = 1, baseRow = 0, rowSign = 1

        @inline(__always) func localRow(_ y: Int) -> Int { rowSign * (y - baseRow) }

        /// Whether local row `mv` has pixels in the corner box.
        @inline(__always) func hasRow(_ mv: Int) -> Bool { exists && mv >= firstV && mv < firstV + rows }

        /// The cut area at device column `x` in local row `mv` (which `hasRow`), 0 outside the box.
        @inline(__always) func cut(_ x: Int, _ mv: Int) -> Double {
            let i = columnSign * (x - baseColumn) - firstU
            guard i >= 0, i < columns else { return 0 }
            return cuts[(mv - firstV) * columns + i]
        }

        /// The device x of the arc's innermost point in local row `mv` (which `hasRow`):
        /// where it crosses the row's boundary farther from the centre.
        @inline(__always) func innermostX(_ mv: Int) -> Double {
            centerX + Double(columnSign) * arc[mv - firstV + 1]
        }

        /// The device x of the arc's outermost point in local row `mv` (which `hasRow`):
        /// where it crosses the row's boundary nearer the centre (the side for the
        /// row that also holds straight edge, where u = r).
        @inline(__always) func outermostX(_ mv: Int) -> Double {
            centerX + Double(columnSign) * arc[mv - firstV]
        }
    }

    /// One row's extent, zones and active corners.
    struct Row {
        /// The row's height inside the shape's vertical extent.
        var height: Double
        var l0: Int, l1: Int, r0: Int, r1: Int
        /// Local corner rows (top-left, top-right, bottom-right, bottom-left), or `Int.min` when the row misses that corner.
        var topLeft = Int.min, topRight = Int.min, bottomRight = Int.min, bottomLeft = Int.min
    }

    let shape: DeviceRoundedRect
    var topLeft = Anchor(), topRight = Anchor(), bottomRight = Anchor(), bottomLeft = Anchor()
    /// The ends of the top and bottom corner rows: rows entirely between them are plain.
    let cornerTop: Double, cornerBottom: Double

    /// A stand-in with no corners, for a ring without an inner shape (never consulted).
    init(empty shape: DeviceRoundedRect) {
        self.shape = shape
        cornerTop = shape.minY
        cornerBottom = shape.maxY
    }

    /// Prepares the four corners, taking tables from `cache`: use the result only until the
    /// cache's next `beginShape()`.
    init(_ shape: DeviceRoundedRect, cache: CornerCutTable.Cache) {
        self.shape = shape
        func anchor(_ c: DeviceRoundedRect.Corner, left: Bool, top: Bool) -> Anchor {
            if c.isSquare { return Anchor() }
            let cx = left ? shape.minX + c.rx : shape.maxX - c.rx
            let cy = top ? shape.minY + c.ry : shape.maxY - c.ry
            // Distance from the centre to the next pixel boundary outward, and the device
            // column (row) of local pixel 0.
            let gx = left ? cx - Double(floorToInt(cx)) : Double(ceilToInt(cx)) - cx
            let gy = top ? cy - Double(floorToInt(cy)) : Double(ceilToInt(cy)) - cy
            let table = cache.table(rx: c.rx, ry: c.ry, gu: gx, gv: gy)
            return Anchor(
                exists: true, cuts: table.cuts, arc: table.arc, firstU: table.firstU, firstV: table.firstV,
                columns: table.columns, rows: table.rows, centerX: cx,
                baseColumn: left ? floorToInt(cx) : ceilToInt(cx) - 1, columnSign: left ? -1 : 1,
                baseRow: top ? floorToInt(cy) : ceilToInt(cy) - 1, rowSign: top ? -1 : 1)
        }
        topLeft = anchor(shape.topLeft, left: true, top: true)
        topRight = anchor(shape.topRight, left: false, top: true)
        bottomRight = anchor(shape.bottomRight, left: false, top: false)
        bottomLeft = anchor(shape.bottomLeft, left: true, top: false)
        cornerTop = shape.minY + max(shape.topLeft.ry, shape.topRight.ry)
        cornerBottom = shape.maxY - max(shape.bottomLeft.ry, shape.bottomRight.ry)
    }

    /// Whether the band `ya…yb` of a row meets a corner's rows.
    @inline(__always) func meetsCorner(_ ya: Double, _ yb: Double) -> Bool {
        ya < cornerTop || yb > cornerBottom
    }

    /// Row `y`'s zones, or nil when the shape does not reach into it.
    func row(_ y: Int) -> Row? {
        let ya = greaterOf(shape.minY, Double(y)), yb = minDouble(shape.maxY, Double(y + 1))
        guard yb > ya else { return nil }
        // Each corner's arc is farthest in at the row boundary farther from its
        // centre, and farthest out at the nearer one; where a row has no corner
        // the side is straight. Outside the outermost points nothing is covered.
        var left = shape.minX, right = shape.maxX
        var leftmost = Double.infinity, rightmost = -Double.infinity
        var r = Row(height: yb - ya, l0: 0, l1: 0, r0: 0, r1: 0)
        let tl = topLeft.localRow(y), tr = topRight.localRow(y)
        let br = bottomRight.localRow(y), bl = bottomLeft.localRow(y)
        if topLeft.hasRow(tl) {
            r.topLeft = tl
            left = greaterOf(left, topLeft.innermostX(tl))
            leftmost = minDouble(leftmost, topLeft.outermostX(tl))
        }
        if bottomLeft.hasRow(bl) {
            r.bottomLeft = bl
            left = greaterOf(left, bottomLeft.innermostX(bl))
            leftmost = minDouble(leftmost, bottomLeft.outermostX(bl))
        }
        if topRight.hasRow(tr) {
            r.topRight = tr
            right = minDouble(right, topRight.innermostX(tr))
            rightmost = greaterOf(rightmost, topRight.outermostX(tr))
        }
        if bottomRight.hasRow(br) {
            r.bottomRight = br
            right = minDouble(right, bottomRight.innermostX(br))
            rightmost = greaterOf(rightmost, bottomRight.outermostX(br))
        }
        if leftmost == .infinity { leftmost = shape.minX }
        if rightmost == -.infinity { rightmost = shape.maxX }
        let l0 = floorToInt(greaterOf(shape.minX, leftmost)), r1 = ceilToInt(minDouble(shape.maxX, rightmost))
        var l1 = max(l0, ceilToInt(left)), r0 = min(r1, floorToInt(right))
        if l1 > r0 {
            // The edges' pixels meet: the whole row is computed pixel by pixel.
            l1 = r1
            r0 = r1
        }
        r.l0 = l0
        r.l1 = l1
        r.r0 = r0
        r.r1 = r1
        return r
    }

    /// The exact coverage (0…1, up to rounding) of pixel column `x` in `row`.
    @inline(__always) func coverage(_ x: Int, _ row: Row) -> Double {
        let lo = greaterOf(shape.minX, Double(x)), hi = minDouble(shape.maxX, Double(x + 1))
        var c = hi > lo ? row.height * (hi - lo) : 0
        if row.topLeft != Int.min { c -= topLeft.cut(x, row.topLeft) }
        if row.topRight != Int.min { c -= topRight.cut(x, row.topRight) }
        if row.bottomRight != Int.min { c -= bottomRight.cut(x, row.bottomRight) }
        if row.bottomLeft != Int.min { c -= bottomLeft.cut(x, row.bottomLeft) }
        return c
    }
}

extension RoundedRectCoverage.Row {
    /// What the shape does at column `x`: 0 nothing, 1 pixel by pixel, 2 full row height;
    /// and the first column where that changes.
    @inline(__always) func zone(at x: Int) -> (kind: Int, end: Int) {
        if x < l0 { return (0, l0) }
        if x < l1 { return (1, l1) }
        if x < r0 { return (2, r0) }
        if x < r1 { return (1, r1) }
        return (0, Int.max)
    }
}

/// 8-bit coverage from an exact area in pixels, rounded to nearest, as the
/// scan converter quantizes (`ScanConverter.quantize` for the non-zero rule).
@inline(__always) func quantizeCoverage(_ v: Double) -> UInt8 {
    // Clamped without a branch (a NaN becomes 0, the byte `unitToByte` gives a NaN).
    unitToByte(minDouble(greaterOf(v, 0), 1))
}
