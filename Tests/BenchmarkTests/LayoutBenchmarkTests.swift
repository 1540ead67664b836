import Benchmark
import Testing

/// The layout bench's rect queries, timed in batches: every query is run once, in some batch.
struct LayoutBenchmarkTests {
    func run(batches: Int) -> LayoutBenchmark.Result {
        LayoutBenchmark.run(layout: "flow", itemCount: 3_000, queries: 50, queryBatches: batches, repetitions: 1)
    }

    /// The same 50 rects, split into batches or not, return the same elements in all: a batch
    /// that skipped or repeated a query would change the count. UIKit's default flow layout
    /// (50 × 50 items, spacing 10) puts 6 items on each line of a 390-point screen, and an
    /// 844-point rect meets 14 or 15 lines of 60 points: 84 to 90 items each.
    @Test(arguments: [3, 7, 50, 80])
    func everyQueryRunsOnceWhateverTheBatches(batches: Int) {
        let whole = run(batches: 1), split = run(batches: batches)
        #expect(whole.elementsPerQuery >= 84 && whole.elementsPerQuery <= 90, "\(whole.elementsPerQuery)")
        #expect(split.elementsPerQuery == whole.elementsPerQuery)
        #expect(split.queryCount == 50)
        #expect(split.queryMinimumSeconds > 0 && split.queryMinimumSeconds <= split.queryMedianSeconds)
    }
}
