import Geometry
import Layout

/// Figures for BENCHMARKS.md: how long preparing a large layout and querying a screen take.
///
/// Not a test (no timing assertions anywhere): run it from a release build, e.g.
/// `collection-preview bench`. Goals: prepare 1,000,000 uniform flow items in ≤ 100 ms and
/// 1,000,000 waterfall items in ≤ 50 ms, and answer a screen-sized rect query in ≤ 4 µs.
public enum LayoutBenchmark {
    /// The measured figures.
    public struct Result: Sendable, CustomStringConvertible {
        /// The layout measured (`"flow"` or `"waterfall"`).
        public var layout: String
        /// The number of items laid out.
        public var itemCount: Int
        /// Seconds for one `prepare()` (the best of `repetitions`; after the first, a layout
        /// prepares again into the memory it already has, as after an invalidation).
        public var prepareSeconds: Double
        /// Seconds for the first `prepare()`, into fresh memory.
        public var firstPrepareSeconds: Double
        /// The number of rect queries timed.
        public var queryCount: Int
        /// Mean seconds per `layoutAttributesForElements(in:)` of a screen-sized rect, over
        /// every query.
        public var querySeconds: Double
        /// The queries' mean seconds in the fastest batch (the queries are timed in batches, so
        /// that a noisy moment spoils one batch, not the figure).
        public var queryMinimumSeconds: Double
        /// The queries' mean seconds in the median batch.
        public var queryMedianSeconds: Double
        /// Mean number of elements a query returned.
        public var elementsPerQuery: Double

        /// One line: layout, items, prepare ms, query µs, elements per query.
        public var description: String {
            let p = (prepareSeconds * 1e5).rounded() / 100, q = (querySeconds * 1e8).rounded() / 100
            let e = (elementsPerQuery * 10).rounded() / 10
            let f = (firstPrepareSeconds * 1e5).rounded() / 100
            return
                "\(layout): \(itemCount) items, prepare \(p) ms (first \(f) ms), query \(q) µs (\(e) elements per query)"
        }
    }

    private final class DataSource: CollectionViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        { BareCell() }
    }

    /// A cell that only carries the state the collection view sets.
    private final class BareCell: ReusableCellView {
        var isSelected = false
        var isHighlighted = false
        func prepareForReuse() {}
        func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
    }

    private final class WaterfallSizes: CollectionViewDelegate, WaterfallLayoutDelegate {
        func collectionView(
            _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
        ) -> Size { Size(width: 100, height: Double(60 + (indexPath.item &* 37) % 90)) }
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Measures one layout: `itemCount` items in one section on a `screen`-sized collection view
    /// (flow: UIKit's defaults, 50 × 50 items; waterfall: 2 columns, varying heights), the best of
    /// `repetitions` prepares, then `queries` screen-sized rect queries at pseudo-random offsets
    /// (a fixed linear congruential sequence, so runs are comparable), timed in `queryBatches`
    /// batches of about equal size.
    ///
    /// - Complexity: O(repetitions · n + queries · (log n + k)).
    public static func run(
        layout kind: String = "flow", itemCount: Int = 1_000_000, queries: Int = 100_000, queryBatches: Int = 1,
        screen: Size = Size(width: 390, height: 844), repetitions: Int = 5
    ) -> Result {
        let layout: CollectionViewLayout = kind == "waterfall" ? WaterfallLayout() : CollectionViewFlowLayout()
        let cv = CollectionView(frame: Rect(origin: .zero, size: screen), collectionViewLayout: layout)
        let ds = DataSource(count: itemCount)
        let sizes = WaterfallSizes()
        cv.dataSource = ds
        if kind == "waterfall" { cv.delegate = sizes }
        let clock = ContinuousClock()
        var best = Double.infinity
        var first = Double.infinity
        for _ in 0..<Swift.max(1, repetitions) {
            layout.invalidateLayout()
            let d = clock.measure { cv.prepareLayoutIfNeeded() }
            if first == .infinity { first = seconds(d) }
            best = Swift.min(best, seconds(d))
        }
        let height = Swift.max(0, layout.collectionViewContentSize.height - screen.height)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var rects: [Rect] = []
        rects.reserveCapacity(queries)
        for _ in 0..<queries {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let y = Double(state >> 11) / Double(1 << 53) * height
            rects.append(Rect(x: 0, y: y, width: screen.width, height: screen.height))
        }
        var total = 0
        let batches = Swift.max(1, Swift.min(queryBatches, queries))
        var batchSeconds: [Double] = []
        for b in 0..<batches {
            let batch = rects[(b * queries / batches)..<((b + 1) * queries / batches)]
            let q = clock.measure {
                for r in batch { total &+= layout.layoutAttributesForElements(in: r).count }
            }
            if !batch.isEmpty { batchSeconds.append(seconds(q) / Double(batch.count)) }
        }
        withExtendedLifetime((ds, sizes)) {}
        let mean = batchSeconds.isEmpty ? 0 : batchSeconds.reduce(0, +) / Double(batchSeconds.count)
        batchSeconds.sort()
        return Result(
            layout: kind == "waterfall" ? "waterfall" : "flow", itemCount: itemCount, prepareSeconds: best,
            firstPrepareSeconds: first,
            queryCount: queries, querySeconds: mean, queryMinimumSeconds: batchSeconds.first ?? 0,
            queryMedianSeconds: batchSeconds.isEmpty ? 0 : batchSeconds[batchSeconds.count / 2],
            elementsPerQuery: queries > 0 ? Double(total) / Double(queries) : 0)
    }
}
