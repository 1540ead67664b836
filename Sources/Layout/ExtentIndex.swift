/// Intervals along one axis, kept in insertion order, that answers "which of them can meet the
/// open range (lo, hi)?" by binary search.
///
/// Layouts append their sections, lines or groups in layout order. When those run forwards along
/// the scroll axis (the usual case) the answer is exactly the intervals that meet the range; when
/// they do not (negative spacings, a waterfall whose columns differ a lot) it is a superset, still
/// found in O(log n): the search keys are the running maximum of the ends (non-decreasing) and the
/// running minimum of the starts taken from the back (non-decreasing too), so no interval that
/// meets the range is ever missed. Callers check each candidate's own extent.
struct ExtentIndex {
    /// One interval and its two search keys, side by side: a query reads an interval's keys and
    /// extent together, so on a long layout each line of memory it misses serves all four (kept
    /// as four arrays, a screen-sized flow query missed the cache in each of them).
    private struct Entry {
        var min: Double
        var max: Double
        /// The largest `max` of this interval and every one before it.
        var prefixMax: Double
        /// The smallest `min` of this interval and every one after it (set by `finish()`).
        var suffixMin: Double
    }

    private var entries: [Entry] = []

    /// The number of intervals.
    var count: Int { entries.count }

    /// The smallest start of all intervals (after `finish()`); +infinity if there are none.
    var lowerBound: Double { entries.first?.suffixMin ?? .infinity }

    /// The largest end of all intervals; -infinity if there are none.
    var upperBound: Double { entries.last?.prefixMax ?? -.infinity }

    /// Reserves room for `n` intervals.
    mutating func reserveCapacity(_ n: Int) {
        entries.reserveCapacity(n)
    }

    /// Adds the interval [lo, hi].
    mutating func append(min lo: Double, max hi: Double) {
        entries.append(Entry(min: lo, max: hi, prefixMax: Swift.max(upperBound, hi), suffixMin: lo))
    }

    /// Finishes building; call once after the last `append`.
    ///
    /// - Complexity: O(n).
    mutating func finish() {
        var running = Double.infinity
        for i in entries.indices.reversed() {
            running = Swift.min(running, entries[i].min)
            entries[i].suffixMin = running
        }
    }

    /// The indices of the intervals that may meet the open range (lo, hi): every interval with
    /// max > lo and min < hi lies in the returned range.
    ///
    /// The start is found by binary search; the end by galloping forwards from the start
    /// (steps of 1, 2, 4, … then a binary search within the last step), which reads the
    /// intervals just after the start, the ones the caller reads next, instead of a second
    /// path of misses through a long array. Both give the first index whose key passes, so the
    /// range is the one two binary searches give.
    ///
    /// - Complexity: O(log n).
    func candidates(from lo: Double, to hi: Double) -> Range<Int> {
        var begin = 0, top = entries.count
        while begin < top {
            let mid = (begin + top) / 2
            if entries[mid].prefixMax > lo { top = mid } else { begin = mid + 1 }
        }
        // The first index at or after `begin` whose suffixMin ≥ hi (suffixMin never decreases).
        guard begin < entries.count, entries[begin].suffixMin < hi else { return begin..<begin }
        var below = begin, step = 1
        while below + step < entries.count, entries[below + step].suffixMin < hi {
            below += step
            step *= 2
        }
        var end = Swift.min(below + step, entries.count)
        var start = below + 1
        while start < end {
            let mid = (start + end) / 2
            if entries[mid].suffixMin >= hi { end = mid } else { start = mid + 1 }
        }
        return begin..<end
    }

    /// Whether interval `i` meets the open range (lo, hi).
    @inline(__always) func meets(_ i: Int, from lo: Double, to hi: Double) -> Bool {
        entries[i].max > lo && entries[i].min < hi
    }
}
