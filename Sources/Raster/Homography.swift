import Geometry

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
