import Testing

@testable import Layout

/// `ExtentIndex.candidates` never misses an interval that meets the range, and for intervals
/// that run forwards it returns exactly those.
@Suite struct ExtentIndexTests {
    /// The intervals of `index` that meet the open range (lo, hi), by looking at every one.
    func meeting(_ index: ExtentIndex, _ lo: Double, _ hi: Double) -> [Int] {
        (0..<index.count).filter { index.meets($0, from: lo, to: hi) }
    }

    @Test(arguments: [0, 1, 63, 64, 65, 128, 129, 1000])
    func forwardIntervalsGiveExactlyThoseThatMeet(count: Int) {
        var index = ExtentIndex()
        for i in 0..<count { index.append(min: Double(i) * 10, max: Double(i) * 10 + 8) }
        index.finish()
        var rng = SeededGenerator(seed: UInt64(count) + 1)
        var ranges: [(Double, Double)] = [(-5, 0), (0, 8), (8, 10), (-1e9, 1e9), (Double(count) * 10, 1e9)]
        for i in [63, 64, 65, 127, 128] { ranges.append((Double(i) * 10 - 1, Double(i) * 10 + 1)) }
        for _ in 0..<300 {
            let lo = Double(rng.next() % UInt64(count * 10 + 20)) - 10 + Double(rng.next() % 4) * 0.5
            ranges.append((lo, lo + Double(rng.next() % 300)))
        }
        for (lo, hi) in ranges {
            #expect(Array(index.candidates(from: lo, to: hi)) == meeting(index, lo, hi), "range \(lo)…\(hi)")
        }
    }

    /// Intervals out of order (a waterfall's columns, negative spacing): the candidates are a
    /// range that holds every interval that meets.
    @Test func unorderedIntervalsAreNeverMissed() {
        var rng = SeededGenerator(seed: 5)
        var index = ExtentIndex()
        for i in 0..<700 {
            let start = Double(i) * 5 + Double(rng.next() % 200) - 100
            index.append(min: start, max: start + Double(rng.next() % 80))
        }
        index.finish()
        for _ in 0..<500 {
            let lo = Double(rng.next() % 3800) - 150
            let hi = lo + Double(rng.next() % 400)
            let candidates = index.candidates(from: lo, to: hi)
            for i in meeting(index, lo, hi) { #expect(candidates.contains(i), "interval \(i), range \(lo)…\(hi)") }
        }
    }
}

extension ExtentIndexTests {
    /// The gallop that finds the end gives the range two full scans give: from the first interval
    /// whose running maximum end passes `lo` to the first whose running minimum start (from the
    /// back) reaches `hi`, empty when the second comes first. Intervals out of order, ranges of
    /// every length, including ones past either end.
    @Test(arguments: [1, 2, 3, 17, 300])
    func candidatesAreTheRangeBetweenTheTwoKeys(count: Int) {
        var rng = SeededGenerator(seed: UInt64(count) &* 31)
        var index = ExtentIndex()
        var mins: [Double] = [], maxs: [Double] = []
        for i in 0..<count {
            let start = Double(i) * 4 + Double(rng.next() % 120) - 60
            mins.append(start)
            maxs.append(start + Double(rng.next() % 50))
            index.append(min: mins[i], max: maxs[i])
        }
        index.finish()
        var prefixMax = maxs, suffixMin = mins
        for i in 1..<max(count, 1) { prefixMax[i] = max(prefixMax[i - 1], maxs[i]) }
        for i in stride(from: count - 2, through: 0, by: -1) { suffixMin[i] = min(suffixMin[i + 1], mins[i]) }
        for _ in 0..<2000 {
            let lo = Double(rng.next() % UInt64(count * 4 + 200)) - 100
            let hi = lo + Double(rng.next() % UInt64(count * 4 + 60))
            let begin = prefixMax.firstIndex { $0 > lo } ?? count
            let end = suffixMin.firstIndex { $0 >= hi } ?? count
            #expect(
                index.candidates(from: lo, to: hi) == (begin < end ? begin..<end : begin..<begin), "range \(lo)…\(hi)")
        }
    }
}
