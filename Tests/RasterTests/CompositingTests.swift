import Geometry
import TestSupport
import Testing

@testable import Raster

@Suite struct CompositingTests {
    /// The packed two-lanes-at-a-time kernels equal the per-channel reference bit for bit.
    @Test func packedKernelsMatchScalarReference() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let sa = UInt8(truncatingIfNeeded: rng.next())
            let s = PremultipliedColor(
                red: UInt8(rng.next() % (UInt64(sa) + 1)), green: UInt8(rng.next() % (UInt64(sa) + 1)),
                blue: UInt8(rng.next() % (UInt64(sa) + 1)), alpha: sa)
            let da = UInt8(truncatingIfNeeded: rng.next())
            let d = PremultipliedColor(
                red: UInt8(rng.next() % (UInt64(da) + 1)), green: UInt8(rng.next() % (UInt64(da) + 1)),
                blue: UInt8(rng.next() % (UInt64(da) + 1)), alpha: da)
            #expect(Blend.over(s.packedWord, d.packedWord) == s.over(d).packedWord)
            let k = UInt8(truncatingIfNeeded: rng.next())
            #expect(Blend.scale(s.packedWord, UInt32(k)) == s.scaled(by: k).packedWord)
        }
    }

    /// A random premultiplied colour, packed (every channel at most the alpha).
    func randomPremultiplied(_ rng: inout SplitMix64) -> UInt32 {
        let a = UInt64(rng.next() % 256)
        return PremultipliedColor(
            red: UInt8(rng.next() % (a + 1)), green: UInt8(rng.next() % (a + 1)), blue: UInt8(rng.next() % (a + 1)),
            alpha: UInt8(a)
        ).packedWord
    }

    /// One pixel in SSE2 lanes equals the two word kernels, for every coverage; two layers in
    /// one pass equal one and then the other.
    @Test func scaledOverOnePixelMatchesTheWordKernels() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let color = randomPremultiplied(&rng), d = randomPremultiplied(&rng)
            for k in UInt32(1)...255 {
                let expected = Blend.over(k == 255 ? color : Blend.scale(color, k), d)
                #expect(
                    Blend.overScaled(color, coverage: k, d) == expected, "color \(color), coverage \(k), under \(d)")
            }
            let ring = randomPremultiplied(&rng)
            for _ in 0..<64 {
                let f = UInt32(rng.next() % 256), r = UInt32(rng.next() % 256)
                let layered = Blend.overScaled(ring, coverage: r, Blend.overScaled(color, coverage: f, d))
                #expect(Blend.overScaledTwice(color, coverage: f, ring, coverage: r, d) == layered)
            }
        }
    }

    /// A kernel that composites two layers over `count` pixels, with `room` pixels it may read
    /// and write back unchanged.
    typealias TwoLayerKernel = (
        _ pixels: UnsafeMutablePointer<UInt32>, _ count: Int, _ room: Int, _ fill: UInt32,
        _ fillCoverage: UnsafePointer<UInt8>, _ ring: UInt32, _ ringCoverage: UnsafePointer<UInt8>
    ) -> Void

    /// Checks `kernel` on `trials` random rows (at offsets below `offsets`, up to `longest`
    /// pixels, with up to `extraRoom − 1` pixels of room past the row and then eight random
    /// coverage bytes past it) against one pixel at a time: the row's pixels equal, the pixels
    /// beside it as they were.
    func checkTwoLayersOverARow(
        seed: UInt64, trials: Int, offsets: Int, longest: Int, extraRoom: Int, _ kernel: TwoLayerKernel
    ) {
        var rng = SplitMix64(seed: seed)
        for trial in 0..<trials {
            let offset = trial % offsets, count = Int(rng.next() % UInt64(longest)) + 1
            let room = count + (extraRoom > 0 ? Int(rng.next() % UInt64(extraRoom)) : 0)
            let fill = randomPremultiplied(&rng), ring = randomPremultiplied(&rng)
            let row = (0..<(offset + room + 4)).map { _ in randomPremultiplied(&rng) }
            // A full fill and an empty ring are a third of the values each, as in a border's pixels.
            func coverage(often value: UInt64) -> UInt8 {
                UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? value : rng.next())
            }
            // With room, eight bytes past the row too, which a block of eight reads and must not use.
            let bytes = count + (extraRoom > 0 ? 8 : 0)
            let fillCoverage = (0..<bytes).map { _ in coverage(often: 255) }
            let ringCoverage = (0..<bytes).map { _ in coverage(often: 0) }
            var expected = row
            for i in 0..<count {
                expected[offset + i] = Blend.overScaledTwice(
                    fill, coverage: UInt32(fillCoverage[i]), ring, coverage: UInt32(ringCoverage[i]), row[offset + i])
            }
            var blended = row
            blended.withUnsafeMutableBufferPointer { pixels in
                fillCoverage.withUnsafeBufferPointer { f in
                    ringCoverage.withUnsafeBufferPointer { r in
                        kernel(pixels.baseAddress! + offset, count, room, fill, f.baseAddress!, ring, r.baseAddress!)
                    }
                }
            }
            #expect(blended == expected, "offset \(offset) count \(count) room \(room)")
        }
    }

    /// Two layers over a row of pixels, four a step, equal them one pixel at a time, at every
    /// length and alignment, and leave the pixels beside the row alone.
    @Test func twoLayersOverARowMatchOnePixelAtATime() {
        checkTwoLayersOverARow(seed: 12, trials: 3000, offsets: 5, longest: 24, extraRoom: 0) {
            pixels, count, room, fill, fillCoverage, ring, ringCoverage in
            Blend.overScaledTwice(
                pixels, count, room: room, fill, coverage: fillCoverage, ring, coverage: ringCoverage, avx2: false)
        }
    }

    /// Two layers over a row eight pixels a step (in AVX2 where the processor has it) equal them
    /// one pixel at a time, at every length up to 40 and alignment, with room for a block of
    /// eight past the row's end or without: the pixels past the row stay as they are, whatever
    /// the coverage bytes past it hold.
    @Test func twoLayersOverARowEightAtATimeMatchOnePixelAtATime() {
        checkTwoLayersOverARow(seed: 13, trials: 4000, offsets: 9, longest: 40, extraRoom: 12) {
            pixels, count, room, fill, fillCoverage, ring, ringCoverage in
            Blend.overScaledTwice(
                pixels, count, room: room, fill, coverage: fillCoverage, ring, coverage: ringCoverage,
                avx2: Blend.hasAVX2)
        }
    }

    @Test func div255IsExactRounding() {
        for x in UInt32(0)...UInt32(255 * 255) {
            let exact = (Double(x) / 255).rounded(.toNearestOrAwayFromZero)
            #expect(div255(x) == UInt32(exact))
        }
    }

    /// The vector kernels' high-half multiply equals the scalar form on every value up to 255 · 255.
    @Test func vectorDiv255EqualsScalarForm() {
        for base in stride(from: UInt32(0), through: 255 * 255, by: 8) {
            let lanes = SIMD8<UInt16>((0..<8).map { UInt16(min(base + UInt32($0), 255 * 255)) })
            let divided = Blend.div255(lanes)
            for i in 0..<8 { #expect(UInt32(divided[i]) == div255(UInt32(lanes[i]))) }
        }
    }

    @Test func halfTransparentRedOverWhite() throws {
        let canvas = try Canvas(width: 2, height: 2, background: .white)
        canvas.fillRect(Rect(x: 0, y: 0, width: 2, height: 2), color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        // s = (128, 0, 0, 128); d·(255 − 128)/255 = 127 → (255, 127, 127, 255).
        #expect(canvas.image[0, 0] == PremultipliedColor(red: 255, green: 127, blue: 127, alpha: 255))
    }

    @Test func groupOpacityDoesNotShowOverlap() throws {
        let grouped = try Canvas(width: 30, height: 10, background: .white)
        grouped.beginTransparencyLayer(opacity: 0.5)
        grouped.fillRect(Rect(x: 0, y: 0, width: 20, height: 10), color: .blue)
        grouped.fillRect(Rect(x: 10, y: 0, width: 20, height: 10), color: .blue)
        grouped.endTransparencyLayer()
        // Overlap (x 10…20) looks exactly like the single-cover parts.
        #expect(grouped.image[5, 5] == grouped.image[15, 5])
        #expect(grouped.image[15, 5] == PremultipliedColor(red: 127, green: 127, blue: 255, alpha: 255))

        let separate = try Canvas(width: 30, height: 10, background: .white)
        separate.fillRect(Rect(x: 0, y: 0, width: 20, height: 10), color: Color.blue.withOpacity(0.5))
        separate.fillRect(Rect(x: 10, y: 0, width: 20, height: 10), color: Color.blue.withOpacity(0.5))
        #expect(separate.image[5, 5] != separate.image[15, 5])
    }

    @Test func rectClipAndRoundedClip() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.pushClip(Rect(x: 5, y: 5, width: 10, height: 10))
        canvas.fillRect(Rect(x: 0, y: 0, width: 20, height: 20), color: .black)
        canvas.popClip()
        #expect(canvas.image[4, 10].alpha == 0)
        #expect(canvas.image[5, 10].alpha == 255)
        #expect(canvas.image[15, 10].alpha == 0)

        let rounded = try Canvas(width: 20, height: 20)
        rounded.pushClip(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadii: CornerRadii(all: 10))
        rounded.fillRect(Rect(x: 0, y: 0, width: 20, height: 20), color: .black)
        rounded.popClip()
        #expect(rounded.image[0, 0].alpha == 0)
        #expect(rounded.image[10, 10].alpha == 255)
        #expect(rounded.image[10, 0].alpha > 200)
    }

    @Test func borderIsARingInsideTheBounds() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.strokeBorder(
            Rect(x: 2, y: 2, width: 16, height: 16), cornerRadii: .zero, width: 2, color: .black)
        #expect(canvas.image[1, 10].alpha == 0)
        #expect(canvas.image[2, 10].alpha == 255)
        #expect(canvas.image[3, 10].alpha == 255)
        #expect(canvas.image[4, 10].alpha == 0)
        #expect(canvas.image[10, 10].alpha == 0)
        #expect(canvas.image[17, 10].alpha == 255)
        #expect(canvas.image[18, 10].alpha == 0)
    }
}
