import Foundation
import Testing

@testable import Animation

/// Core Animation's curves, evaluated exactly, and UIKit's spring model.
@Suite struct TimingCurveTests {
    @Test func endsAreExactAndOutsideIsClamped() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .spring(dampingRatio: 0.5, response: 0.4)] {
            #expect(curve.progress(elapsed: 0, duration: 1) == 0)
            #expect(curve.progress(elapsed: -1, duration: 1) == 0)
            #expect(curve.progress(elapsed: 1, duration: 1) == 1)
            #expect(curve.progress(elapsed: 2, duration: 1) == 1)
        }
        #expect(TimingCurve.easeInOut.progress(elapsed: 0, duration: 0) == 1)
    }

    @Test func easeInOutIsSymmetricAndHalfAtHalf() {
        let c = TimingCurve.easeInOut
        #expect(abs(c.progress(elapsed: 0.5, duration: 1) - 0.5) < 1e-15)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(abs(c.progress(elapsed: x, duration: 1) + c.progress(elapsed: 1 - x, duration: 1) - 1) < 1e-13)
        }
    }

    @Test func beziersMatchAnIndependentEvaluation() {
        // Sample each curve densely in its parameter s, then check the solver's y for those x.
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)] {
            let c = curve.controlPoints!
            for i in 1..<200 {
                let s = Double(i) / 200
                let x = 3 * (1 - s) * (1 - s) * s * c.x1 + 3 * (1 - s) * s * s * c.x2 + s * s * s
                let y = 3 * (1 - s) * (1 - s) * s * c.y1 + 3 * (1 - s) * s * s * c.y2 + s * s * s
                #expect(abs(curve.progress(elapsed: x, duration: 1) - y) < 1e-12, "\(curve) at \(x)")
            }
        }
        // Known values of ease-in at x = 0.25 (y ≈ 0.0934 by Core Animation's curve).
        #expect(abs(TimingCurve.easeIn.progress(elapsed: 0.25, duration: 1) - 0.093_37) < 1e-4)
    }

    @Test func springsOvershootWhenUnderdampedAndSettle() {
        let bouncy = TimingCurve.spring(dampingRatio: 0.3, response: 0.5)
        let samples = (1..<200).map { bouncy.progress(elapsed: Double($0) / 100, duration: 10) }
        #expect(samples.max()! > 1.2)
        let settle = bouncy.naturalDuration
        for t in stride(from: settle, to: settle + 2, by: 0.01) {
            #expect(abs(1 - bouncy.progress(elapsed: t, duration: 100)) <= 0.001 + 1e-12)
        }
        let critical = TimingCurve.spring(dampingRatio: 1, response: 0.5)
        let values = (1..<300).map { critical.progress(elapsed: Double($0) / 100, duration: 10) }
        #expect(values.allSatisfy { $0 <= 1 } && zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(1 - critical.progress(elapsed: critical.naturalDuration, duration: 10) - 0.001) < 1e-9)
        let slow = TimingCurve.spring(dampingRatio: 2, response: 0.5)
        #expect(slow.naturalDuration > critical.naturalDuration)
        // A Bézier has no time of its own: a step without a duration takes none.
        #expect(TimingCurve.easeInOut.naturalDuration == 0 && TimingCurve.linear.naturalDuration == 0)
    }
}
