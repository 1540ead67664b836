import Foundation
import Layout

/// Layout figures for the bench table: preparing 1,000,000 uniform flow items
/// and 1,000,000 waterfall items with delegate sizes, and querying a
/// screen-sized rect, against the project's goals: flow `prepare` ≤ 100 ms,
/// waterfall `prepare` ≤ 50 ms, a query ≤ 4 µs.
enum LayoutRows {
    static func measure(samples: Int) -> [BenchmarkSuite.Row] {
        var rows: [BenchmarkSuite.Row] = []
        for (kind, key) in [("flow", "layout"), ("waterfall", "waterfall")] {
            // The queries in `samples` batches of 2,000 (10 ms each here), minimum and median
            // over the batches as for every other row.
            let batches = max(1, samples)
            let r = LayoutBenchmark.run(
                layout: kind, itemCount: 1_000_000, queries: 2_000 * batches, queryBatches: batches,
                repetitions: max(1, samples / 2))
            rows.append(
                BenchmarkSuite.Row(
                    name:
                        "\(kind) layout: prepare 1,000,000 items (first into fresh memory: \(String(format: "%.1f", r.firstPrepareSeconds * 1000)) ms)",
                    minimumMilliseconds: r.prepareSeconds * 1000, medianMilliseconds: r.prepareSeconds * 1000,
                    anchor: "goal", anchorMilliseconds: kind == "flow" ? 100 : 50, key: key + "_prepare_1m",
                    extras: [key + "_first_prepare_1m_ms": r.firstPrepareSeconds * 1000]))
            rows.append(
                BenchmarkSuite.Row(
                    name: "\(kind) layout: query a 390x844 rect (\(Int(r.elementsPerQuery.rounded())) elements)",
                    minimumMilliseconds: r.queryMinimumSeconds * 1000, medianMilliseconds: r.queryMedianSeconds * 1000,
                    anchor: "goal", anchorMilliseconds: 0.004, key: key + "_query",
                    extras: [
                        key + "_query_us": r.queryMedianSeconds * 1_000_000,
                        key + "_query_min_us": r.queryMinimumSeconds * 1_000_000,
                    ]))
        }
        return rows
    }
}
