import Geometry
import TestSupport
import Testing

@testable import Raster

/// A deferred clear (`DeferredClear`) gives the bytes of the clear written first, a band of
/// rows at a time.
@Suite struct DeferredClearTests {
    /// A word no drawing here produces, written under the clear so that a pixel the clear
    /// missed shows.
    static let stale: UInt32 = 0x5A17_C3E9

    /// A canvas whose memory holds `stale` and whose clear is deferred or written at once.
    static func canvas(width: Int, height: Int, background: Color, defers: Bool) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height)
        canvas.target.words.update(repeating: stale, count: width * height)
        canvas.defersClears = defers
        canvas.clear(background)
        return canvas
    }

    /// Draws a random scene: axis-aligned boxes (opaque and translucent, with and without
    /// borders, mirrored, partly off the canvas), rotated shapes, masks, images, clips,
    /// transparency layers, and now and then a second clear.
    static func scene(_ canvas: Canvas, seed: UInt64, width: Int, height: Int) {
        var rng = SplitMix64(seed: seed)
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 10_000) / 10_000 }
        func color() -> Color {
            Color(
                red: UInt8(rng.next() % 256), green: UInt8(rng.next() % 256), blue: UInt8(rng.next() % 256),
                alpha: rng.next() % 3 == 0 ? UInt8(rng.next() % 256) : 255)
        }
        let w = Double(width), h = Double(height)
        var clips = 0, layers = 0
        for _ in 0..<40 {
            let rect = Rect(x: number(-20, w), y: number(-20, h), width: number(1, 70), height: number(1, 60))
            let radii = CornerRadii(
                topLeft: number(0, 20), topRight: rng.next() % 4 == 0 ? 0 : number(0, 20),
                bottomRight: number(0, 20), bottomLeft: number(0, 20))
            let scale = AffineTransform(scaleX: rng.next() % 5 == 0 ? -1 : number(0.6, 1.6), y: number(0.6, 1.6))
            let mirror = scale.a < 0 ? AffineTransform(translationX: w, y: 0) : .identity
            let transform = scale.concatenating(mirror)
            switch rng.next() % 12 {
            case 0, 1, 2:
                canvas.fillRoundedRect(rect, cornerRadii: radii, color: color(), transform: transform)
            case 3, 4:
                canvas.fillRoundedRect(
                    rect, cornerRadii: radii, color: color(), borderWidth: number(0.5, 6), borderColor: color(),
                    transform: transform)
            case 5:
                canvas.fillRect(rect, color: color(), transform: transform)
            case 6:
                canvas.strokeBorder(
                    rect, cornerRadii: radii, width: number(0.5, 5), color: color(), transform: transform)
            case 7:
                let rotation = AffineTransform(rotationAngle: number(-1, 1))
                    .concatenating(AffineTransform(translationX: number(0, w), y: number(0, h)))
                canvas.fillRoundedRect(
                    Rect(x: -20, y: -15, width: 40, height: 30), cornerRadii: CornerRadii(all: 6), color: color(),
                    borderWidth: 2, borderColor: color(), transform: rotation)
            case 8:
                let side = 1 + Int(rng.next() % 12)
                let coverage = (0..<(side * side)).map { _ in UInt8(rng.next() % 256) }
                canvas.fill(
                    CoverageMask(
                        originX: Int(number(-10, w)), originY: Int(number(-10, h)), width: side, height: side,
                        coverage: coverage), color: color())
            case 9:
                let pixels = (0..<16).flatMap { _ in [UInt8(rng.next() % 256), 0, 0, 255] }
                if let image = try? Image(width: 4, height: 4, premultipliedPixels: pixels) {
                    canvas.draw(image, in: rect, opacity: number(0.3, 1))
                }
            case 10:
                if clips < 2, rng.next() % 2 == 0 {
                    canvas.pushClip(rect, cornerRadii: rng.next() % 2 == 0 ? .zero : radii)
                    clips += 1
                } else if clips > 0 {
                    canvas.popClip()
                    clips -= 1
                }
            default:
                if layers == 0, rng.next() % 2 == 0 {
                    canvas.beginTransparencyLayer(opacity: number(0.2, 0.9))
                    layers += 1
                    // The layer's new memory holds whatever it held; where its clear is deferred,
                    // a row drawing never settles must not reach the picture.
                    let layer = canvas.target
                    if layer.deferredClear != nil {
                        layer.words.update(repeating: DeferredClearTests.stale, count: layer.width * layer.height)
                    }
                    if rng.next() % 3 == 0 { canvas.clear(color()) }
                } else if layers > 0 {
                    canvas.endTransparencyLayer()
                    layers -= 1
                } else if rng.next() % 4 == 0 {
                    canvas.clear(color())
                }
            }
        }
        while layers > 0 {
            canvas.endTransparencyLayer()
            layers -= 1
        }
    }

    @Test(arguments: [
        Color.clear, Color(red: 255, green: 255, blue: 255), Color(red: 242, green: 242, blue: 247),
        Color(red: 30, green: 60, blue: 90, alpha: 100),
    ])
    func aDeferredClearPaintsTheBytesOfAClearWrittenFirst(background: Color) throws {
        for seed in UInt64(0)..<40 {
            let (width, height) = (97 + Int(seed % 3) * 31, 83 + Int(seed % 5) * 17)
            let deferred = try DeferredClearTests.canvas(
                width: width, height: height, background: background, defers: true)
            DeferredClearTests.scene(deferred, seed: seed, width: width, height: height)
            let eager = try DeferredClearTests.canvas(
                width: width, height: height, background: background, defers: false)
            DeferredClearTests.scene(eager, seed: seed, width: width, height: height)
            #expect(deferred.image == eager.image, "seed \(seed)")
            #expect(
                deferred.image.pixels.withUnsafeBytes { raw in
                    !raw.bindMemory(to: UInt32.self).contains(DeferredClearTests.stale)
                })
        }
    }

    /// `flush()` leaves the finished picture in the canvas's own memory, as a clear written first
    /// would, without copying it out.
    @Test func flushWritesWhatTheClearLeft() throws {
        let background = Color(red: 242, green: 242, blue: 247)
        func draw(_ canvas: Canvas) {
            canvas.fillRoundedRect(
                Rect(x: 10.5, y: 20.25, width: 60, height: 30), cornerRadii: CornerRadii(all: 8),
                color: Color(red: 200, green: 40, blue: 90))
            canvas.fillRoundedRect(
                Rect(x: -15, y: -10, width: 30, height: 20), cornerRadii: CornerRadii(all: 5),
                color: Color(red: 20, green: 40, blue: 90, alpha: 128), borderWidth: 2,
                borderColor: Color(red: 0, green: 0, blue: 0),
                transform: AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 80, y: 60)))
        }
        let deferred = try DeferredClearTests.canvas(width: 120, height: 90, background: background, defers: true)
        draw(deferred)
        let eager = try DeferredClearTests.canvas(width: 120, height: 90, background: background, defers: false)
        draw(eager)
        let words = deferred.target.words
        #expect((0..<(120 * 90)).contains { words[$0] == DeferredClearTests.stale })
        deferred.flush()
        #expect(deferred.target.deferredClear == nil)
        #expect((0..<(120 * 90)).allSatisfy { words[$0] == eager.target.words[$0] })
    }

    /// Rows are settled whole, each run of unsettled rows with one fill, and only when drawing
    /// reaches them; a settled row is not written again.
    @Test func settlingWritesWholeRowsOnce() throws {
        let background = Color(red: 1, green: 2, blue: 3)
        let canvas = try DeferredClearTests.canvas(width: 50, height: 10, background: background, defers: true)
        let surface = canvas.target, word = background.premultiplied.packedWord
        let stale = DeferredClearTests.stale
        func settledRows() -> [Bool] { (0..<10).map { surface.deferredClear!.settledRows[$0] } }
        surface.settle(PixelRect(minX: 10, minY: 2, maxX: 20, maxY: 4))
        #expect(settledRows() == [false, false, true, true, false, false, false, false, false, false])
        #expect((0..<50).allSatisfy { surface.row(2)[$0] == word && surface.row(3)[$0] == word })
        #expect(surface.row(1)[49] == stale && surface.row(4)[0] == stale)
        // A pixel drawn in a settled row stays when an area over it is settled again.
        surface.row(3)[7] = 0xFFFF_FFFF
        surface.settle(PixelRect(minX: 0, minY: 3, maxX: 5, maxY: 7))
        #expect(settledRows() == [false, false, true, true, true, true, true, false, false, false])
        #expect(surface.row(3)[7] == 0xFFFF_FFFF && surface.row(6)[49] == word && surface.row(7)[0] == stale)
        // Areas are clipped to the surface: one wholly left of it settles nothing.
        surface.settle(PixelRect(minX: -20, minY: 9, maxX: 3, maxY: 30))
        surface.settle(PixelRect(minX: -20, minY: 8, maxX: -1, maxY: 9))
        #expect(settledRows()[9] && surface.row(9)[0] == word && surface.row(8)[0] == stale)
        surface.settleAll()
        #expect(surface.deferredClear == nil)
        #expect(surface.row(0)[0] == word && surface.row(8)[49] == word && surface.row(3)[7] == 0xFFFF_FFFF)
    }

    /// A transparency layer starts as a deferred transparent clear (its memory is not zeroed),
    /// and composited down, the rows that drawing never reached change nothing: they are not
    /// read, and the rows under them stay unsettled.
    @Test func aLayersUntouchedRowsAreLeftOut() throws {
        let background = Color(red: 242, green: 242, blue: 247)
        func draw(_ canvas: Canvas, poisoningLayer: Bool) {
            canvas.beginTransparencyLayer(opacity: 0.5)
            if poisoningLayer {
                let layer = canvas.target
                #expect(layer.deferredClear?.word == 0)
                layer.words.update(repeating: DeferredClearTests.stale, count: layer.width * layer.height)
            }
            canvas.fillRoundedRect(
                Rect(x: 10.5, y: 20.25, width: 60, height: 10), cornerRadii: CornerRadii(all: 4),
                color: Color(red: 200, green: 40, blue: 90))
            canvas.endTransparencyLayer()
        }
        let deferred = try DeferredClearTests.canvas(width: 80, height: 60, background: background, defers: true)
        draw(deferred, poisoningLayer: true)
        let base = deferred.target
        // The shape reaches rows 20 through 30; nothing else was settled.
        #expect((0..<60).filter { base.holdsPixels(row: $0) } == Array(20...30))
        let eager = try DeferredClearTests.canvas(width: 80, height: 60, background: background, defers: false)
        draw(eager, poisoningLayer: false)
        #expect(deferred.image == eager.image)
    }

    /// A canvas made with a background defers its fill: its memory is not written until drawing
    /// reaches a row or the pixels are read, and then holds the background's bytes.
    @Test func aNewCanvasDefersItsBackground() throws {
        let background = Color(red: 30, green: 60, blue: 90, alpha: 100)
        let canvas = try Canvas(width: 7, height: 5, background: background)
        #expect(canvas.target.deferredClear?.word == background.premultiplied.packedWord)
        #expect((0..<5).allSatisfy { !canvas.target.holdsPixels(row: $0) })
        let pixels = canvas.image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        #expect(pixels == Array(repeating: background.premultiplied.packedWord, count: 35))
    }
}
