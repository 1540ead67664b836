import CIntrinsics
import Geometry
import TestSupport
import Testing

import func Foundation.asin

@testable import Raster

/// The analytic path for rectangles, rounded rectangles and borders under
/// scale + translate: identical to the scan converter for plain rectangles,
/// within a stated bound of it (and of the exact area) for rounded ones, and
/// subject to clips and layers like everything else.
@Suite struct AxisAlignedTests {
    // MARK: Helpers

    /// A coordinate: sometimes on a 1/4 grid (ties in the 8-bit rounding), sometimes any double.
    func coordinate(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        let u = Double(rng.next() % 1_000_000) / 1_000_000
        let v = lo + (hi - lo) * u
        return rng.next() % 2 == 0 ? (v * 4).rounded() / 4 : v
    }

    func randomColor(_ rng: inout SplitMix64, opaque: Bool = false) -> Color {
        Color(
            red: UInt8(truncatingIfNeeded: rng.next()), green: UInt8(truncatingIfNeeded: rng.next()),
            blue: UInt8(truncatingIfNeeded: rng.next()),
            alpha: opaque ? 255 : UInt8(truncatingIfNeeded: rng.next() % 256))
    }

    /// A rectangle whose x, y, width and height are drawn in that order, the origin's from
    /// `origin` and the size's from `size`.
    func randomRect(_ rng: inout SplitMix64, origin: ClosedRange<Double>, size: ClosedRange<Double>) -> Rect {
        let x = coordinate(&rng, origin.lowerBound, origin.upperBound)
        let y = coordinate(&rng, origin.lowerBound, origin.upperBound)
        let width = coordinate(&rng, size.lowerBound, size.upperBound)
        let height = coordinate(&rng, size.lowerBound, size.upperBound)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Four corners from 0 to `largest`, drawn top-left, top-right, bottom-right, bottom-left.
    func randomRadii(_ rng: inout SplitMix64, upTo largest: Double) -> CornerRadii {
        let topLeft = coordinate(&rng, 0, largest), topRight = coordinate(&rng, 0, largest)
        let bottomRight = coordinate(&rng, 0, largest), bottomLeft = coordinate(&rng, 0, largest)
        return CornerRadii(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// Scale (possibly mirrored) and translate only.
    func randomTransform(_ rng: inout SplitMix64) -> AffineTransform {
        if rng.next() % 4 == 0 { return .identity }
        let sx = coordinate(&rng, 0.25, 3) * (rng.next() % 5 == 0 ? -1 : 1)
        let sy = coordinate(&rng, 0.25, 3) * (rng.next() % 5 == 0 ? -1 : 1)
        var t = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: coordinate(&rng, -10, 40), ty: coordinate(&rng, -10, 40))
        // Keep mirrored shapes on the canvas.
        if sx < 0 { t.tx += 40 }
        if sy < 0 { t.ty += 40 }
        return t
    }

    /// Per-pixel alpha of `canvas`.
    func alphas(_ canvas: Canvas) -> [Int] {
        canvas.image.pixels.enumerated().compactMap { $0.offset % 4 == 3 ? Int($0.element) : nil }
    }

    /// Coverage of `path` by the scan converter with curves flattened to `tolerance` (by default
    /// 0.001 px: the reference).
    func reference(
        _ path: Path, _ t: AffineTransform, width: Int, height: Int, rule: FillRule = .nonZero,
        tolerance: Double = 0.001
    ) -> [Int] {
        let scan = ScanConverter()
        scan.addPath(path, transform: t, tolerance: tolerance)
        var out = [Int](repeating: 0, count: width * height)
        scan.sweep(
            in: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), fillRule: rule,
            into: RowCallbackBlitter { y, runs in
                for run in runs { for x in run.x..<(run.x + run.count) { out[y * width + x] = Int(run.coverage) } }
            })
        return out
    }

    /// Sets up the same clip and layer on a canvas, from a seed.
    func prepare(_ canvas: Canvas, _ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        switch rng.next() % 4 {
        case 0:
            break
        case 1:  // A pixel-aligned clip: bounds only.
            canvas.pushClip(Rect(x: Double(rng.next() % 10), y: Double(rng.next() % 10), width: 20, height: 25))
        case 2:  // A rounded, fractional clip: a coverage mask.
            canvas.pushClip(
                Rect(x: coordinate(&rng, 0, 10), y: coordinate(&rng, 0, 10), width: 25, height: 22),
                cornerRadii: CornerRadii(all: coordinate(&rng, 0, 10)))
        default:  // Nested clips.
            canvas.pushClip(Rect(x: 3.5, y: 2.25, width: 30, height: 30), cornerRadii: CornerRadii(all: 6))
            canvas.pushClip(Rect(x: 5, y: 5, width: 20, height: 30))
        }
        if rng.next() % 3 == 0 {
            canvas.beginTransparencyLayer(opacity: coordinate(&rng, 0, 1))
        }
    }

    func finish(_ canvas: Canvas) {
        canvas.endTransparencyLayer()
        canvas.popClip()
        canvas.popClip()
    }

    // MARK: Plain rectangles: identical bytes

    @Test func plainRectanglesAreIdenticalToTheScanConverter() throws {
        var rng = SplitMix64(seed: 2024)
        for trial in 0..<3000 {
            let w = Int(rng.next() % 40) + 1, h = Int(rng.next() % 40) + 1
            let background = randomColor(&rng), color = randomColor(&rng)
            let rect = Rect(
                x: coordinate(&rng, -6, 40), y: coordinate(&rng, -6, 40),
                width: coordinate(&rng, 0, 30) * (rng.next() % 6 == 0 ? -1 : 1), height: coordinate(&rng, 0, 30))
            let t = randomTransform(&rng)
            let seed = rng.next()
            let fast = try Canvas(width: w, height: h, background: background)
            let scan = try Canvas(width: w, height: h, background: background)
            prepare(fast, seed)
            prepare(scan, seed)
            if color.alpha > 0 && !rect.isEmpty {
                #expect(fast.fillAxisAligned(rect, cornerRadii: .zero, color: color, transform: t))
            }
            var path = Path()
            path.addRect(rect)
            scan.fill(path, color: color, transform: t)
            finish(fast)
            finish(scan)
            #expect(fast.image == scan.image, "trial \(trial): \(rect) under \(t)")
        }
    }

    /// A box's band of plain rows, painted without classifying each row, gets the bytes each
    /// row gets classified (`Canvas.paintsPlainBands` off): backgrounds, borders and both in
    /// one call, rounded or square, mirrored, cut by the canvas, under clips and in layers.
    @Test func plainBandsGiveTheBytesOfRowByRowClassification() throws {
        var rng = SplitMix64(seed: 2026)
        for trial in 0..<300 {
            let rect = randomRect(&rng, origin: -6...20, size: 0.5...40)
            let radii = rng.next() % 4 == 0 ? CornerRadii.zero : randomRadii(&rng, upTo: 12)
            let t = randomTransform(&rng)
            let width = coordinate(&rng, 0.1, 8)
            let fill = randomColor(&rng, opaque: rng.next() % 2 == 0), border = randomColor(&rng)
            let seed = rng.next()
            func draw(bands: Bool) throws -> Image {
                let canvas = try Canvas(
                    width: 64, height: 64, background: Color(red: 90, green: 30, blue: 200, alpha: 160))
                canvas.paintsPlainBands = bands
                prepare(canvas, seed)
                switch trial % 3 {
                case 0: canvas.fillRoundedRect(rect, cornerRadii: radii, color: fill, transform: t)
                case 1: canvas.strokeBorder(rect, cornerRadii: radii, width: width, color: border, transform: t)
                default:
                    canvas.fillRoundedRect(
                        rect, cornerRadii: radii, color: fill, borderWidth: width, borderColor: border, transform: t)
                }
                finish(canvas)
                return canvas.image
            }
            #expect(try draw(bands: true) == draw(bands: false), "trial \(trial): \(rect), \(radii), \(t)")
        }
    }

    @Test func zeroRadiiAndPublicEntryPointsTakeTheSamePath() throws {
        let rect = Rect(x: 1.3, y: 2.7, width: 10.2, height: 5.5)
        let a = try Canvas(width: 16, height: 12), b = try Canvas(width: 16, height: 12),
            c = try Canvas(width: 16, height: 12)
        a.fillRect(rect, color: .black)
        b.fillRoundedRect(rect, cornerRadii: .zero, color: .black)
        var p = Path()
        p.addRect(rect)
        c.fill(p, color: .black)
        #expect(a.image == c.image)
        #expect(b.image == c.image)
    }

    // MARK: Rounded rectangles and borders: within a bound

    /// The largest difference allowed from the 0.001 px reference for corners up to `radius`
    /// device pixels: 1 for the two roundings, plus the cubic's 0.027 % radial error and the
    /// reference's flattening, each over at most 2 px of arc in a pixel.
    func bound(radius: Double) -> Int {
        1 + Int((255 * 2 * (0.000_273 * radius + 0.001)).rounded(.up))
    }

    @Test func roundedRectanglesMatchTheReferenceAndTheExactArea() throws {
        var rng = SplitMix64(seed: 77)
        for trial in 0..<400 {
            let size = 128
            let rect = randomRect(&rng, origin: 0...10, size: 1...30)
            let radii = CornerRadii(
                topLeft: coordinate(&rng, 0, 16), topRight: coordinate(&rng, 0, 16),
                bottomRight: rng.next() % 4 == 0 ? 0 : coordinate(&rng, 0, 16), bottomLeft: coordinate(&rng, 0, 16))
            let s = coordinate(&rng, 0.5, 1.5), sy = rng.next() % 2 == 0 ? s : coordinate(&rng, 0.5, 1.5)
            let mirrored = rng.next() % 5 == 0
            let t = AffineTransform(
                a: mirrored ? -s : s, b: 0, c: 0, d: sy, tx: coordinate(&rng, 0, 10) + (mirrored ? 64 : 0),
                ty: coordinate(&rng, 0, 10))
            let canvas = try Canvas(width: size, height: size)
            canvas.fillRoundedRect(rect, cornerRadii: radii, color: .black, transform: t)
            let fast = alphas(canvas)
            var path = Path()
            path.addRoundedRect(rect, cornerRadii: radii)
            let ref = reference(path, t, width: size, height: size)
            let clamped = radii.clamped(to: rect)
            let largest =
                max(clamped.topLeft, clamped.topRight, clamped.bottomRight, clamped.bottomLeft)
                * max(abs(t.a), abs(t.d))
            let worst = zip(fast, ref).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= bound(radius: largest), "trial \(trial): \(worst) > \(bound(radius: largest))")

            // Total ink against the exact area: a rectangle minus (1 − π/4)·rx·ry per corner.
            let sx = abs(t.a), syy = abs(t.d)
            let corners = [clamped.topLeft, clamped.topRight, clamped.bottomRight, clamped.bottomLeft]
            let exact =
                rect.width * sx * rect.height * syy
                - corners.map { (1 - Double.pi / 4) * $0 * $0 * sx * syy }.reduce(0, +)
            let ink = Double(fast.reduce(0, +)) / 255
            // Each partially covered pixel is off by at most half a level (a few more edge
            // pixels may round to 0 or 255).
            let partial = fast.filter { $0 > 0 && $0 < 255 }.count + 8
            #expect(abs(ink - exact) <= Double(partial) * 0.5 / 255, "trial \(trial): ink \(ink), exact \(exact)")

            // Before rounding, the per-pixel areas add up to the exact area.
            let shape = try #require(DeviceRoundedRect(rect, radii: radii, transform: t))
            let cache = CornerCutTable.Cache()
            let coverage = RoundedRectCoverage(shape, cache: cache)
            var sum = 0.0
            for y in -2..<(size + 2) {
                guard let row = coverage.row(y) else { continue }
                for x in (row.l0 - 1)...(row.r1 + 1) { sum += coverage.coverage(x, row) }
            }
            withExtendedLifetime(cache) {}
            #expect(abs(sum - exact) < 1e-9 * exact, "trial \(trial): \(sum) vs \(exact)")
        }
    }

