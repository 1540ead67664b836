#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// `rows · columns` cut areas, row-major.
    private let cuts: UnsafeMutablePointer<Double>

    /// The cut areas, row-major (valid while the table lives).
    var pointer: UnsafePointer<Double> { UnsafePointer(cuts) }

    /// Builds the table for semi-axes `rx`, `ry` (0 < r ≤ `DeviceRoundedRect.maximumRadius`)
    /// and pixel-grid offsets `gu`, `gv` ∈ [0, 1).
    init(rx: Double, ry: Double, gu: Double, gv: Double) {
        self.rx = rx
        self.ry = ry
        self.gu = gu
        self.gv = gv
        firstU = gu > 0 ? 0 : 1
        firstV = gv > 0 ? 0 : 1
        // Pixel boundaries along each axis: 0, then gu + first, gu + first + 1, … capped at the radius.
        let uEdges = CornerCutTable.boundaries(offset: gu, first: firstU, radius: rx)
        let vEdges = CornerCutTable.boundaries(offset: gv, first: firstV, radius: ry)
        columns = uEdges.count - 1
        rows = vEdges.count - 1
        cuts = .allocate(capacity: max(1, rows * columns))

        let scale = ry / rx, rx2 = rx * rx
        // G(u): the area under the arc from 0 to u.
        func area(_ u: Double) -> Double {
            let w = max(0, (rx - u) * (rx + u)).squareRoot()
            return scale * 0.5 * (u * w + rx2 * asin(min(1, u / rx)))
        }
        // The arc's u at height v.
        func arc(_ v: Double) -> Double {
            let s = v / ry
            return rx * max(0, (1 - s) * (1 + s)).squareRoot()
        }
        let gColumn = uEdges.map(area)
        let uRow = vEdges.map(arc)
        let gRow = uRow.map(area)
        for j in 0..<rows {
            let v0 = vEdges[j], v1 = vEdges[j + 1], dv = v1 - v0
            let uA = uRow[j + 1], uB = uRow[j]
            let gA = gRow[j + 1], gB = gRow[j]
            // Area inside the ellipse and this row, for u in 0…U (G(U) given when uA < U < uB).
            @inline(__always) func inside(_ u: Double, _ gU: Double) -> Double {
                if u <= uA { return dv * u }
                if u >= uB { return dv * uA + (gB - gA) - v0 * (uB - uA) }
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

    deinit { cuts.deallocate() }

    /// 0, offset + first, offset + first + 1, … while below `radius`, then `radius`.
    private static func boundaries(offset: Double, first: Int, radius: Double) -> [Double] {
        var edges: [Double] = [0]
        var k = first
        while offset + Double(k) < radius {
            edges.append(offset + Double(k))
            k += 1
        }
        edges.append(radius)
        return edges
    }

    /// The cut area in local pixel (mu, mv), 0 outside the corner box.
    func cut(_ mu: Int, _ mv: Int) -> Double {
        let i = mu - firstU, j = mv - firstV
        guard i >= 0, i < columns, j >= 0, j < rows else { return 0 }
        return cuts[j * columns + i]
    }
}

extension CornerCutTable {
    /// A small most-recently-used set of tables, keyed by the exact bits of
    /// (rx, ry, gu, gv): a fill and the border drawn over it share their
    /// outer corners, and a grid of equal cells on whole pixels shares all.
    /// A table depends only on its key, so hits and misses give the same bytes.
    final class Cache {
        private var tables: [CornerCutTable] = []
        private let capacity = 16

        /// The table for these parameters, built if not cached.
        func table(rx: Double, ry: Double, gu: Double, gv: Double) -> CornerCutTable {
            for i in tables.indices {
                let t = tables[i]
                if t.rx == rx && t.ry == ry && t.gu == gu && t.gv == gv {
                    if i > 0 { tables.insert(tables.remove(at: i), at: 0) }
                    return t
                }
            }
            let t = CornerCutTable(rx: rx, ry: ry, gu: gu, gv: gv)
            if tables.count == capacity { tables.removeLast() }
            tables.insert(t, at: 0)
            return t
        }
    }
}
