import Testing

@testable import Raster

/// A row's touched cell spans: packed, sorted by the sorting networks, and merged into groups.
@Suite struct SpanSortTests {
    /// A generator of the same spans on every run.
    struct Spans {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }

        /// `count` spans over a row of `width` cells, some overlapping, some meeting, some equal.
        mutating func make(_ count: Int, width: Int) -> [ScanConverter.ColumnSpan] {
            (0..<count).map { _ in
                let first = next(below: width)
                return ScanConverter.ColumnSpan(first: first, last: first + next(below: 4))
            }
        }
    }

    @Test func packedSpansKeepTheirCellsAndSortByFirstCell() {
        let widest = ImageLimits.maximumDimension + 1
        for (first, last) in [(0, 0), (0, 1), (7, 9), (widest - 1, widest), (widest, widest)] {
            let span = ScanConverter.ColumnSpan(first: first, last: last)
            #expect(span.first == first && span.last == last, "\(first)...\(last)")
        }
        let a = ScanConverter.ColumnSpan(first: 3, last: 40), b = ScanConverter.ColumnSpan(first: 4, last: 4)
        #expect(a.bits < b.bits)
    }

    /// The networks (up to eight spans) and the standard sort beyond give the first cells in
    /// order and keep every span, for every count up to twelve.
    @Test func sortSpansOrdersEveryCountLikeTheStandardSort() {
        var spans = Spans(state: 12)
        for count in 0...12 {
            for round in 0..<200 {
                let row = spans.make(count, width: round % 2 == 0 ? 6 : 300)
                let buffer = UnsafeMutablePointer<ScanConverter.ColumnSpan>.allocate(
                    capacity: count + ScanConverter.sortPadding)
                defer { buffer.deallocate() }
                buffer.initialize(from: row, count: count)
                ScanConverter.sortSpans(buffer, count)
                let sorted = (0..<count).map { buffer[$0] }
                #expect(sorted.map(\.first) == row.map(\.first).sorted(), "count \(count), round \(round)")
                #expect(sorted.map(\.bits).sorted() == row.map(\.bits).sorted(), "count \(count), round \(round)")
            }
        }
    }

    /// The groups: spans merged where they overlap or meet, and across gaps of up to
    /// `joinedGap` untouched cells, as a walk over the cells one by one finds them.
    @Test func groupsMergeSpansAcrossGapsUpToTheJoinedGap() {
        var spans = Spans(state: 34)
        for joinedGap in [0, 1, 8] {
            for round in 0..<300 {
                let count = 1 + round % 9
                let row = spans.make(count, width: 40)
                // The reference: mark the touched cells, then read off runs whose gaps are short.
                var touched = [Bool](repeating: false, count: 48)
                for span in row { for c in span.first...span.last { touched[c] = true } }
                var expected: [[Int]] = []
                for c in touched.indices where touched[c] {
                    if let last = expected.last?.last, c - last - 1 <= joinedGap {
                        expected[expected.count - 1][1] = c
                    } else {
                        expected.append([c, c])
                    }
                }
                let buffer = UnsafeMutablePointer<ScanConverter.ColumnSpan>.allocate(
                    capacity: count + ScanConverter.sortPadding)
                defer { buffer.deallocate() }
                buffer.initialize(from: row, count: count)
                var groups = ScanConverter.SpanGroups(sorting: buffer, count: count, joinedGap: joinedGap)
                var found: [[Int]] = []
                while let (first, last) = groups.next() { found.append([first, last]) }
                #expect(found == expected, "joined gap \(joinedGap), round \(round)")
            }
        }
    }
}