    @Test func bordersAreOuterMinusInner() throws {
        var rng = SplitMix64(seed: 78)
        for trial in 0..<300 {
            let size = 64
            let rect = randomRect(&rng, origin: 0...10, size: 2...40)
            let radii = CornerRadii(all: coordinate(&rng, 0, 14))
            let width = coordinate(&rng, 0.25, 4)
            let t = AffineTransform(
                a: coordinate(&rng, 0.5, 1.5), b: 0, c: 0, d: coordinate(&rng, 0.5, 1.5), tx: coordinate(&rng, 0, 8),
                ty: coordinate(&rng, 0, 8))
            let canvas = try Canvas(width: size, height: size)
            canvas.strokeBorder(rect, cornerRadii: radii, width: width, color: .black, transform: t)
            let fast = alphas(canvas)
            var outer = Path()
            outer.addRoundedRect(rect, cornerRadii: radii)
            var expected = reference(outer, t, width: size, height: size)
            let inset = rect.insetBy(dx: width, dy: width)
            if inset.width > 0 && inset.height > 0 {
                var inner = Path()
                inner.addRoundedRect(inset, cornerRadii: radii.clamped(to: rect).insetBy(width))
                let i = reference(inner, t, width: size, height: size)
                expected = zip(expected, i).map { max(0, $0 - $1) }
            }
            let largest = radii.clamped(to: rect).topLeft * max(t.a, t.d)
            let worst = zip(fast, expected).map { abs($0 - $1) }.max() ?? 0
            // One more level: the reference rounds outer and inner separately.
            #expect(worst <= bound(radius: largest) + 1, "trial \(trial): \(worst)")
        }
    }

