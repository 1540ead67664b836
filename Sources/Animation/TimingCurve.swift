import Support

/// How an animation's progress follows time: Core Animation's media timing functions or a spring.
///
/// The four named curves are Core Animation's cubic Béziers (`CAMediaTimingFunction` names
/// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`): control points (0.42, 0, 1, 1), (0, 0, 0.58,
/// 1) and (0.42, 0, 0.58, 1). A Bézier is evaluated exactly: the curve parameter for a time is
/// found by Newton's method with bisection to full double precision, not from a lookup table.
/// A spring follows UIKit's spring model (`UISpringTimingParameters`, SwiftUI's `response` /
/// `dampingFraction`): a unit mass with stiffness (2π / response)² and damping 4π ·
/// dampingRatio / response, released at rest from 0 towards 1; it may overshoot 1.
public enum TimingCurve: Equatable, Sendable {
    /// Constant speed.
    case linear
    /// Slow start: Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Slow end: Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Slow start and end: Bézier (0.42, 0, 0.58, 1). The default for layout changes and updates.
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with the control points (x1, y1) and (x2, y2), x in 0…1.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring with a damping ratio in (0, 10] (1 is critical: no overshoot) and a response in
    /// (0, 10] seconds (the period of the undamped oscillation).
    case spring(dampingRatio: Double, response: Double)
    /// A scroll view's deceleration after a flick: the velocity falls by `rate` every
    /// millisecond (UIScrollView's normal rate is 0.998), normalised so that the motion ends
    /// exactly at the end of its duration (where a snapping layout put it).
    case deceleration(rate: Double)

    /// UIScrollView's normal deceleration rate: the velocity keeps 0.998 of itself per millisecond.
    public static let normalDecelerationRate = 0.998
    /// The distance, in points, a decelerating scroll view still has to travel when it stops:
    /// the model of UIScrollView's deceleration in ScrollMechanics (Ilya Lobanov's
    /// `DecelerationTimingParameters.swift`) ends the motion when less than half a point is left.
    public static let decelerationStopDistance = 0.5

    /// The speed, in points per second, at which a scroll view decelerating at `rate` has
    /// `decelerationStopDistance` left to travel, and stops: 0.5 · 1000 · −ln rate, about 1 point
    /// per second at the normal rate.
    public static func decelerationStopSpeed(rate: Double = normalDecelerationRate) -> Double {
        decelerationStopDistance * 1000 * -log(rate)
    }

    /// How long a flick at `speed` points per second decelerates at `rate` before it stops:
    /// ln(stop speed / speed) / (1000 · ln rate), 3.91 s for 2,500 points per second.
    public static func decelerationDuration(speed: Double, rate: Double = normalDecelerationRate) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        let stop = decelerationStopSpeed(rate: rate)
        guard speed > stop else { return 0 }
        return log(stop / speed) / (1000 * log(rate))
    }

    /// How far a flick at `velocity` points per second travels while it decelerates at `rate`
    /// (the proposal a layout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// gets): v / (1000 · −ln rate), about half the speed in points at the normal rate.
    public static func decelerationDistance(velocity: Double, rate: Double = normalDecelerationRate) -> Double {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity / (1000 * -log(rate))
    }

    /// The default curve of an animated step: ease in and out, as UIKit's animated layout changes.
    public static let `default` = TimingCurve.easeInOut
    /// How close to its end (as a fraction of the distance) a spring must stay to count as settled.
    public static let springSettlingTolerance = 0.001

    /// The control points of a Bézier curve; nil for a spring.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        case .spring, .deceleration: return nil
        }
    }

    /// The progress (0 at the start, 1 at the end) after `elapsed` seconds of an animation that
    /// lasts `duration` seconds. Times before the start give 0 and after the end 1 exactly.
    ///
    /// A Bézier curve is stretched over `duration`; a spring runs in real time (its motion does
    /// not depend on the duration) and is cut at the end of it.
    public func progress(elapsed: Double, duration: Double) -> Double {
        guard elapsed > 0, duration > 0 else { return duration <= 0 && elapsed >= 0 ? 1 : 0 }
        guard elapsed < duration else { return 1 }
        switch self {
        case .linear: return elapsed / duration
        case .spring(let zeta, let response): return TimingCurve.springPosition(elapsed, zeta, response)
        case .deceleration(let rate):
            // Distance covered is proportional to 1 − rate^(ms elapsed), scaled to end at 1.
            return (1 - pow(rate, 1000 * elapsed)) / (1 - pow(rate, 1000 * duration))
        default:
            let c = controlPoints!
            return TimingCurve.bezier(x: elapsed / duration, c.x1, c.y1, c.x2, c.y2)
        }
    }

    /// How long the animation runs when its step gives no duration: for a spring, the time it
    /// takes to settle (to stay within `springSettlingTolerance` of its end); a Bézier has none
    /// of its own (0), so a step without a duration takes no time.
    public var naturalDuration: Double {
        guard case .spring(let zeta, let response) = self else { return 0 }
        return TimingCurve.springSettlingTime(zeta, response)
    }

    // MARK: Cubic Bézier

    /// y at the given x on the Bézier from (0, 0) to (1, 1).
    static func bezier(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        // Coordinates as polynomials in s: a·s³ + b·s² + c·s.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func xAt(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func dxAt(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        // x(s) is increasing for control x in 0…1: Newton from s = x, guarded by a bracket.
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<100 {
            let error = xAt(s) - x
            if error == 0 { break }
            if error > 0 { hi = s } else { lo = s }
            let slope = dxAt(s)
            var next = slope > 1e-12 ? s - error / slope : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == s || hi - lo <= 2 * Double.ulpOfOne { break }
            s = next
        }
        return ((ay * s + by) * s + cy) * s
    }

    // MARK: Spring

    /// The position of a unit spring released at rest at 0 towards 1, after `t` seconds.
    static func springPosition(_ t: Double, _ zeta: Double, _ response: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
        }
        if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }

    /// When the spring stays within the tolerance of 1 for good.
    static func springSettlingTime(_ zeta: Double, _ response: Double) -> Double {
        let omega = 2 * Double.pi / response, tolerance = springSettlingTolerance
        if zeta < 1 {
            // The distance to 1 is at most e^(−ζωt) / √(1 − ζ²): solve envelope = tolerance.
            return log(1 / (tolerance * (1 - zeta * zeta).squareRoot())) / (zeta * omega)
        }
        // Without overshoot the distance falls monotonically: bisect for it.
        var lo = 0.0, hi = response
        while 1 - springPosition(hi, zeta, response) > tolerance { hi *= 2 }
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if 1 - springPosition(mid, zeta, response) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
