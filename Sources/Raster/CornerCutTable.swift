import CIntrinsics
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
/// corner of radius r, whatever its pixel count. The two corners on one side
/// of a shape have the same column boundaries (the two at its top or bottom,
/// the same rows), so `Cache` computes those integrals once for both
/// (`AxisIntegrals`).
///
/// Accuracy: every value is the exact area up to `Double` rounding (about
/// 10⁻¹³ px² for radii up to `DeviceRoundedRect.maximumRadius`).
///
/// - Complexity: O(columns · rows) to build; O(1) per lookup.
final class CornerCutTable {
    private(set) var rx = 0.0, ry = 0.0, gu = 0.0, gv = 0.0
    /// The first local pixel index with any area (0 when gu > 0, else 1), per axis.
    private(set) var firstU = 0, firstV = 0
    /// Pixels per axis, from `firstU` / `firstV`.
    private(set) var columns = 0, rows = 0
    /// One allocation: `rows · columns` cut areas, row-major, then the arc's u
    /// at each of the `rows + 1` row boundaries (outward from v = 0).
    private var storage: UnsafeMutablePointer<Double>
    /// How many values `storage` holds room for.
    private var capacity: Int

    /// The cut areas, row-major (valid while the table lives and is not rebuilt).
    var pointer: UnsafePointer<Double> { UnsafePointer(storage) }

    /// The arc's u at the row boundaries, `rows + 1` values (valid while the table lives and
    /// is not rebuilt): local row `firstV + j` lies between boundaries `j` and `j + 1`.
    var arcPointer: UnsafePointer<Double> { UnsafePointer(storage + rows * columns) }

    /// Builds the table for semi-axes `rx`, `ry` (0 < r ≤ `DeviceRoundedRect.maximumRadius`)
    /// and pixel-grid offsets `gu`, `gv` ∈ [0, 1).
    convenience init(rx: Double, ry: Double, gu: Double, gv: Double) {
        self.init(
            columns: AxisIntegrals(.columns, rx: rx, ry: ry, offset: gu),
            rows: AxisIntegrals(.rows, rx: rx, ry: ry, offset: gv))
    }

    /// Builds the table from its two axes' integrals, which must have the same `rx` and `ry`.
    init(columns u: AxisIntegrals, rows v: AxisIntegrals, vector: Bool = true) {
        capacity = Self.storageCount(columns: u.count, rows: v.count)
        storage = .allocate(capacity: capacity)
        rebuild(columns: u, rows: v, vector: vector)
    }

    /// Makes this the table of other parameters, reusing its memory when it is large enough:
    /// `Cache` recycles the tables it evicts (never one the current shape looked up), so that a
    /// frame of moving corners (a new table for every one) does not allocate for each.
    ///
    /// With AVX2 (unless a test asks for the scalar loops with `vector: false`), the rows go
    /// four columns at a time through `cornerCutRowsAVX2`, to the same bits.
    func rebuild(columns u: AxisIntegrals, rows v: AxisIntegrals, vector: Bool = true) {
        rx = u.rx
        ry = u.ry
        gu = u.offset
        gv = v.offset
        firstU = u.first
        firstV = v.first
        let columns = u.count, rows = v.count
        self.columns = columns
        self.rows = rows
        if capacity < Self.storageCount(columns: columns, rows: rows) {
            storage.deallocate()
            capacity = Self.storageCount(columns: columns, rows: rows)
            storage = .allocate(capacity: capacity)
        }
        let cuts = storage
        let uEdges = u.edges, gColumn = u.areas, vEdges = v.edges, uRow = v.arc, gRow = v.areas
        // The arc's u at the row boundaries follows the cuts, copied once they are written: the
        // AVX2 kernel's last stores may pass the cuts into its first values.
        defer { (storage + rows * columns).update(from: uRow, count: rows + 1) }
        if vector && Blend.hasAVX2 {
            cornerCutRowsAVX2(uEdges, gColumn, columns, vEdges, uRow, gRow, rows, cuts)
            return
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
            // Columns wholly inside the arc (right boundary at most uA) lose nothing, and those
            // wholly outside it (left boundary at least uB) lose their whole box; only the
            // columns the arc crosses in this row need the integrals.
            var i = 0
            while i < columns && uEdges[i + 1] <= uA {
                out[i] = 0
                i += 1
            }
            var previous = inside(uEdges[i], gColumn[i])
            while i < columns && uEdges[i] < uB {
                let next = inside(uEdges[i + 1], gColumn[i + 1])
                let box = (uEdges[i + 1] - uEdges[i]) * dv
                out[i] = min(box, max(0, box - (next - previous)))
                previous = next
                i += 1
            }
            while i < columns {
                out[i] = (uEdges[i + 1] - uEdges[i]) * dv
                i += 1
            }
        }
    }

    /// The values `storage` needs: the cuts, the arc's u at the row boundaries, and room for
    /// the three values that `cornerCutRowsAVX2` may store past the cuts before those are written.
    private static func storageCount(columns: Int, rows: Int) -> Int { rows * columns + max(rows + 1, 3) }