    @Test func thinBorderCornersAreExactWhereEvenOddIsNot() throws {
        // Where both contours of a 1 px border cross one pixel, even-odd area
        // accumulation folds "0.957 once + 0.043 twice" into full coverage; the
        // ring's exact coverage there is 0.9185 (234), measured by supersampling.
        let canvas = try Canvas(width: 100, height: 100)
        canvas.strokeBorder(
            Rect(x: 10.3, y: 10.7, width: 60, height: 60), cornerRadii: CornerRadii(all: 8), width: 1, color: .black)
        #expect(canvas.image[66, 12].alpha == 234)
    }

    @Test func rotatedBordersAreOuterMinusInnerToo() throws {
        // Under rotation the ring is scan converted with the two shapes accumulated
        // apart: each pixel is the outer coverage minus the inner one.
        var rng = SplitMix64(seed: 79)
        var evenOddWorst = 0
        for trial in 0..<100 {
            let rect = Rect(x: -20, y: -15, width: 40, height: 30)
            let radii = CornerRadii(all: coordinate(&rng, 2, 15))
            let width = coordinate(&rng, 0.5, 2)
            // A real rotation (at angle 0 the border takes the analytic path).
            let angle = (0.05 + Double(rng.next() % 1000) / 1000) * (rng.next() % 2 == 0 ? 1 : -1)
            let t = AffineTransform(rotationAngle: angle)
                .concatenating(AffineTransform(translationX: coordinate(&rng, 30, 34), y: coordinate(&rng, 30, 34)))
            let canvas = try Canvas(width: 64, height: 64)
            canvas.strokeBorder(rect, cornerRadii: radii, width: width, color: .black, transform: t)
            let ring = alphas(canvas)
            var outer = Path()
            outer.addRoundedRect(rect, cornerRadii: radii)
            var inner = Path()
            inner.addRoundedRect(rect.insetBy(dx: width, dy: width), cornerRadii: radii.insetBy(width))
            // The same flattening as the border's, each shape filled on its own.
            let tolerance = PathFlattener.tolerance
            let o = reference(outer, t, width: 64, height: 64, tolerance: tolerance)
            let i = reference(inner, t, width: 64, height: 64, tolerance: tolerance)
            let worst = zip(ring, zip(o, i)).map { abs($0 - max(0, $1.0 - $1.1)) }.max() ?? 0
            // The references round outer and inner separately.
            #expect(worst <= 1, "trial \(trial): \(worst)")
            var both = outer
            both.addPath(inner)
            let evenOdd = reference(both, t, width: 64, height: 64, rule: .evenOdd, tolerance: tolerance)
            evenOddWorst = max(evenOddWorst, zip(evenOdd, zip(o, i)).map { abs($0 - max(0, $1.0 - $1.1)) }.max() ?? 0)
        }
        // The even-odd rule on one accumulation, which this replaced, is far off where both contours cross a pixel.
        #expect(evenOddWorst > 10)
    }

