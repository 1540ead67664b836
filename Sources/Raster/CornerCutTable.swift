import Support

/// The exact area, in every pixel of a rounded corner's box, that lies outside
/// the corner's quarter ellipse: what the corner cuts away from the rectangle.
///
/// Coordinates are local to the corner: u runs from the ellipse's centre
/// outward along x (0…rx) and v outward along y (0…ry), so one table serves
/// all four corner orientations. Pixel boundaries sit at u = gu + k and
/// v = gv + k for integers k, where gu, gv ∈ [0, 1) are the distances from
/// the centre to the next pixel boundary outward; local pixel m spans
/// u ∈ [max(0, gu + m − 1), min(rx, gu + m)] (likewise v).
///
/// The area of the ellipse x²/rx² + y²/ry² ≤ 1 under the arc between u₀ and
/// u₁ is G(u₁) − G(u₀) with the closed form
/// G(u) = (ry/rx) · ½ · (u·√(rx² − u²) + rx²·asin(u/rx)),
/// the integral of y = (ry/rx)·√(rx² − u²). Within one pixel row
/// v ∈ [v₀, v₁] the ellipse's height above v₀, clamped to the row, is
/// integrated in three pieces: the full row height where the arc is above
/// the row (u ≤ uA, uA = the arc's u at v₁), the arc minus v₀ where it
/// crosses the row (uA…uB), and nothing beyond uB (the arc's u at v₀).
/// So the table needs G only at the column boundaries and at the arc's
/// crossings of the row boundaries: 2(r + 1) square roots and arcsines for a
/// corner of radius r, whatever its pixel count.
///
/// Accuracy: every value is the exact area up to `Double` rounding (about
/// 10⁻¹³ px² for radii up to `DeviceRoundedRect.maximumRadius`).
///
/// - Complexity: O(columns · rows) to build; O(1) per lookup.
final class CornerCutTable {
    let rx: Double, ry: Double, gu: Double, gv: Double
    /// The first local pixel index with any area (0 when gu > 0, else 1), per axis.
    let firstU: Int, firstV: Int
    /// Pixels per axis, from `firstU` / `firstV`.
    let columns: Int, rows: Int
    /// One allocation: `rows · columns` cut areas, row-major, then the arc's u
    /// at each of the `rows + 1` row boundaries (outward from v = 0).
    private let storage: UnsafeMutablePointer<Double>

    /// The cut areas, row-major (valid while the table lives).
    var pointer: UnsafePointer<Double> { UnsafePointer(storage) }

    /// The arc's u at the row boundaries, `rows + 1` values (valid while the table lives):
    /// local row `firstV + j` lies between boundaries `j` and `j + 1`.
    var arcPointer: UnsafePointer<Double> { UnsafePointer(storage + rows * columns) }

