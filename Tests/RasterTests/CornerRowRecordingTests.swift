import Geometry
import TestSupport
import Testing

@testable import Raster

/// Rounded boxes of one shape a whole number of pixels apart are recorded once and replayed
/// (`CornerRowRecording`): backgrounds, borders, and both in one call. Each test draws the same
/// boxes on a canvas with recordings and on one without (`Cache.isEnabled`, the walk for every
/// row) and compares the bytes.
@Suite struct CornerRowRecordingTests {
    /// A colour with any alpha but 0 (with an invisible part a combined call draws the other alone).
    func visibleColor(_ rng: inout SplitMix64) -> Color {
        Color(
            red: UInt8(truncatingIfNeeded: rng.next()), green: UInt8(truncatingIfNeeded: rng.next()),
            blue: UInt8(truncatingIfNeeded: rng.next()), alpha: rng.next() % 3 == 0 ? 255 : UInt8(1 + rng.next() % 255))
    }

    /// One box: its transform and colours.
    struct Box {
        var transform: AffineTransform
        var fill: Color
        var border: Color
    }

    /// Draws `boxes` of `rect` as `kind` says on a fresh canvas, in a transparency layer when
    /// `layered`, with recordings or without; returns the image and the canvas's recordings.
    func draw(
        _ kind: CornerRowRecording.Kind, _ boxes: [Box], rect: Rect, radii: CornerRadii, width: Double,
        layered: Bool, recording: Bool
    ) throws -> (Image, CornerRowRecording.Cache) {
        let canvas = try Canvas(width: 200, height: 200, background: Color(red: 20, green: 200, blue: 90, alpha: 140))
        canvas.cornerRows.isEnabled = recording
        if layered { canvas.beginTransparencyLayer(opacity: 0.7) }
        for b in boxes {
            switch kind {
            case .fill: canvas.fillRoundedRect(rect, cornerRadii: radii, color: b.fill, transform: b.transform)
            case .border:
                canvas.strokeBorder(rect, cornerRadii: radii, width: width, color: b.border, transform: b.transform)
            case .fillAndBorder:
                canvas.fillRoundedRect(
                    rect, cornerRadii: radii, color: b.fill, borderWidth: width, borderColor: b.border,
                    transform: b.transform)
            }
        }
        if layered { canvas.endTransparencyLayer() }
        return (canvas.image, canvas.cornerRows)
    }

