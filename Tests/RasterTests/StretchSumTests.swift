import CIntrinsics
import TestSupport
import Testing

@testable import Raster

/// A stretch of a ring's row added up four cells at a time in AVX2 (`sumFillAndRingCellsAVX2`)
/// gives the sums' bits, the coverage bytes and the cleared cells that adding it up one cell at
/// a time gives (`FillAndRingPaintingSink.sumCells`), and touches nothing past its last group of
/// four; a dense row four cells at a time (`sumDenseCellsAVX2`) gives the bytes of one at a time.
@Suite(.enabled(if: Blend.hasAVX2)) struct StretchSumTests {
    /// A cell's value: often 0 (a cell between a stretch's groups), else the kinds of values edge
    /// pieces leave: small and large, of either sign, exact halves and thirds.
    func cellValue(_ rng: inout SplitMix64) -> Double {
        switch rng.next() % 8 {
        case 0, 1, 2: return 0
        case 3: return Double(Int(rng.next() % 9) - 4) * 0.5
        case 4: return (Double(rng.next() % 1_000_000) / 1_000_000 - 0.5) * 1e-9
        case 5: return Double(Int(rng.next() % 7) - 3) / 3
        default: return (Double(rng.next() % 1_000_000) / 1_000_000 - 0.5) * 2.5
        }
    }

    @Test func fourAtATimeGiveTheBitsOfOneAtATime() {
        var rng = SplitMix64(seed: 97)
        let sentinel = 7.25, sentinelByte: UInt8 = 0xA5
        for trial in 0..<3000 {
            let count = 1 + Int(rng.next() % 40)
            let groups = (count + 3) / 4 * 4
            // The stretch, the zero cells after it up to its last group of four, then cells that
            // must be left as they are.
            var outerCells = (0..<count).map { _ in cellValue(&rng) } + Array(repeating: 0, count: groups - count)
            var innerCells = (0..<count).map { _ in cellValue(&rng) } + Array(repeating: 0, count: groups - count)
            outerCells += Array(repeating: sentinel, count: 4)
            innerCells += Array(repeating: sentinel, count: 4)
            let start = trial % 3 == 0 ? (0.0, 0.0) : (cellValue(&rng), cellValue(&rng))

            var scalarOuter = outerCells, scalarInner = innerCells
            var scalarFill = [UInt8](repeating: sentinelByte, count: groups + 8)
            var scalarRing = scalarFill
            var (scalarO, scalarI) = start
            FillAndRingPaintingSink.sumCells(
                &scalarOuter, &scalarInner, count, &scalarO, &scalarI, &scalarFill, &scalarRing)

            var vectorOuter = outerCells, vectorInner = innerCells
            var vectorFill = [UInt8](repeating: sentinelByte, count: groups + 8)
            var vectorRing = vectorFill
            var (vectorO, vectorI) = start
            sumFillAndRingCellsAVX2(
                &vectorOuter, &vectorInner, count, &vectorO, &vectorI, &vectorFill, &vectorRing)

            #expect(vectorO.bitPattern == scalarO.bitPattern, "trial \(trial): outer sum")
            #expect(vectorI.bitPattern == scalarI.bitPattern, "trial \(trial): inner sum")
            #expect(Array(vectorFill[..<count]) == Array(scalarFill[..<count]), "trial \(trial): fill coverage")
            #expect(Array(vectorRing[..<count]) == Array(scalarRing[..<count]), "trial \(trial): ring coverage")
            #expect(vectorOuter == scalarOuter && vectorInner == scalarInner, "trial \(trial): cells")
            #expect(
                vectorOuter[..<groups].allSatisfy { $0 == 0 } && vectorOuter[groups...].allSatisfy { $0 == sentinel })
            #expect(
                vectorFill[groups...].allSatisfy { $0 == sentinelByte }
                    && vectorRing[groups...].allSatisfy { $0 == sentinelByte }, "trial \(trial): bytes past the groups")
        }
    }

    /// A dense row four cells at a time (`sumDenseCellsAVX2`) gives the coverage bytes and the
    /// cleared cells of one cell at a time (`ScanConverter.emitDenseRow`'s scalar loop), with
    /// the row's two spare cells holding values of their own.
    @Test func denseRowsFourAtATimeGiveTheBytesOfOneAtATime() {
        var rng = SplitMix64(seed: 131)
        for trial in 0..<1500 {
            let width = 1 + Int(rng.next() % 60)
            let scalar = ScanConverter.RowScratch(capacity: 64), vector = ScanConverter.RowScratch(capacity: 64)
            for c in 0..<(width + 2) {
                let v = cellValue(&rng)
                scalar.accumulation[c] = v
                vector.accumulation[c] = v
            }
            ScanConverter.emitDenseRow(
                width: width, fillRule: .nonZero, ScanConverter.RowBuffers(scalar), into: scalar.coverage, avx2: false)
            ScanConverter.emitDenseRow(
                width: width, fillRule: .nonZero, ScanConverter.RowBuffers(vector), into: vector.coverage, avx2: true)
            #expect(
                (0..<width).allSatisfy { vector.coverage[$0] == scalar.coverage[$0] }, "trial \(trial): coverage")
            #expect(
                (0..<ScanConverter.RowScratch.cellRowLength(64)).allSatisfy { vector.accumulation[$0] == 0 },
                "trial \(trial): cells")
        }
    }

    /// A hand-checked stretch: a ring's left side, the outer edge's cells, a gap, the inner edge's.
    @Test func aBorderAcrossOneStretch() {
        var outerCells: [Double] = [0.25, 0.75, 0, 0, 0, 0, 0, 0]
        var innerCells: [Double] = [0, 0, 0, 0.5, 0.5, 0, 0, 0]
        var fill = [UInt8](repeating: 0, count: 16), ring = fill
        var outer = 0.0, inner = 0.0
        sumFillAndRingCellsAVX2(&outerCells, &innerCells, 6, &outer, &inner, &fill, &ring)
        // Outer 0.25, 1, 1, 1, 1, 1; inner 0, 0, 0, 0.5, 1, 1; ring = outer − inner.
        #expect(Array(fill[..<6]) == [64, 255, 255, 255, 255, 255])
        #expect(Array(ring[..<6]) == [64, 255, 255, 128, 0, 0])
        #expect(outer == 1 && inner == 1)
        #expect(outerCells.allSatisfy { $0 == 0 } && innerCells.allSatisfy { $0 == 0 })
    }
}
