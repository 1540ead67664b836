import Support

/// Wall-clock timing for benchmarks: minimum and median of repeated samples
/// (the machine is noisy; compare minima with minima, as BENCHMARKS.md explains).
public struct Stopwatch {
    /// Milliseconds since an arbitrary start, from the monotonic clock.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// Runs `body` `samples` times and returns (minimum, median) in milliseconds; `setUp` runs
    /// before each sample, outside its time.
    public static func measure(
        samples: Int, setUp: () -> Void = {}, _ body: () throws -> Void
    ) rethrows -> (minimum: Double, median: Double) {
        var times: [Double] = []
        for _ in 0..<max(1, samples) {
            setUp()
            let t0 = now()
            try body()
            times.append(now() - t0)
        }
        times.sort()
        return (times[0], times[times.count / 2])
    }
}