    /// Nine boxes of one shape in a grid, in colours of their own, on the canvas and in a
    /// transparency layer: the first is walked, the second recorded (and painted from the
    /// recording at once), the rest replayed; a tenth, cut by the canvas edge, is walked.
    ///
    /// Boxes match when their coordinates relative to their origin pixels are equal to the
    /// bit, as they are when sizes, scales and positions are multiples of a power of two (every
    /// trial but each fifth: S1's cells at whole pixels, or a layout in quarter points on a 2x
    /// screen). Each fifth trial takes arbitrary fractions, where `a·x + tx` rounds differently
    /// at different positions and boxes rarely match: it checks the bytes alone.
    @Test(arguments: [CornerRowRecording.Kind.fill, .border, .fillAndBorder])
    func repeatedBoxesReplayTheirCornerRows(kind: CornerRowRecording.Kind) throws {
        var rng = SplitMix64(state: 13)
        var recorded = 0, replayed = 0
        for trial in 0..<100 {
            let exact = trial % 5 != 4
            func value(_ lo: Double, _ hi: Double) -> Double {
                let v = rng.number(lo, hi)
                return exact ? (v * 64).rounded() / 64 : v
            }
            let w = value(6, 30), h = value(6, 30)
            func radius() -> Double { rng.next() % 4 == 0 ? 0 : value(0.5, 14) }
            let radii = CornerRadii(
                topLeft: value(0.5, 14), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
            let width = value(0.2, min(w, h) / 3)
            let sx = value(0.5, 2) * (trial % 4 == 3 ? -1 : 1), sy = value(0.5, 2)
            // Fractional origins, the same in every box; a mirrored box sits left of its origin.
            let ox = value(0, 1) + (sx < 0 ? 62 : 2), oy = value(0, 1) + 2
            var boxes: [Box] = []
            for k in 0..<9 {
                let x = ox + Double(64 * (k % 3)), y = oy + Double(64 * (k / 3))
                let t = AffineTransform(scaleX: sx, y: sy).concatenating(AffineTransform(translationX: x, y: y))
                boxes.append(Box(transform: t, fill: visibleColor(&rng), border: visibleColor(&rng)))
            }
            let cut = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 190.5, y: 7))
            boxes.append(Box(transform: cut, fill: boxes[0].fill, border: boxes[0].border))
            let rect = Rect(x: 0, y: 0, width: w, height: h)
            let layered = trial % 3 == 1
            let (walked, _) = try draw(
                kind, boxes, rect: rect, radii: radii, width: width, layered: layered, recording: false)
            let (replayedImage, cache) = try draw(
                kind, boxes, rect: rect, radii: radii, width: width, layered: layered, recording: true)
            #expect(walked == replayedImage, "trial \(trial): \(w)x\(h), \(radii), width \(width), scale \(sx) \(sy)")
            if exact {
                #expect(
                    cache.recordings == 1 && cache.replays == 7, "trial \(trial): \(cache.recordings), \(cache.replays)"
                )
            }
            recorded += cache.recordings
            replayed += cache.replays
        }
        // Every exact trial recorded its boxes once and replayed seven (the others may add more).
        #expect(recorded >= 80 && replayed >= 560)
    }

    /// Replayed layer boxes keep the bytes of the background and the border drawn apart.
    @Test func aReplayedLayerBoxEqualsItsBackgroundAndBorderDrawnApart() throws {
        var rng = SplitMix64(state: 14)
        let rect = Rect(x: 0, y: 0, width: 22.5, height: 17.25)
        let radii = CornerRadii(topLeft: 6, topRight: 3.5, bottomRight: 0, bottomLeft: 8.25)
        let boxes = (0..<9).map { k in
            Box(
                transform: AffineTransform(translationX: 3.25 + Double(24 * k), y: 9.5), fill: visibleColor(&rng),
                border: visibleColor(&rng))
        }
        let (combined, cache) = try draw(
            .fillAndBorder, boxes, rect: rect, radii: radii, width: 1.75, layered: false, recording: true)
        let canvas = try Canvas(width: 200, height: 200, background: Color(red: 20, green: 200, blue: 90, alpha: 140))
        canvas.cornerRows.isEnabled = false
        for b in boxes {
            canvas.fillRoundedRect(rect, cornerRadii: radii, color: b.fill, transform: b.transform)
            canvas.strokeBorder(rect, cornerRadii: radii, width: 1.75, color: b.border, transform: b.transform)
        }
        #expect(canvas.image == combined)
        #expect(cache.replays == 6)  // Boxes 3 to 8: the ninth is cut by the canvas edge.
    }

    /// A box whose recording would outgrow `CornerRowRecording.maximumBytes` is painted without
    /// one, with the same bytes.
    @Test func aBoxTooLargeToRecordIsPaintedWithoutARecording() throws {
        // Its rows alone take more than the limit: one range of 8 bytes each.
        let rows = CornerRowRecording.maximumBytes / 8 + 10
        func draw(recording: Bool) throws -> (Image, CornerRowRecording.Cache) {
            let canvas = try Canvas(width: 64, height: rows + 4, background: .white)
            canvas.cornerRows.isEnabled = recording
            for k in 0..<3 {
                let rect = Rect(x: 1.5 + Double(20 * k), y: 1.25, width: 18, height: Double(rows))
                let fill = Color(red: 200, green: UInt8(40 * k), blue: 10, alpha: 200)
                canvas.fillRoundedRect(
                    rect, cornerRadii: CornerRadii(all: 6), color: fill, borderWidth: 1.5, borderColor: .black)
            }
            return (canvas.image, canvas.cornerRows)
        }
        let (walked, _) = try draw(recording: false)
        let (abandoned, cache) = try draw(recording: true)
        #expect(walked == abandoned)
        #expect(cache.recordings == 1 && cache.replays == 0)
        // The corners are drawn: the top-left pixel of a box is lighter than its edge's middle.
        #expect(abandoned[1, 1].red > abandoned[1, 100].red)
    }
}
