import Support

extension Transform3D {
    /// A transform taken apart into the pieces an animation interpolates: perspective,
    /// translation, rotation (a unit quaternion), skew and scale.
    ///
    /// The transform is `scale · skew · rotation · translation · perspective` in Core Animation's
    /// row-vector convention (a point is scaled first). This is the decomposition of Spencer W.
    /// Thomas, "Decomposing a Matrix into Simple Transformations" (Graphics Gems II, 1991), as the
    /// CSS Transforms Module Level 2 specifies it for animating 3D transforms ("Interpolation of
    /// 3D matrices"); written here from that description. Core Animation animates a layer's
    /// `transform` the same way: interpolating the sixteen entries instead would make a quarter
    /// turn pass through a scale of 0.71 half-way.
    public struct Decomposition: Equatable, Sendable {
        /// The perspective row (m14, m24, m34, m44 of the perspective part).
        public var perspective: (Double, Double, Double, Double)
        /// The translation.
        public var translation: (x: Double, y: Double, z: Double)
        /// The rotation as a unit quaternion (x, y, z, w).
        public var quaternion: (x: Double, y: Double, z: Double, w: Double)
        /// The shear factors xy, xz and yz.
        public var skew: (xy: Double, xz: Double, yz: Double)
        /// The scale along each axis (one may be negative for a reflection).
        public var scale: (x: Double, y: Double, z: Double)

        /// Component-wise equality (tuples are not `Equatable`, so it is written out).
        public static func == (a: Decomposition, b: Decomposition) -> Bool {
            a.perspective == b.perspective && a.translation == b.translation && a.quaternion == b.quaternion
                && a.skew == b.skew && a.scale == b.scale
        }

        /// Takes `t` apart; nil when it cannot be (m44 is 0, or the linear part is singular).
        ///
        /// - Complexity: O(1).
        public init?(_ t: Transform3D) {
            guard t.m44 != 0, t.m44.isFinite else { return nil }
            var m = t.rows.map { $0.map { $0 / t.m44 } }
            // The perspective part, solved from the matrix without it.
            var linear = m
            for i in 0..<3 { linear[i][3] = 0 }
            linear[3][3] = 1
            guard let inverse = Transform3D.inverse(linear) else { return nil }
            if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
                // p = (m14, m24, m34, m44) · transpose(inverse(linear)).
                let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
                var p = [0.0, 0, 0, 0]
                for j in 0..<4 { for k in 0..<4 { p[j] += rhs[k] * inverse[j][k] } }
                perspective = (p[0], p[1], p[2], p[3])
                for i in 0..<3 { m[i][3] = 0 }
                m[3][3] = 1
            } else {
                perspective = (0, 0, 0, 1)
            }
            translation = (m[3][0], m[3][1], m[3][2])
            // Scale and shear from the three rows by Gram–Schmidt.
            var row = (0..<3).map { [m[$0][0], m[$0][1], m[$0][2]] }
            var sx = Transform3D.length(row[0])
            guard sx != 0 else { return nil }
            row[0] = row[0].map { $0 / sx }
            var xy = Transform3D.dot(row[0], row[1])
            row[1] = Transform3D.combine(row[1], row[0], -xy)
            var sy = Transform3D.length(row[1])
            guard sy != 0 else { return nil }
            row[1] = row[1].map { $0 / sy }
            xy /= sy
            var xz = Transform3D.dot(row[0], row[2])
            row[2] = Transform3D.combine(row[2], row[0], -xz)
            var yz = Transform3D.dot(row[1], row[2])
            row[2] = Transform3D.combine(row[2], row[1], -yz)
            var sz = Transform3D.length(row[2])
            guard sz != 0 else { return nil }
            row[2] = row[2].map { $0 / sz }
            xz /= sz
            yz /= sz
            // A left-handed frame: flip everything so the rotation is a proper one.
            if Transform3D.dot(row[0], Transform3D.cross(row[1], row[2])) < 0 {
                sx = -sx
                sy = -sy
                sz = -sz
                row = row.map { $0.map { -$0 } }
            }
            scale = (sx, sy, sz)
            skew = (xy, xz, yz)
            // The rotation's rows as a quaternion (each component from the diagonal, signs from the rest).
            var x = 0.5 * (max(1 + row[0][0] - row[1][1] - row[2][2], 0)).squareRoot()
            var y = 0.5 * (max(1 - row[0][0] + row[1][1] - row[2][2], 0)).squareRoot()
            var z = 0.5 * (max(1 - row[0][0] - row[1][1] + row[2][2], 0)).squareRoot()
            let w = 0.5 * (max(1 + row[0][0] + row[1][1] + row[2][2], 0)).squareRoot()
            if row[1][2] > row[2][1] { x = -x }
            if row[2][0] > row[0][2] { y = -y }
            if row[0][1] > row[1][0] { z = -z }
            quaternion = (x, y, z, w)
        }