    deinit { storage.deallocate() }

    /// The number of pixels between 0 and `radius` whose boundaries are 0,
    /// offset + first, offset + first + 1, … (while below `radius`), then `radius`.
    static func pixels(offset: Double, first: Int, radius: Double) -> Int {
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
    /// G(u), the area under the arc x²/rx² + y²/ry² = 1 from 0 to u, one value at a time:
    /// the scalar reference that `AxisIntegrals` computes four boundaries at a time in AVX2
    /// (`cornerAxisIntegralsAVX2`, to the same bits). The arcsine is `unitArcsine`, the
    /// project's own, so that the vector lanes can take the same operations (and the value
    /// does not depend on the C library's build).
    @inline(__always) static func area(_ u: Double, rx: Double, ry: Double) -> Double {
        let q = u / rx
        let w = greaterOf((rx - u) * (rx + u), 0).squareRoot()
        return ry / rx * 0.5 * (u * w + rx * rx * unitArcsine(q < 1 ? q : 1))
    }

    /// The arc's u at height `v` of the ellipse with semi-axes `rx`, `ry`:
    /// rx·√((1 − v/ry)(1 + v/ry)), the scalar reference for the rows of
    /// `cornerAxisIntegralsAVX2`.
    @inline(__always) static func arcU(atHeight v: Double, rx: Double, ry: Double) -> Double {
        let t = v / ry
        return rx * greaterOf((1 - t) * (1 + t), 0).squareRoot()
    }

    /// One axis of a corner's pixel grid: its pixel boundaries (u = 0, gu + first, …, rx for
    /// the columns; v = 0, gv + first, …, ry for the rows), the arc's u at each (for columns,
    /// the boundary itself) and G of that u. The two corners on one side of a shape (same
    /// `rx`, `ry` and `gu`) share their columns, the two at its top or bottom their rows, so
    /// their tables take the arcsines once.
    final class AxisIntegrals {
        /// Which of a corner's axes.
        enum Axis { case columns, rows }
        private(set) var axis = Axis.columns
        private(set) var rx = 0.0, ry = 0.0, offset = 0.0
        private(set) var first = 0, count = 0
        /// `count + 1` boundaries, the arc's u at each, and G of those.
        private var storage: UnsafeMutablePointer<Double>
        /// How many values `storage` holds room for.
        private var capacity: Int
        var edges: UnsafePointer<Double> { UnsafePointer(storage) }
        var arc: UnsafePointer<Double> { UnsafePointer(storage + stride) }
        var areas: UnsafePointer<Double> { UnsafePointer(storage + 2 * stride) }

        /// How far apart the three arrays start in `storage`: a multiple of four, the AVX2
        /// kernels' step, with room for `count + 1` values and four more, which
        /// `cornerCutRowsAVX2` reads past a row's last boundary (zeros, and what they give).
        private var stride = 0

        /// Computes the integrals, four boundaries at a time in AVX2 where the processor has it
        /// unless `vector` is off (the tests compare the two).
        init(_ axis: Axis, rx: Double, ry: Double, offset: Double, vector: Bool = true) {
            capacity = 0
            storage = .allocate(capacity: 0)
            rebuild(axis, rx: rx, ry: ry, offset: offset, vector: vector)
        }

        /// Makes these the integrals of other parameters, reusing the memory when it is large
        /// enough (as `CornerCutTable.rebuild(columns:rows:)`).
        func rebuild(_ axis: Axis, rx: Double, ry: Double, offset: Double, vector: Bool = true) {
            self.axis = axis
            self.rx = rx
            self.ry = ry
            self.offset = offset
            first = offset > 0 ? 0 : 1
            let radius = axis == .columns ? rx : ry
            count = CornerCutTable.pixels(offset: offset, first: first, radius: radius)
            stride = (count + 7) & ~3
            if capacity < 3 * stride {
                storage.deallocate()
                capacity = 3 * stride
                storage = .allocate(capacity: capacity)
            }
            let edges = storage, arcs = storage + stride, areas = storage + 2 * stride
            for k in 0...count {
                edges[k] = k == 0 ? 0 : k == count ? radius : offset + Double(first + k - 1)
            }
            for k in (count + 1)..<stride { edges[k] = 0 }
            if vector && Blend.hasAVX2 {
                cornerAxisIntegralsAVX2(edges, arcs, areas, count + 1, axis == .rows, rx, ry)
            } else {
                // Two passes: a boundary's square roots, divisions and arcsine form one long
                // chain of latencies, and in one loop each boundary waited for the last one's.
                for k in 0...count {
                    arcs[k] = axis == .rows ? CornerCutTable.arcU(atHeight: edges[k], rx: rx, ry: ry) : edges[k]
                }
                for k in 0...count {
                    areas[k] = CornerCutTable.area(arcs[k], rx: rx, ry: ry)
                }
            }
            // The padding holds zeros whichever path filled the arrays.
            (arcs + count + 1).update(repeating: 0, count: stride - count - 1)
            (areas + count + 1).update(repeating: 0, count: stride - count - 1)
        }

        deinit { storage.deallocate() }
    }

    /// A table's values by pointer, with its extent: what a lookup in `Cache` hands out. A
    /// plain value, so copying it never retains; valid while the cache keeps the table, which
    /// it does for the rest of the shape that looked it up (`Cache.beginShape`).
    struct Pointers {
        /// The cut areas, row-major (`CornerCutTable.pointer`).
        var cuts: UnsafePointer<Double>
        /// The arc's u at the row boundaries (`CornerCutTable.arcPointer`).
        var arc: UnsafePointer<Double>
        var firstU: Int, firstV: Int, columns: Int, rows: Int

        /// `table`'s pointers and extent, valid while it lives and is not rebuilt.
        init(_ table: CornerCutTable) {
            cuts = table.pointer
            arc = table.arcPointer
            firstU = table.firstU
            firstV = table.firstV
            columns = table.columns
            rows = table.rows
        }
    }

    /// The last few tables built (16 slots, replaced in turn), keyed by the
    /// exact values of (rx, ry, gu, gv): a fill and the border drawn over it
    /// share their outer corners, and a grid of equal cells on whole pixels
    /// shares all. A table depends only on its key, so hits and misses give
    /// the same bytes.
    ///
    /// A lookup hands out the table's pointers (`Pointers`), not the table, and the cache
    /// keeps every table looked up since the last `beginShape()` as it is: a slot is rebuilt
    /// in place for new parameters only when no lookup of the current shape returned it. So
    /// the memory a shape's sweep points into never changes under it, and the sweep counts no
    /// references to its tables, which cost about 30 atomic operations a box (BENCHMARKS.md,
    /// "Reference counting in the boxes' sweep").
    ///
    /// Like `Canvas`, whose draw calls are its only users, it skips the dynamic exclusivity
    /// checks on its slots: every access is a short one inside `table(rx:ry:gu:gv:)`.
    final class Cache {
        /// A slot's parameters and the shape that last looked it up, searched without touching
        /// the tables themselves.
        private struct Key {
            var rx = Double.nan, ry = Double.nan, gu = Double.nan, gv = Double.nan
            var shape = -1
        }

        @exclusivity(unchecked) private var tables: [CornerCutTable?] = Array(repeating: nil, count: 16)
        @exclusivity(unchecked) private var keys = Array(repeating: Key(), count: 16)
        @exclusivity(unchecked) private var pointers: [Pointers?] = Array(repeating: nil, count: 16)
        @exclusivity(unchecked) private var next = 0
        /// The current shape's number: slots whose key holds it are in use.
        @exclusivity(unchecked) private var shape = 0
        /// The last few axes computed: a shape's four corners need two of each kind.
        @exclusivity(unchecked) private var axes: [AxisIntegrals?] = Array(repeating: nil, count: 8)
        @exclusivity(unchecked) private var nextAxis = 0

        /// Starts a new shape: the tables the previous one looked up may be rebuilt from now on.
        func beginShape() { shape &+= 1 }

        /// The table for these parameters, built if not cached (replacing the slots in turn,
        /// but none the current shape looked up; it may look up at most 15). A table built
        /// anew takes its column and row integrals from the last few computed when they match:
        /// the corners of one side of a shape share them.
        func table(rx: Double, ry: Double, gu: Double, gv: Double) -> Pointers {
            for k in 0..<keys.count
            where keys[k].rx == rx && keys[k].ry == ry && keys[k].gu == gu && keys[k].gv == gv {
                keys[k].shape = shape
                return pointers[k]!
            }
            var tried = 0
            while keys[next].shape == shape {
                tried += 1
                precondition(tried < keys.count, "a shape looked up more corner tables than the cache holds")
                next = next == keys.count - 1 ? 0 : next + 1
            }
            let columns = axis(.columns, rx: rx, ry: ry, offset: gu)
            let rows = axis(.rows, rx: rx, ry: ry, offset: gv)
            let t: CornerCutTable
            if let old = tables[next] {
                t = old
                t.rebuild(columns: columns, rows: rows)
            } else {
                t = CornerCutTable(columns: columns, rows: rows)
                tables[next] = t
            }
            keys[next] = Key(rx: rx, ry: ry, gu: gu, gv: gv, shape: shape)
            let p = Pointers(t)
            pointers[next] = p
            next = next == keys.count - 1 ? 0 : next + 1
            return p
        }

        private func axis(_ kind: AxisIntegrals.Axis, rx: Double, ry: Double, offset: Double) -> AxisIntegrals {
            for case let a? in axes where a.axis == kind && a.rx == rx && a.ry == ry && a.offset == offset { return a }
            let a: AxisIntegrals
            if axes[nextAxis] != nil && isKnownUniquelyReferenced(&axes[nextAxis]!) {
                a = axes[nextAxis]!
                a.rebuild(kind, rx: rx, ry: ry, offset: offset)
            } else {
                a = AxisIntegrals(kind, rx: rx, ry: ry, offset: offset)
                axes[nextAxis] = a
            }
            nextAxis = (nextAxis + 1) % axes.count
            return a
        }
    }
}
