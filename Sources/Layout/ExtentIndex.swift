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
    private(set) var mins: [Double] = []
    private(set) var maxs: [Double] = []
    private var prefixMax: [Double] = []
    private var suffixMin: [Double] = []

    /// The number of intervals.
    var count: Int { mins.count }

    /// Reserves room for `n` intervals.
    mutating func reserveCapacity(_ n: Int) {
        mins.reserveCapacity(n)
        maxs.reserveCapacity(n)
        prefixMax.reserveCapacity(n)
    }

    /// Adds the interval [lo, hi].
    mutating func append(min lo: Double, max hi: Double) {
        mins.append(lo)
        maxs.append(hi)
        prefixMax.append(Swift.max(prefixMax.last ?? -.infinity, hi))
    }

    /// Finishes building; call once after the last `append`.
    ///
    /// - Complexity: O(n).
    mutating func finish() {
        suffixMin = mins
        var running = Double.infinity
        for i in stride(from: suffixMin.count - 1, through: 0, by: -1) {
            running = Swift.min(running, suffixMin[i])
            suffixMin[i] = running
        }
    }

    /// The indices of the intervals that may meet the open range (lo, hi): every interval with
    /// max > lo and min < hi lies in the returned range.
    ///
    /// - Complexity: O(log n).
    func candidates(from lo: Double, to hi: Double) -> Range<Int> {
        let begin = firstIndex(in: prefixMax) { $0 > lo }
        let end = firstIndex(in: suffixMin) { $0 >= hi }
        return begin < end ? begin..<end : begin..<begin
    }

    /// Whether interval `i` meets the open range (lo, hi).
    @inline(__always) func meets(_ i: Int, from lo: Double, to hi: Double) -> Bool {
        maxs[i] > lo && mins[i] < hi
    }

    /// The first index whose value satisfies `predicate`, for a predicate that is false then true
    /// along the array; `values.count` if none.
    private func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