        /// The transform these pieces make.
        public var recomposed: Transform3D {
            var result = Transform3D.identity
            result.m14 = perspective.0
            result.m24 = perspective.1
            result.m34 = perspective.2
            result.m44 = perspective.3
            var r = result.rows
            // Translation: row 4 += translation · rows 1…3.
            let tr = [translation.x, translation.y, translation.z]
            for i in 0..<4 { for j in 0..<3 { r[3][i] += tr[j] * r[j][i] } }
            var m = Transform3D(rows: r)
            // Rotation, then skew, then scale, each applied before what is there already.
            let (x, y, z, w) = quaternion
            let rotation = Transform3D(
                m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y - z * w), m13: 2 * (x * z + y * w), m14: 0,
                m21: 2 * (x * y + z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z - x * w), m24: 0,
                m31: 2 * (x * z - y * w), m32: 2 * (y * z + x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
                m41: 0, m42: 0, m43: 0, m44: 1)
            m = rotation.concatenating(m)
            if skew.yz != 0 {
                var k = Transform3D.identity
                k.m32 = skew.yz
                m = k.concatenating(m)
            }
            if skew.xz != 0 {
                var k = Transform3D.identity
                k.m31 = skew.xz
                m = k.concatenating(m)
            }
            if skew.xy != 0 {
                var k = Transform3D.identity
                k.m21 = skew.xy
                m = k.concatenating(m)
            }
            return Transform3D(scaleX: scale.x, y: scale.y, z: scale.z).concatenating(m)
        }

        /// The pieces a fraction `t` of the way to `other`: every piece linearly except the
        /// rotation, which follows the great circle between the two quaternions (slerp).
        public func interpolated(to other: Decomposition, fraction t: Double) -> Decomposition {
            func mix(_ a: Double, _ b: Double) -> Double { a.interpolated(to: b, fraction: t) }
            var r = self
            r.perspective = (
                mix(perspective.0, other.perspective.0), mix(perspective.1, other.perspective.1),
                mix(perspective.2, other.perspective.2), mix(perspective.3, other.perspective.3)
            )
            r.translation = (
                mix(translation.x, other.translation.x), mix(translation.y, other.translation.y),
                mix(translation.z, other.translation.z)
            )
            r.skew = (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz))
            r.scale = (mix(scale.x, other.scale.x), mix(scale.y, other.scale.y), mix(scale.z, other.scale.z))
            r.quaternion = Decomposition.slerp(quaternion, other.quaternion, t)
            return r
        }

        /// Spherical linear interpolation of unit quaternions, along the shorter arc.
        static func slerp(
            _ a: (x: Double, y: Double, z: Double, w: Double), _ b: (x: Double, y: Double, z: Double, w: Double),
            _ t: Double
        ) -> (x: Double, y: Double, z: Double, w: Double) {
            if t == 0 { return a }
            if t == 1 { return b }
            var b = b
            var product = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
            // q and −q are the same rotation: take the one nearer `a`.
            if product < 0 {
                b = (-b.x, -b.y, -b.z, -b.w)
                product = -product
            }
            product = min(product, 1)
            if product > 1 - 1e-12 { return a }
            let theta = acos(product)
            let wa = sin((1 - t) * theta) / sin(theta), wb = sin(t * theta) / sin(theta)
            return (wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w)
        }
    }

    /// The transform a fraction `t` of the way to `other`, interpolated as Core Animation
    /// animates a layer's transform: by `Decomposition` (translation, scale, skew and
    /// perspective linearly, rotation by slerp). t = 0 gives `self` and t = 1 `other` exactly.
    /// When either transform cannot be decomposed (it is singular), the value switches from
    /// `self` to `other` half-way, as CSS specifies.
    public func interpolatedByDecomposition(to other: Transform3D, fraction t: Double) -> Transform3D {
        if t == 0 || self == other { return self }
        if t == 1 { return other }
        guard let a = Decomposition(self), let b = Decomposition(other) else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, fraction: t).recomposed
    }

    /// The entries as four rows of four.
    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// A transform from four rows of four.
    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2],
            m24: r[1][3], m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1],
            m43: r[3][2], m44: r[3][3])
    }

    /// The inverse of a 4x4 matrix by Gauss–Jordan elimination with partial pivoting; nil if singular.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        var a = matrix
        var inv = (0..<4).map { i in (0..<4).map { $0 == i ? 1.0 : 0.0 } }
        for column in 0..<4 {
            var pivot = column
            for r in (column + 1)..<4 where abs(a[r][column]) > abs(a[pivot][column]) { pivot = r }
            guard abs(a[pivot][column]) > 1e-300 else { return nil }
            a.swapAt(column, pivot)
            inv.swapAt(column, pivot)
            let p = a[column][column]
            for j in 0..<4 {
                a[column][j] /= p
                inv[column][j] /= p
            }
            for r in 0..<4 where r != column {
                let f = a[r][column]
                if f == 0 { continue }
                for j in 0..<4 {
                    a[r][j] -= f * a[column][j]
                    inv[r][j] -= f * inv[column][j]
                }
            }
        }
        return inv
    }

    static func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
    static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
    /// a + k·b.
    static func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] {
        [a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2]]
    }
}
