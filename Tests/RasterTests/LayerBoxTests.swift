import Geometry
import TestSupport
import Testing

@testable import Raster

/// A layer's background and border drawn in one call give the bytes of the fill and the border
/// drawn one after the other, whichever route the shape takes.
@Suite struct LayerBoxTests {
    func color(_ rng: inout SplitMix64) -> Color {
        Color(
            red: UInt8(truncatingIfNeeded: rng.next()), green: UInt8(truncatingIfNeeded: rng.next()),
            blue: UInt8(truncatingIfNeeded: rng.next()), alpha: rng.next() % 3 == 0 ? 255 : UInt8(rng.next() % 256))
    }

    /// Rotated, skewed, mirrored, scaled and plain transforms about the canvas centre.
    func transform(_ rng: inout SplitMix64, _ kind: Int) -> AffineTransform {
        let angle = rng.number(-.pi, .pi), scale = rng.number(0.3, 2.5)
        let move = AffineTransform(translationX: rng.number(20, 60), y: rng.number(20, 60))
        switch kind {
        case 0: return move
        case 1: return AffineTransform(scaleX: scale, y: -scale * 0.7).concatenating(move)
        case 2:
            return AffineTransform(a: 1, b: rng.number(-0.5, 0.5), c: rng.number(-0.5, 0.5), d: 1, tx: 0, ty: 0)
                .concatenating(move)
        default:
            return AffineTransform(rotationAngle: angle).concatenating(AffineTransform(scaleX: scale, y: scale))
                .concatenating(move)
        }
    }

    /// Draws the box both ways into two canvases prepared alike (`prepare` may clip or open a
    /// layer) and returns both images.
    func drawBothWays(
        _ rect: Rect, _ radii: CornerRadii, _ fill: Color, _ width: Double, _ border: Color, _ t: AffineTransform,
        prepare: (Canvas) -> Void = { _ in }, finish: (Canvas) -> Void = { _ in }
    ) throws -> (separate: Image, combined: Image) {
        let separate = try Canvas(width: 80, height: 80, background: Color(red: 20, green: 200, blue: 90, alpha: 140))
        prepare(separate)
        separate.fillRoundedRect(rect, cornerRadii: radii, color: fill, transform: t)
        separate.strokeBorder(rect, cornerRadii: radii, width: width, color: border, transform: t)
        finish(separate)
        let combined = try Canvas(width: 80, height: 80, background: Color(red: 20, green: 200, blue: 90, alpha: 140))
        prepare(combined)
        combined.fillRoundedRect(
            rect, cornerRadii: radii, color: fill, borderWidth: width, borderColor: border, transform: t)
        finish(combined)
        return (separate.image, combined.image)
    }

    @Test func oneCallEqualsFillThenBorder() throws {
        var rng = SplitMix64(state: 11)
        for trial in 0..<400 {
            let rect = Rect(
                x: rng.number(-20, 0), y: rng.number(-20, 0), width: rng.number(1, 40),
                height: rng.number(1, 40))
            let radii = CornerRadii(all: rng.number(0, 25))
            // Thinner than the flattening tolerance, ordinary, and wider than half the box.
            let width = [0.004, rng.number(0.2, 4), rng.number(4, 30)][trial % 3]
            let t = transform(&rng, trial % 5)
            let (separate, combined) = try drawBothWays(rect, radii, color(&rng), width, color(&rng), t)
            #expect(separate == combined, "trial \(trial): \(rect), r \(radii.topLeft), width \(width), \(t)")
        }
    }

    @Test func oneCallEqualsFillThenBorderInsideClipsAndLayers() throws {
        var rng = SplitMix64(state: 12)
        for trial in 0..<60 {
            let rect = Rect(x: -15, y: -12, width: rng.number(10, 40), height: rng.number(10, 40))
            // Rotated (the scan converter's shared sweep) or moved (the analytic one).
            let t = transform(&rng, trial % 4 < 2 ? 3 : 0)
            let clip = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 30, y: 10))
            let layered = trial % 2 == 0
            let (separate, combined) = try drawBothWays(
                rect, CornerRadii(all: 6), color(&rng), rng.number(0.5, 5), color(&rng), t,
                prepare: { canvas in
                    canvas.pushClip(
                        Rect(x: 0, y: 0, width: 45, height: 50), cornerRadii: CornerRadii(all: 9), transform: clip)
                    if layered { canvas.beginTransparencyLayer(opacity: 0.6) }
                },
                finish: { canvas in
                    if layered { canvas.endTransparencyLayer() }
                    canvas.popClip()
                })
            #expect(separate == combined, "trial \(trial)")
        }
    }

    /// Corners too large for the analytic path send a box under plain scaling to the sweep too.
    @Test func hugeCornersUnderScalingTakeTheSweep() throws {
        // A circle of radius 150 px centred at (190, 40): its left edge and border cross the canvas.
        let t = AffineTransform(scaleX: 30, y: 30).concatenating(AffineTransform(translationX: 40, y: -110))
        let radii = CornerRadii(all: 5)
        #expect(DeviceRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radii: radii, transform: t) == nil)
        let (separate, combined) = try drawBothWays(
            Rect(x: 0, y: 0, width: 10, height: 10), radii, Color(red: 200, green: 90, blue: 10, alpha: 160), 0.4,
            Color(red: 0, green: 0, blue: 90, alpha: 220), t)
        #expect(separate == combined)
        // Both the border (x ≈ 45) and the fill (x ≈ 70) are on the canvas.
        #expect(combined[45, 40].blue > combined[70, 40].blue)
        #expect(combined[70, 40] != combined[5, 40])
    }

    /// Nothing to fill, no border, or an invisible border: the call still draws what is there.
    @Test func missingPartsAreLeftOut() throws {
        let t = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 40, y: 20))
        let rect = Rect(x: -10, y: -10, width: 30, height: 20)
        let radii = CornerRadii(all: 5)
        let moved = AffineTransform(translationX: 40.3, y: 20.6)
        for (fill, width, border) in [(Color.clear, 2.0, Color.black), (.white, 0, .black), (.white, 2, .clear)] {
            for t in [t, moved] {
                let (separate, combined) = try drawBothWays(rect, radii, fill, width, border, t)
                #expect(separate == combined)
            }
        }
    }
}