    /// Builds the table for semi-axes `rx`, `ry` (0 < r ≤ `DeviceRoundedRect.maximumRadius`)
    /// and pixel-grid offsets `gu`, `gv` ∈ [0, 1).
    init(rx: Double, ry: Double, gu: Double, gv: Double) {
        self.rx = rx
        self.ry = ry
        self.gu = gu
        self.gv = gv
        let firstU = gu > 0 ? 0 : 1, firstV = gv > 0 ? 0 : 1
        self.firstU = firstU
        self.firstV = firstV
        // Pixel boundaries along each axis: 0, then gu + first, gu + first + 1, … capped at the radius.
        let columns = CornerCutTable.pixels(offset: gu, first: firstU, radius: rx)
        let rows = CornerCutTable.pixels(offset: gv, first: firstV, radius: ry)
        self.columns = columns
        self.rows = rows
        storage = .allocate(capacity: rows * columns + rows + 1)
        let cuts = storage, uRow = storage + rows * columns

        let scale = ry / rx, rx2 = rx * rx
        // G(u): the area under the arc from 0 to u.
        @inline(__always) func area(_ u: Double) -> Double {
            let w = max(0, (rx - u) * (rx + u)).squareRoot()
            return scale * 0.5 * (u * w + rx2 * asin(min(1, u / rx)))
        }
        @inline(__always) func edge(_ k: Int, _ offset: Double, _ first: Int, _ count: Int, _ radius: Double) -> Double
        {
            k == 0 ? 0 : k == count ? radius : offset + Double(first + k - 1)
        }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (columns + 1) + 2 * (rows + 1)) { scratch in
            let uEdges = scratch.baseAddress!, gColumn = uEdges + (columns + 1)
            let vEdges = gColumn + (columns + 1), gRow = vEdges + (rows + 1)
            for k in 0...columns {
                uEdges[k] = edge(k, gu, firstU, columns, rx)
                gColumn[k] = area(uEdges[k])
            }
            for k in 0...rows {
                vEdges[k] = edge(k, gv, firstV, rows, ry)
                // The arc's u at height v.
                let t = vEdges[k] / ry
                uRow[k] = rx * max(0, (1 - t) * (1 + t)).squareRoot()
                gRow[k] = area(uRow[k])
            }
            for j in 0..<rows {
                let v0 = vEdges[j], v1 = vEdges[j + 1], dv = v1 - v0
                let uA = uRow[j + 1], uB = uRow[j]
                let gA = gRow[j + 1], gB = gRow[j]
                let full = dv * uA + (gB - gA) - v0 * (uB - uA)
                // Area inside the ellipse and this row, for u in 0…U (G(U) given when uA < U < uB).
                @inline(__always) func inside(_ u: Double, _ gU: Double) -> Double {
                    if u <= uA { return dv * u }
                    if u >= uB { return full }
                    return dv * uA + (gU - gA) - v0 * (u - uA)
                }
                let out = cuts + j * columns
                var previous = inside(uEdges[0], gColumn[0])
                for i in 0..<columns {
                    let next = inside(uEdges[i + 1], gColumn[i + 1])
                    let box = (uEdges[i + 1] - uEdges[i]) * dv
                    out[i] = min(box, max(0, box - (next - previous)))
                    previous = next
                }
            }
        }
    }

    deinit { storage.deallocate() }

    /// The number of pixels between 0 and `radius` whose boundaries are 0,
    /// offset + first, offset + first + 1, … (while below `radius`), then `radius`.
    private static func pixels(offset: Double, first: Int, radius: Double) -> Int {
        var k = first
        while offset + Double(k) < radius { k += 1 }
        return k - first + 1
    }

    /// The cut area in local pixel (mu, mv), 0 outside the corner box.
    func cut(_ mu: Int, _ mv: Int) -> Double {
        let i = mu - firstU, j = mv - firstV
        guard i >= 0, i < columns, j >= 0, j < rows else { return 0 }
        return storage[j * columns + i]
    }
}

extension CornerCutTable {
    /// The last few tables built (16 slots, replaced in turn), keyed by the
    /// exact values of (rx, ry, gu, gv): a fill and the border drawn over it
    /// share their outer corners, and a grid of equal cells on whole pixels
    /// shares all. A table depends only on its key, so hits and misses give
    /// the same bytes.
    final class Cache {
        private var tables: [CornerCutTable?] = Array(repeating: nil, count: 16)
        private var next = 0

        /// The table for these parameters, built if not cached (replacing the
        /// slots in turn; a table in use stays alive through its users' references).
        func table(rx: Double, ry: Double, gu: Double, gv: Double) -> CornerCutTable {
            return tables.withUnsafeMutableBufferPointer { slots in
                for case let t? in slots where t.rx == rx && t.ry == ry && t.gu == gu && t.gv == gv {
                    return t
                }
                let t = CornerCutTable(rx: rx, ry: ry, gu: gu, gv: gv)
                slots[next] = t
                next = next == slots.count - 1 ? 0 : next + 1
                return t
            }
        }
    }
}
