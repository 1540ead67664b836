import Testing

@testable import Geometry

@Suite struct RectTests {
    @Test func touchingRectsDoNotIntersect() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func nullIsIdentityForUnion() {
        let a = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(Rect.null.union(a) == a)
        #expect(a.union(.null) == a)
    }

    @Test func transform3DConcatenationAppliesLeftFirst() {
        let s = Transform3D(scaleX: 2, y: 2, z: 1)
        let t = Transform3D(translationX: 10, y: 0, z: 0)
        let p = s.concatenating(t).project(Point(x: 1, y: 1)).point
        #expect(p == Point(x: 12, y: 2))
        let affine = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(affine.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func perspectiveShrinksPointsFartherAway() {
        var t = Transform3D(perspectiveEyeDistance: 500)
        t = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(t)
        let near = t.project(Point(x: -100, y: 0)), far = t.project(Point(x: 100, y: 0))
        #expect(near.w > 0 && far.w > 0)
        #expect(abs(near.point.x) != abs(far.point.x))
    }

    @Test func affineInverseRoundTrips() throws {
        let t = AffineTransform(rotationAngle: 0.3).translatedBy(x: 5, y: -2).scaledBy(x: 2, y: 3)
        let inv = try #require(t.inverted())
        let p = inv.apply(to: t.apply(to: Point(x: 7, y: 11)))
        #expect(abs(p.x - 7) < 1e-12 && abs(p.y - 11) < 1e-12)
    }
}
