import CIntrinsics
import TestSupport
import Testing

@testable import Raster

/// The SIMD span kernels give exactly the scalar reference's bytes.
@Suite struct BlendKernelTests {
    func randomPixel(_ rng: inout SplitMix64) -> UInt32 {
        let a = UInt8(truncatingIfNeeded: rng.next())
        func channel() -> UInt8 { UInt8(rng.next() % (UInt64(a) + 1)) }
        return PremultipliedColor(red: channel(), green: channel(), blue: channel(), alpha: a).packedWord
    }

    /// Colours that exercise every branch: transparent, opaque, and anything between.
    func randomColor(_ rng: inout SplitMix64) -> UInt32 {
        switch rng.next() % 4 {
        case 0: return 0
        case 1: return UInt32(truncatingIfNeeded: rng.next()) & 0x00FF_FFFF | 0xFF00_0000
        default: return randomPixel(&rng)
        }
    }

    /// Coverage rows with runs of 0 and 255 (the kernels' shortcuts) and random values.
    func randomCoverage(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        while out.count < count {
            let run = Int(rng.next() % 9) + 1
            let kind = rng.next() % 3
            for _ in 0..<run {
                out.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next()))
            }
        }
        return Array(out.prefix(count))
    }

    /// A row of `count` pixels: random ones, or one value throughout, or one value for a random
    /// stretch from the span's start (`offset`) and random after it (the eight-pixel kernel's
    /// shortcut for blocks that hold the span's first pixel's value throughout).
    func randomRow(_ rng: inout SplitMix64, count: Int, offset: Int) -> [UInt32] {
        var row = (0..<count).map { _ in randomPixel(&rng) }
        let flat = randomPixel(&rng)
        switch rng.next() % 3 {
        case 0: break
        case 1: row = Array(repeating: flat, count: count)
        default:
            for i in offset..<min(count, offset + Int(rng.next() % UInt64(count + 1))) { row[i] = flat }
        }
        return row
    }

    /// `blend` equals the scalar loop; and with a translucent colour, so does each of its kernels
    /// alone: on a processor with AVX2 the eight-pixel kernel takes every span of 8 or more
    /// pixels whole, its last block overlapping the steps before it, with AVX-512BW the
    /// sixteen-pixel kernel every span of 16 or more, and the four-pixel kernel the shorter
    /// ones (its last block overlapping too). Destinations are random, flat, or
    /// flat for a while from the span's start.
    @Test func solidSpanMatchesScalarAtEveryAlignmentAndLength() {
        var rng = SplitMix64(seed: 11)
        // The wide kernels this processor runs, by the shortest span each blends.
        var wideKernels: [(Int, (UnsafeMutablePointer<UInt32>, Int, UInt32) -> Int)] = []
        if Blend.hasAVX2 { wideKernels.append((8, { blendSolidSpanAVX2($0, $1, $2) })) }
        if processorHasAVX512BW() != 0 { wideKernels.append((16, { blendSolidSpanAVX512($0, $1, $2) })) }
        for trial in 0..<6000 {
            let offset = trial % 16, count = Int(rng.next() % 70)
            let row = randomRow(&rng, count: offset + count + 3, offset: offset)
            let color = randomColor(&rng)
            var vector = row, scalar = row
            vector.withUnsafeMutableBufferPointer { Blend.blend($0.baseAddress!, offset, count, color) }
            scalar.withUnsafeMutableBufferPointer { Blend.blendScalar($0.baseAddress!, offset, count, color) }
            #expect(vector == scalar, "color \(color) offset \(offset) count \(count)")
            guard color != 0, color >> 24 != 255 else { continue }
            var fourWide = row
            fourWide.withUnsafeMutableBufferPointer { Blend.blendVector($0.baseAddress! + offset, count, color) }
            #expect(fourWide == scalar, "four-wide, color \(color) offset \(offset) count \(count)")
            for (width, kernel) in wideKernels {
                var wide = row
                let done = wide.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + offset, count, color) }
                #expect(done == (count >= width ? count : 0))
                #expect(
                    wide == (done == 0 ? row : scalar), "\(width)-wide, color \(color) offset \(offset) count \(count)")
            }
        }
    }

    /// `Surface.fill` (the string store, or `memset` for a word of four equal bytes) sets exactly
    /// the words asked for, at every length and alignment, and no word beside them.
    @Test func surfaceFillSetsExactlyTheWordsAskedFor() {
        var rng = SplitMix64(seed: 13)
        for trial in 0..<600 {
            let offset = trial % 9, count = Int(rng.next() % 200)
            let word: UInt32 = trial % 3 == 0 ? 0xF7F2_F2FF : trial % 3 == 1 ? 0xFFFF_FFFF : randomPixel(&rng)
            let row = (0..<(offset + count + 5)).map { _ in randomPixel(&rng) }
            var filled = row
            filled.withUnsafeMutableBufferPointer { Surface.fill($0.baseAddress! + offset, count: count, with: word) }
            var expected = row
            for i in offset..<(offset + count) { expected[i] = word }
            #expect(filled == expected, "word \(word) offset \(offset) count \(count)")
        }
    }

    @Test func coverageSpanMatchesScalarAtEveryAlignmentAndLength() {
        var rng = SplitMix64(seed: 12)
        for trial in 0..<4000 {
            let offset = trial % 4, count = Int(rng.next() % 70)
            let row = (0..<(offset + count + 3)).map { _ in randomPixel(&rng) }
            let coverageOffset = Int(rng.next() % 4)
            let coverage = randomCoverage(&rng, count: coverageOffset + count)
            let color = randomColor(&rng)
            var vector = row, scalar = row
            coverage.withUnsafeBufferPointer { c in
                let start = c.baseAddress! + coverageOffset
                vector.withUnsafeMutableBufferPointer {
                    Blend.blend($0.baseAddress!, offset, count, color, coverage: start)
                }
                scalar.withUnsafeMutableBufferPointer {
                    Blend.blendScalar($0.baseAddress!, offset, count, color, coverage: start)
                }
            }
            #expect(vector == scalar, "color \(color) offset \(offset) count \(count)")
            // Each kernel alone: four pixels a step, and eight (spans of eight or more, the
            // last block overlapping the steps before it).
            var fourWide = row, eightWide = row
            let done = coverage.withUnsafeBufferPointer { c in
                let start = c.baseAddress! + coverageOffset
                fourWide.withUnsafeMutableBufferPointer {
                    Blend.blendVector($0.baseAddress! + offset, count, color, coverage: start)
                }
                return eightWide.withUnsafeMutableBufferPointer {
                    Blend.hasAVX2 ? blendCoverageSpanAVX2($0.baseAddress! + offset, count, color, start) : 0
                }
            }
            #expect(fourWide == scalar, "four-wide, color \(color) offset \(offset) count \(count)")
            #expect(done == (Blend.hasAVX2 && count >= 8 ? count : 0))
            #expect(
                eightWide == (done == 0 ? row : scalar), "eight-wide, color \(color) offset \(offset) count \(count)")
        }
    }

    @Test func everyCoverageAndAlphaCombinationMatches() {
        // All 256 coverages against a fixed set of colours and destinations, four at a time.
        var rng = SplitMix64(seed: 13)
        let coverage = (0..<256).map { UInt8($0) }
        for _ in 0..<200 {
            let color = randomPixel(&rng)
            let row = (0..<256).map { _ in randomPixel(&rng) }
            var vector = row, scalar = row
            coverage.withUnsafeBufferPointer { c in
                vector.withUnsafeMutableBufferPointer {
                    Blend.blend($0.baseAddress!, 0, 256, color, coverage: c.baseAddress!)
                }
                scalar.withUnsafeMutableBufferPointer {
                    Blend.blendScalar($0.baseAddress!, 0, 256, color, coverage: c.baseAddress!)
                }
            }
            #expect(vector == scalar)
        }
    }

    @Test func layerCompositeMatchesScalarAtEveryAlignmentAndLength() {
        var rng = SplitMix64(seed: 14)
        for trial in 0..<4000 {
            let offset = trial % 4, count = Int(rng.next() % 70)
            let under = (0..<(offset + count + 3)).map { _ in randomPixel(&rng) }
            // Layers are mostly transparent or opaque, with anti-aliased pixels between.
            let layer = (0..<(offset + count + 3)).map { _ -> UInt32 in
                switch rng.next() % 3 {
                case 0: 0
                case 1: UInt32(truncatingIfNeeded: rng.next()) & 0x00FF_FFFF | 0xFF00_0000
                default: randomPixel(&rng)
                }
            }
            // The edge opacities, and a random one every fifth trial.
            let opacity = trial % 5 == 4 ? UInt32(rng.next() % 256) : [0, 1, 254, 255][trial % 5]
            var vector = under, scalar = under
            layer.withUnsafeBufferPointer { src in
                vector.withUnsafeMutableBufferPointer {
                    Blend.composite($0.baseAddress! + offset, src.baseAddress! + offset, count, opacity: opacity)
                }
                scalar.withUnsafeMutableBufferPointer {
                    Blend.compositeScalar($0.baseAddress! + offset, src.baseAddress! + offset, count, opacity: opacity)
                }
            }
            #expect(vector == scalar, "opacity \(opacity) offset \(offset) count \(count)")
        }
    }
}
