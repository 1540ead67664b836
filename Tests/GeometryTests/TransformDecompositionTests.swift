import Foundation
import Testing

@testable import Geometry

/// Transforms animate by decomposition: translation, scale, skew and perspective linearly, the
/// rotation by slerp — a quarter turn stays a pure rotation half-way.
@Suite struct TransformDecompositionTests {
    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(a.rowMajor, b.rowMajor).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($0), abs($1)) }
    }

    static let samples: [Transform3D] = [
        .identity,
        Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1),
        Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: -0.5),
        Transform3D(scaleX: 2, y: 0.5, z: 3).concatenating(Transform3D(rotationAngle: -1.2, x: 0, y: 1, z: 0)),
        Transform3D(scaleX: -1, y: 1, z: 1),
        Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveEyeDistance: 500))
            .concatenating(Transform3D(translationX: 10, y: -20, z: 5)),
        Transform3D(AffineTransform(a: 1, b: 0.3, c: 0.6, d: 1, tx: 4, ty: 5)),
    ]

    @Test(arguments: samples.indices)
    func decomposingAndRecomposingGivesTheTransformBack(_ index: Int) throws {
        let t = Self.samples[index]
        let d = try #require(Transform3D.Decomposition(t))
        #expect(close(d.recomposed, t), "\(t.rowMajor) -> \(d.recomposed.rowMajor)")
    }

    @Test func aQuarterTurnIsAnEighthTurnHalfWayNotAShrink() {
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let half = Transform3D.identity.interpolatedByDecomposition(to: quarter, fraction: 0.5)
        #expect(close(half, Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)))
        // The unit x axis keeps its length all the way.
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let m = Transform3D.identity.interpolatedByDecomposition(to: quarter, fraction: t)
            #expect(abs((m.m11 * m.m11 + m.m12 * m.m12).squareRoot() - 1) < 1e-12)
        }
        // Entry by entry, the same half-way point would be a 0.71 scale.
        let entrywise = Transform3D.identity.interpolated(to: quarter, fraction: 0.5)
        #expect(
            abs((entrywise.m11 * entrywise.m11 + entrywise.m12 * entrywise.m12).squareRoot() - 0.5.squareRoot()) < 1e-12
        )
    }

    @Test func scaleAndTranslationInterpolateLinearly() {
        let a = Transform3D(scaleX: 1, y: 1, z: 1),
            b = Transform3D(scaleX: 3, y: 2, z: 1)
                .concatenating(Transform3D(translationX: 100, y: 0, z: 0))
        let m = a.interpolatedByDecomposition(to: b, fraction: 0.25)
        #expect(
            close(m, Transform3D(scaleX: 1.5, y: 1.25, z: 1).concatenating(Transform3D(translationX: 25, y: 0, z: 0))))
    }

    @Test func endsAreExactAndSingularTransformsSwitchHalfWay() {
        let a = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1), b = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(a.interpolatedByDecomposition(to: b, fraction: 0) == a)
        #expect(a.interpolatedByDecomposition(to: b, fraction: 1) == b)
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        #expect(Transform3D.Decomposition(flat) == nil)
        #expect(a.interpolatedByDecomposition(to: flat, fraction: 0.49) == a)
        #expect(a.interpolatedByDecomposition(to: flat, fraction: 0.5) == flat)
    }
}
