import Foundation
import Support

/// Runs independent pieces of work on a fixed number of threads and returns
/// their results in input order.
///
/// Each worker takes the next unstarted input (lowest index first) until none
/// is left, so a slow scene never holds up the others. Results are stored by
/// input index, never in completion order: what `map` returns does not depend
/// on the number of workers or on scheduling, which is what keeps batch output
/// byte-identical for `--jobs 1` and `--jobs 8`. Workers are plain threads with
/// an 8 MiB stack (the main thread's usual size) so deeply nested scene files
/// parse the same on a worker as on the main thread.
public enum WorkerPool {
    /// The stack size given to each worker thread: 8 MiB.
    public static let workerStackSize = 8 << 20

    /// The memory a batch of results kept until they are written may take together: 1 GiB.
    public static let batchBudget = 1 << 30

    /// How many items to hand to `map` at a time when each result, kept until the batch is
    /// written, takes about `itemBytes`: two per worker, so that no worker waits, but no more
    /// than `budget` holds, and at least one. (`animate --jobs 64` on frames of the largest
    /// canvas, 256 MiB of pixels each, would otherwise have kept 128 of them, 64 GiB.) A caller
    /// that holds other large data meanwhile passes `batchBudget` less what that takes.
    public static func batchSize(workers: Int, itemBytes: Int, budget: Int = batchBudget) -> Int {
        Swift.max(1, Swift.min(2 * Swift.max(1, workers), Swift.max(0, budget) / Swift.max(1, itemBytes)))
    }

    /// Applies `body` to every input on up to `jobs` threads.
    ///
    /// With one job (or one input) the work runs on the calling thread.
    ///
    /// - Parameters:
    ///   - inputs: The work items.
    ///   - jobs: The most threads to use; values below 1 count as 1.
    ///   - body: The work; it runs concurrently with itself and must be thread-safe.
    ///   - onStart: Called on the worker's thread just before an item starts.
    ///   - onFinish: Called on the worker's thread as soon as an item is done,
    ///     with its index and result (in completion order).
    /// - Returns: `body(inputs[i])` at index `i`. After SIGINT or SIGTERM (`Interruption`) no
    ///   new item starts: the result holds only the first items, those that had started.
    /// - Complexity: O(n) calls of `body`, spread over `min(jobs, n)` threads.
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], jobs: Int,
        onStart: (@Sendable (_ index: Int, _ input: Input) -> Void)? = nil,
        onFinish: (@Sendable (_ index: Int, _ output: Output) -> Void)? = nil,
        _ body: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        let state = SharedState<Output>(count: inputs.count)
        let work: @Sendable () -> Void = {
            while let index = state.takeNext() {
                onStart?(index, inputs[index])
                let output = body(inputs[index])
                state.store(output, at: index)
                onFinish?(index, output)
            }
        }
        let workerCount = max(1, min(jobs, inputs.count))
        if workerCount == 1 {
            work()
        } else {
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<workerCount {
                let thread = Thread {
                    work()
                    finished.signal()
                }
                thread.stackSize = workerStackSize
                thread.start()
            }
            for _ in 0..<workerCount { finished.wait() }
        }
        return state.results()
    }
}

/// The next-item counter and the result slots, shared by the workers under one lock.
private final class SharedState<Output: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Output?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The index of the next unstarted item, or nil when all have started or SIGINT or
    /// SIGTERM asked the process to stop (`Interruption`).
    func takeNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count, !Interruption.isRequested else { return nil }
        next += 1
        return next - 1
    }

    func store(_ output: Output, at index: Int) {
        lock.lock()
        slots[index] = output
        lock.unlock()
    }

    /// Every result; called once all workers are done. Items start in order and every started
    /// item finishes, so after an interruption the filled slots are a prefix: the results of
    /// the first items, in order.
    func results() -> [Output] {
        lock.lock()
        defer { lock.unlock() }
        return Array(slots.prefix { $0 != nil }.map { $0! })
    }
}
