import Geometry
import TestSupport
import Testing

@testable import Raster

/// A deferred clear (`DeferredClear`) gives the bytes of the clear written first, and skips
/// only pixels that an opaque box paints whole.
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

    /// Cells in reading order, as a collection view draws them: every opaque cell's whole pixels
    /// are painted once, by the cell, and the clear writes only the gaps and the edge pixels.
    @Test func opaqueCellsInReadingOrderAreNotClearedUnderneath() throws {
        let canvas = try DeferredClearTests.canvas(
            width: 200, height: 120, background: Color(red: 242, green: 242, blue: 247), defers: true)
        var cores: [CoveredCore] = []
        for row in 0..<2 {
            for column in 0..<3 {
                let rect = Rect(x: 8.5 + Double(column) * 64, y: 6.25 + Double(row) * 56, width: 56, height: 50)
                let shape = DeviceRoundedRect(rect, radii: CornerRadii(all: 10), transform: .identity)!
                cores.append(CoveredCore(shape))
                // What the clear leaves under the cell, just before the cell paints it.
                canvas.target.settle(
                    PixelRect.enclosing(minX: shape.minX, minY: shape.minY, maxX: shape.maxX, maxY: shape.maxY),
                    sparing: cores[cores.count - 1])
                let words = canvas.target.words
                let core = cores[cores.count - 1]
                var spared = 0
                for y in core.rows {
                    for x in core.columns(inRow: y) {
                        #expect(words[y * 200 + x] == DeferredClearTests.stale)
                        spared += 1
                    }
                }
                // A 56x50 cell with 10-point corners at x + 0.5, y + 0.25: rows 7..<56 (49), of which
                // 29 meet no corner and take columns 9..<64; the other 20 take 19..<54.
                #expect(spared == 29 * 55 + 20 * 35)
                canvas.fillRoundedRect(
                    rect, cornerRadii: CornerRadii(all: 10), color: Color(red: 255, green: 255, blue: 255))
            }
        }
        let image = canvas.image
        let eager = try DeferredClearTests.canvas(
            width: 200, height: 120, background: Color(red: 242, green: 242, blue: 247), defers: false)
        for row in 0..<2 {
            for column in 0..<3 {
                eager.fillRoundedRect(
                    Rect(x: 8.5 + Double(column) * 64, y: 6.25 + Double(row) * 56, width: 56, height: 50),
                    cornerRadii: CornerRadii(all: 10), color: Color(red: 255, green: 255, blue: 255))
            }
        }
        #expect(image == eager.image)
    }

    /// Untouched rows are settled whole; a row drawn in is settled only as far as the new area.
    @Test func settlingMovesEachRowsEndOnlyRightward() throws {
        let canvas = try DeferredClearTests.canvas(
            width: 50, height: 10, background: Color(red: 1, green: 2, blue: 3), defers: true)
        let surface = canvas.target, word = Color(red: 1, green: 2, blue: 3).premultiplied.packedWord
        surface.settle(PixelRect(minX: 10, minY: 2, maxX: 20, maxY: 4))
        let ends = surface.deferredClear!.settledEnds
        #expect((0..<10).map { ends[$0] } == [0, 0, 50, 50, 0, 0, 0, 0, 0, 0])
        #expect((0..<50).allSatisfy { surface.row(2)[$0] == word && surface.row(3)[$0] == word })
        #expect(surface.row(4)[0] == DeferredClearTests.stale)
        surface.settle(
            PixelRect(minX: 5, minY: 3, maxX: 30, maxY: 6),
            sparing: CoveredCore(
                DeviceRoundedRect(Rect(x: 5, y: 3, width: 25, height: 3), radii: .zero, transform: .identity)!))
        #expect((0..<10).map { ends[$0] } == [0, 0, 50, 50, 30, 30, 0, 0, 0, 0])
        #expect(surface.row(4)[4] == word && surface.row(4)[5] == DeferredClearTests.stale)
        #expect(surface.row(4)[29] == DeferredClearTests.stale && surface.row(4)[30] == DeferredClearTests.stale)
        surface.settleAll()
        #expect(surface.deferredClear == nil)
        #expect(surface.row(4)[30] == word && surface.row(9)[49] == word)
    }

    /// Every pixel of a shape's covered core is painted whole by an opaque fill, whatever was
    /// under it, for fractional edges, elliptical and square corners and mirrored transforms.
    @Test func theCoveredCoreIsPaintedWhole() throws {
        var rng = SplitMix64(seed: 77)
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 10_000) / 10_000 }
        let fill = Color(red: 12, green: 200, blue: 99)
        for trial in 0..<300 {
            let rect = Rect(x: number(2, 20), y: number(2, 20), width: number(0.2, 60), height: number(0.2, 60))
            let radii = CornerRadii(
                topLeft: number(0, 30), topRight: trial % 3 == 0 ? 0 : number(0, 30), bottomRight: number(0, 30),
                bottomLeft: number(0, 30))
            let transform = AffineTransform(
                scaleX: trial % 4 == 0 ? -number(0.5, 2) : number(0.5, 2), y: number(0.5, 2)
            )
            .concatenating(AffineTransform(translationX: trial % 4 == 0 ? 140 : 0, y: 0))
            guard let shape = DeviceRoundedRect(rect, radii: radii, transform: transform) else { continue }
            let core = CoveredCore(shape)
            for background in [Color.clear, Color(red: 255, green: 0, blue: 255)] {
                let canvas = try Canvas(width: 150, height: 150, background: background)
                canvas.fillRoundedRect(rect, cornerRadii: radii, color: fill, transform: transform)
                let image = canvas.image
                for y in core.rows {
                    for x in core.columns(inRow: y) {
                        #expect(image[x, y] == fill.premultiplied, "trial \(trial) at (\(x), \(y))")
                    }
                }
            }
        }
    }
}
