import Geometry
import TestSupport
import Testing
import Text

@testable import Raster

/// Glyph masks: cached and uncached text give identical bytes, a glyph moved
/// by whole pixels gives the same mask moved, and a mask holds exactly the
/// scan converter's coverage.
@Suite struct GlyphMaskTests {
    func coordinate(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(rng.next() % 1_000_000) / 1_000_000
    }

    @Test func cachedAndUncachedTextAreIdentical() throws {
        let font = try Font.bundled()
        let cache = GlyphMaskCache()
        var rng = SplitMix64(seed: 64)
        let grey = Color(red: 28, green: 28, blue: 30)
        for trial in 0..<120 {
            let size = [9.5, 11, 13, 17, 20, 28, 33.3][trial % 7]
            let layout = try TextLayout(
                ["0123456789", "Wxyz gÅ…", "12", "Collection 42"][trial % 4], font: font, size: size)
            let origin = Point(x: coordinate(&rng, -5, 60), y: coordinate(&rng, 0, 40))
            let transform: AffineTransform =
                switch trial % 3 {
                case 0: .identity
                case 1: AffineTransform(scaleX: 2, y: 2)
                default: AffineTransform(translationX: coordinate(&rng, 0, 1), y: coordinate(&rng, 0, 1))
                }
            let color = trial % 5 == 0 ? grey.withOpacity(0.6) : grey
            let cached = try Canvas(width: 160, height: 90, background: .white)
            let again = try Canvas(width: 160, height: 90, background: .white)
            let uncached = try Canvas(width: 160, height: 90, background: .white)
            if trial % 4 == 3 {
                // Clips apply to masks as to any fill.
                for c in [cached, again, uncached] {
                    c.pushClip(Rect(x: 10.5, y: 5.25, width: 70, height: 40), cornerRadii: CornerRadii(all: 9))
                }
            }
            layout.draw(into: cached, at: origin, color: color, transform: transform, maskCache: cache)
            layout.draw(into: again, at: origin, color: color, transform: transform, maskCache: cache)
            layout.draw(into: uncached, at: origin, color: color, transform: transform, maskCache: nil)
            #expect(cached.image == uncached.image, "trial \(trial)")
            #expect(again.image == uncached.image, "trial \(trial)")
        }
        #expect(cache.count > 0)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test func wholePixelMovesMoveTheSamePixels() throws {
        let font = try Font.bundled()
        let layout = try TextLayout("8g", font: font, size: 23)
        let a = try Canvas(width: 80, height: 60), b = try Canvas(width: 80, height: 60)
        layout.draw(into: a, at: Point(x: 3.37, y: 4.81), color: .black, maskCache: nil)
        layout.draw(into: b, at: Point(x: 3.37 + 31, y: 4.81 + 17), color: .black, maskCache: nil)
        for y in 0..<(60 - 17) {
            for x in 0..<(80 - 31) {
                #expect(a.image[x, y] == b.image[x + 31, y + 17])
            }
        }
    }

    /// Glyph origins are rounded to the nearest quarter pixel: origins that round alike draw
    /// the same bytes, the next quarter draws different ones. (One glyph, moved along x: its
    /// origin is the layout's x; y stays put, as the baseline adds the font's ascender.)
    @Test func originsRoundToQuarterPixels() throws {
        let font = try Font.bundled()
        let layout = try TextLayout("8", font: font, size: 23)
        func drawn(_ x: Double) throws -> Image {
            try Image.drawing(width: 40, height: 40) { layout.draw(into: $0, at: Point(x: x, y: 4.5), color: .black) }
        }
        let quarter = try drawn(3.25)
        for x in [3.13, 3.2, 3.3, 3.37] { #expect(try drawn(x) == quarter, "x \(x)") }
        for x in [3.0, 3.12, 3.38, 3.5] { #expect(try drawn(x) != quarter, "x \(x)") }
    }

    @Test func tinyCacheStillGivesTheSameBytes() throws {
        // A cache that empties itself on nearly every insertion.
        let font = try Font.bundled()
        let cache = GlyphMaskCache(maximumBytes: 600)
        let layout = try TextLayout("0123456789", font: font, size: 28)
        let a = try Canvas(width: 200, height: 40), b = try Canvas(width: 200, height: 40)
        for k in 0..<5 {
            layout.draw(into: a, at: Point(x: Double(k) * 0.3, y: 1.1), color: .black, maskCache: cache)
            layout.draw(into: b, at: Point(x: Double(k) * 0.3, y: 1.1), color: .black, maskCache: nil)
        }
        #expect(a.image == b.image)
    }

    @Test func rotatedTextIsStillFilledAsPaths() throws {
        let font = try Font.bundled()
        let layout = try TextLayout("Rot", font: font, size: 16)
        let t = AffineTransform(rotationAngle: -0.35).concatenating(AffineTransform(translationX: 10, y: 30))
        let cached = try Canvas(width: 60, height: 40), plain = try Canvas(width: 60, height: 40)
        let cache = GlyphMaskCache()
        layout.draw(into: cached, at: .zero, color: .black, transform: t, maskCache: cache)
        layout.draw(into: plain, at: .zero, color: .black, transform: t, maskCache: nil)
        #expect(cached.image == plain.image)
        #expect(cache.count == 0)
    }

    @Test func maskHoldsTheScanConvertersCoverage() throws {
        var rng = SplitMix64(seed: 3)
        for trial in 0..<300 {
            var path = Path()
            let n = Int(rng.next() % 6) + 3
            path.addPolygon((0..<n).map { _ in Point(x: coordinate(&rng, -3, 30), y: coordinate(&rng, -3, 30)) })
            if trial % 2 == 0 { path.addEllipse(in: Rect(x: coordinate(&rng, 0, 10), y: 4, width: 12, height: 9)) }
            let rule: FillRule = trial % 3 == 0 ? .evenOdd : .nonZero
            let mask = try #require(CoverageMask(filling: path, transform: .identity, fillRule: rule))
            let scan = ScanConverter()
            scan.addPath(path, transform: .identity)
            let window = PixelRect(minX: -10, minY: -10, maxX: 40, maxY: 40)
            var expected = [Int](repeating: 0, count: 50 * 50)
            scan.sweep(
                in: window, fillRule: rule,
                into: RowCallbackBlitter { y, runs in
                    for run in runs {
                        for x in run.x..<(run.x + run.count) { expected[(y + 10) * 50 + x + 10] = Int(run.coverage) }
                    }
                })
            var worst = 0
            for y in -10..<40 {
                for x in -10..<40 {
                    let mx = x - mask.originX, my = y - mask.originY
                    let m =
                        mx >= 0 && my >= 0 && mx < mask.width && my < mask.height
                        ? Int(mask.coverage[my * mask.width + mx]) : 0
                    worst = max(worst, abs(m - expected[(y + 10) * 50 + x + 10]))
                }
            }
            // One accumulation: the mask is the sweep's coverage, written by a `MaskBlitter`.
            #expect(worst == 0, "trial \(trial)")
        }
    }
}