    // MARK: Clips and layers

    @Test func roundedShapesHonourClipsAndLayers() throws {
        var rng = SplitMix64(seed: 99)
        for trial in 0..<300 {
            let background = randomColor(&rng, opaque: true), color = randomColor(&rng)
            let rect = Rect(x: coordinate(&rng, -4, 20), y: coordinate(&rng, -4, 20), width: 22, height: 18)
            let radii = CornerRadii(all: coordinate(&rng, 0, 9))
            let seed = rng.next()
            let fast = try Canvas(width: 40, height: 40, background: background)
            let scan = try Canvas(width: 40, height: 40, background: background)
            prepare(fast, seed)
            prepare(scan, seed)
            fast.fillRoundedRect(rect, cornerRadii: radii, color: color)
            var path = Path()
            path.addRoundedRect(rect, cornerRadii: radii)
            scan.fill(path, color: color)
            finish(fast)
            finish(scan)
            // Same clip, same layer: only the corners' coverage may differ (by the bound), which
            // moves a channel by at most that many levels.
            let a = fast.image.pixels, b = scan.image.pixels
            let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= bound(radius: 9) + 1, "trial \(trial): \(worst)")
        }
    }

    @Test func aRoundedClipHasTheSameEdgeAsTheFill() throws {
        var rng = SplitMix64(seed: 100)
        for trial in 0..<200 {
            let rect = randomRect(&rng, origin: -5...20, size: 1...30)
            let radii = randomRadii(&rng, upTo: 12)
            let t = AffineTransform(
                a: coordinate(&rng, 0.5, 1.5), b: 0, c: 0, d: coordinate(&rng, 0.5, 1.5), tx: coordinate(&rng, 0, 5),
                ty: coordinate(&rng, 0, 5))
            let clipped = try Canvas(width: 48, height: 48), filled = try Canvas(width: 48, height: 48)
            clipped.pushClip(rect, cornerRadii: radii, transform: t)
            clipped.fillRect(Rect(x: 0, y: 0, width: 48, height: 48), color: .black)
            clipped.popClip()
            filled.fillRoundedRect(rect, cornerRadii: radii, color: .black, transform: t)
            #expect(clipped.image == filled.image, "trial \(trial)")
        }
    }

    @Test func clipStopsTheFastPathExactly() throws {
        let canvas = try Canvas(width: 20, height: 20, background: .white)
        canvas.pushClip(Rect(x: 5, y: 5, width: 10, height: 10))
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadii: CornerRadii(all: 3), color: .black)
        canvas.strokeBorder(
            Rect(x: 0, y: 0, width: 20, height: 20), cornerRadii: CornerRadii(all: 3), width: 6, color: .black)
        canvas.popClip()
        #expect(canvas.image[4, 10] == Color.white.premultiplied)
        #expect(canvas.image[5, 10] == Color.black.premultiplied)
        #expect(canvas.image[15, 10] == Color.white.premultiplied)

        let layered = try Canvas(width: 4, height: 4, background: .white)
        layered.beginTransparencyLayer(opacity: 0.5)
        layered.fillRoundedRect(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadii: CornerRadii(all: 1), color: .black)
        layered.endTransparencyLayer()
        #expect(layered.image[2, 2] == PremultipliedColor(red: 127, green: 127, blue: 127, alpha: 255))
    }

    // MARK: Corner tables

    /// A table for a random corner: circular half the time, semi-axes in `radii`, offsets in 0…0.999.
    func randomCornerTable(_ rng: inout SplitMix64, radii: ClosedRange<Double>) -> CornerCutTable {
        let rx = coordinate(&rng, radii.lowerBound, radii.upperBound)
        let ry = rng.next() % 2 == 0 ? rx : coordinate(&rng, radii.lowerBound, radii.upperBound)
        return CornerCutTable(rx: rx, ry: ry, gu: coordinate(&rng, 0, 0.999), gv: coordinate(&rng, 0, 0.999))
    }

    @Test func cornerTablesCutExactlyTheCornerArea() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let table = randomCornerTable(&rng, radii: 0.01...40)
            let rx = table.rx, ry = table.ry
            var total = 0.0
            for mv in 0..<(table.rows + 2) { for mu in 0..<(table.columns + 2) { total += table.cut(mu, mv) } }
            #expect(abs(total - (1 - Double.pi / 4) * rx * ry) < 1e-9 * max(1, rx * ry))
        }
    }

    /// Every entry is the area its pixel loses to the corner, checked against a midpoint-rule
    /// integral of the ellipse's height over the pixel's columns; pixels wholly inside the
    /// ellipse lose exactly nothing.
    @Test func cornerTableEntriesMatchANumericIntegral() {
        var rng = SplitMix64(seed: 6)
        for _ in 0..<40 {
            let table = randomCornerTable(&rng, radii: 0.5...12)
            let rx = table.rx, ry = table.ry, gu = table.gu, gv = table.gv
            func boundary(_ g: Double, _ first: Int, _ k: Int, _ r: Double) -> Double {
                min(r, max(0, g + Double(first + k - 1)))
            }
            for j in 0..<table.rows {
                let v0 = boundary(gv, table.firstV, j, ry), v1 = boundary(gv, table.firstV, j + 1, ry)
                for i in 0..<table.columns {
                    let u0 = boundary(gu, table.firstU, i, rx), u1 = boundary(gu, table.firstU, i + 1, rx)
                    let steps = 4000
                    var inside = 0.0
                    for k in 0..<steps {
                        let u = u0 + (u1 - u0) * (Double(k) + 0.5) / Double(steps)
                        let h = ry * max(0, 1 - (u / rx) * (u / rx)).squareRoot()
                        inside += min(v1 - v0, max(0, h - v0))
                    }
                    inside *= (u1 - u0) / Double(steps)
                    let cut = table.cut(table.firstU + i, table.firstV + j)
                    #expect(abs(cut - ((u1 - u0) * (v1 - v0) - inside)) < 2e-5, "rx \(rx) ry \(ry) (\(i), \(j))")
                    let wholeInside = ry * max(0, 1 - (u1 / rx) * (u1 / rx)).squareRoot() >= v1
                    if wholeInside { #expect(cut == 0) }
                }
            }
        }
    }

    /// An axis's boundaries, arc values and integrals, computed four at a time in AVX2 and pass
    /// by pass in the scalar path, are to the bit those of the one-boundary-at-a-time
    /// expressions: the boundary, the arc's u there (`CornerCutTable.arcU` for rows) and
    /// `CornerCutTable.area` of it.
    @Test func axisIntegralsEqualTheirOneAtATimeReference() {
        var rng = SplitMix64(seed: 13)
        var cases: [(Double, Double, Double)] = [
            (8, 8, 0), (8, 8, 0.5), (7, 7, 0.999), (0.5, 0.5, 0.25), (30, 12, 0.75), (3, 3, 0), (2.5, 2.5, 0.5),
        ]
        for _ in 0..<300 {
            let rx = coordinate(&rng, 0.5, 30)
            cases.append((rx, rng.next() % 2 == 0 ? rx : coordinate(&rng, 0.5, 30), coordinate(&rng, 0, 0.999)))
        }
        var vectorPathsTaken = 0
        for (rx, ry, offset) in cases {
            for kind in [CornerCutTable.AxisIntegrals.Axis.columns, .rows] {
                for vector in [false, true] {
                    let axis = CornerCutTable.AxisIntegrals(kind, rx: rx, ry: ry, offset: offset, vector: vector)
                    if vector && Blend.hasAVX2 { vectorPathsTaken += 1 }
                    let radius = kind == .columns ? rx : ry
                    for k in 0...axis.count {
                        let edge = k == 0 ? 0 : k == axis.count ? radius : offset + Double(axis.first + k - 1)
                        let u = kind == .rows ? CornerCutTable.arcU(atHeight: edge, rx: rx, ry: ry) : edge
                        let g = CornerCutTable.area(u, rx: rx, ry: ry)
                        let label = "\(kind) \(rx) \(ry) \(offset) vector \(vector) boundary \(k)"
                        #expect(axis.edges[k].bitPattern == edge.bitPattern, "edge, \(label)")
                        #expect(axis.arc[k].bitPattern == u.bitPattern, "arc, \(label)")
                        #expect(axis.areas[k].bitPattern == g.bitPattern, "area, \(label)")
                    }
                }
            }
        }
        // On a processor with AVX2 (this project's CI machines) the kernel was compared.
        #expect(!Blend.hasAVX2 || vectorPathsTaken == 2 * cases.count)
    }

    /// A table's cuts computed four columns at a time in AVX2 are to the bit those of the scalar
    /// loops, for circular and elliptic corners, offsets on and between whole pixels, and radii
    /// whose column count is each remainder of four.
    @Test func cornerCutRowsInAVX2EqualTheScalarLoops() {
        var rng = SplitMix64(seed: 19)
        var cases: [(Double, Double, Double, Double)] = [
            (8, 8, 0, 0), (8, 8, 0.5, 0.5), (7, 7, 0.999, 0.25), (0.5, 0.5, 0.25, 0), (30, 12, 0.75, 0.1),
            (3, 3, 0, 0.5), (2.5, 2.5, 0.5, 0), (1, 1, 0, 0), (4, 4, 0, 0), (5, 5, 0, 0), (6, 6, 0, 0),
        ]
        for _ in 0..<400 {
            let rx = coordinate(&rng, 0.2, 40)
            let ry = rng.next() % 2 == 0 ? rx : coordinate(&rng, 0.2, 40)
            let whole = rng.next() % 4 == 0
            cases.append((rx, ry, whole ? 0 : coordinate(&rng, 0, 0.999), coordinate(&rng, 0, 0.999)))
        }
        var vectorPathsTaken = 0
        for (rx, ry, gu, gv) in cases {
            let columns = CornerCutTable.AxisIntegrals(.columns, rx: rx, ry: ry, offset: gu)
            let rows = CornerCutTable.AxisIntegrals(.rows, rx: rx, ry: ry, offset: gv)
            let scalar = CornerCutTable(columns: columns, rows: rows, vector: false)
            let vector = CornerCutTable(columns: columns, rows: rows, vector: true)
            if Blend.hasAVX2 { vectorPathsTaken += 1 }
            #expect(vector.columns == scalar.columns && vector.rows == scalar.rows)
            let differing = (0..<(scalar.rows * scalar.columns)).filter {
                vector.pointer[$0].bitPattern != scalar.pointer[$0].bitPattern
            }
            #expect(differing.isEmpty, "rx \(rx) ry \(ry) gu \(gu) gv \(gv): cuts \(differing) differ")
            #expect((0...scalar.rows).allSatisfy { vector.arcPointer[$0] == scalar.arcPointer[$0] })
        }
        // On a processor with AVX2 (this project's CI machines) the kernel was compared.
        #expect(!Blend.hasAVX2 || vectorPathsTaken == cases.count)
    }

    /// `unitArcsine`, the corners' own arcsine, is within 3 ulp of the C library's `asin` (itself
    /// within 1 ulp) over its range, exact at 0 and 1, and within an ulp of π/6 at ½.
    @Test func unitArcsineAgreesWithTheCLibrary() {
        var rng = SplitMix64(seed: 17)
        var worst = 0.0
        for k in 0..<20_000 {
            let a = k < 4097 ? Double(k) / 4096 : coordinate(&rng, -0.5, 1)
            let expected = asin(a), got = unitArcsine(a)
            let ulps = abs(got - expected) / max(expected.magnitude.ulp, Double.leastNormalMagnitude)
            worst = max(worst, ulps)
        }
        #expect(worst <= 3, "worst \(worst) ulp")
        #expect(unitArcsine(0) == 0)
        #expect(unitArcsine(1) == Double.pi / 2)
        #expect(abs(unitArcsine(0.5) - Double.pi / 6) <= (Double.pi / 6).ulp)
    }

    /// Tables the cache builds from axis integrals it shares between corners hold exactly the
    /// values of tables built alone, whichever corners came before them.
    @Test func sharedAxisIntegralsGiveTheSameTables() {
        var rng = SplitMix64(seed: 11)
        let cache = CornerCutTable.Cache()
        for _ in 0..<200 {
            let rx = coordinate(&rng, 0.5, 30), ry = rng.next() % 2 == 0 ? rx : coordinate(&rng, 0.5, 30)
            let gus = [coordinate(&rng, 0, 0.999), 0], gvs = [coordinate(&rng, 0, 0.999), 0.5]
            for (gu, gv) in [(gus[0], gvs[0]), (gus[1], gvs[0]), (gus[1], gvs[1]), (gus[0], gvs[1])] {
                cache.beginShape()
                let shared = cache.table(rx: rx, ry: ry, gu: gu, gv: gv)
                let alone = CornerCutTable(rx: rx, ry: ry, gu: gu, gv: gv)
                #expect(shared.columns == alone.columns && shared.rows == alone.rows)
                let cuts = shared.rows * shared.columns
                #expect((0..<cuts).allSatisfy { shared.cuts[$0] == alone.pointer[$0] })
                #expect((0...shared.rows).allSatisfy { shared.arc[$0] == alone.arcPointer[$0] })
            }
        }
    }

    /// The cache keeps every table the current shape looked up as it is, however many others
    /// the shape looks up after it (up to 15), and rebuilds it for other parameters only in a
    /// later shape: the values a shape reads by pointer stay its own.
    @Test func tablesOfTheCurrentShapeAreNeverRebuilt() {
        var rng = SplitMix64(seed: 12)
        let cache = CornerCutTable.Cache()
        let alone = CornerCutTable(rx: 8, ry: 8, gu: 0.25, gv: 0.75)
        for _ in 0..<20 {
            cache.beginShape()
            let held = cache.table(rx: 8, ry: 8, gu: 0.25, gv: 0.75)
            var others: [(CornerCutTable.Pointers, CornerCutTable)] = []
            for _ in 0..<14 {
                let rx = coordinate(&rng, 0.5, 30), gu = coordinate(&rng, 0, 0.999), gv = coordinate(&rng, 0, 0.999)
                others.append(
                    (cache.table(rx: rx, ry: rx, gu: gu, gv: gv), CornerCutTable(rx: rx, ry: rx, gu: gu, gv: gv)))
            }
            #expect(held.columns == alone.columns && held.rows == alone.rows)
            #expect((0..<(held.rows * held.columns)).allSatisfy { held.cuts[$0] == alone.pointer[$0] })
            #expect((0...held.rows).allSatisfy { held.arc[$0] == alone.arcPointer[$0] })
            for (shared, own) in others {
                #expect((0..<(own.rows * own.columns)).allSatisfy { shared.cuts[$0] == own.pointer[$0] })
                #expect((0...own.rows).allSatisfy { shared.arc[$0] == own.arcPointer[$0] })
            }
        }
    }

    @Test func unsupportedTransformsFallBackToTheScanConverter() throws {
        let canvas = try Canvas(width: 8, height: 8)
        let rect = Rect(x: 1, y: 1, width: 4, height: 4)
        #expect(
            !canvas.fillAxisAligned(
                rect, cornerRadii: .zero, color: .black, transform: AffineTransform(rotationAngle: 0.1)))
        #expect(
            !canvas.fillAxisAligned(
                Rect(x: 0, y: 0, width: .infinity, height: 2), cornerRadii: .zero, color: .black, transform: .identity))
        #expect(
            !canvas.fillAxisAligned(
                Rect(x: 0, y: 0, width: 600, height: 600), cornerRadii: CornerRadii(all: 200), color: .black,
                transform: .identity))
    }
}
