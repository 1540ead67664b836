import Foundation

/// Memory that concurrent workers reserve before a large piece of work and give back after it,
/// so that the work in progress at once stays within one limit however many workers there are.
///
/// `batch` and `test` render a scene per worker; without a shared limit, `--jobs 8` on scenes
/// of the largest canvas holds eight of them at once. With it, a worker whose scene would
/// overrun the limit waits until enough of the others' work is done.
///
/// Reservations are granted in the order they are asked for (first come, first served), so a
/// large one is never starved by a stream of small ones; and one larger than the limit is
/// granted when nothing else is held, and then runs alone. Work never waits for a reservation
/// while holding one, so the waits end. Only the timing changes: what the work produces does
/// not depend on when it ran.
public final class MemoryBudget: @unchecked Sendable {
    /// The most bytes held at once, except by a single reservation larger than it.
    public let limit: Int
    /// The default for `batch` and `test`: 2 GiB, a little more than `test`'s estimate for one
    /// scene of the largest canvas (64 Mpx, 1.75 GiB), of which no two run at once.
    public static let defaultLimit = 2 << 30

    private let condition = NSCondition()
    private var reserved = 0
    private var nextTicket = 0
    private var ticketServed = 0
    private var peak = 0

    /// A budget of `limit` bytes (at least 1).
    public init(limit: Int = MemoryBudget.defaultLimit) {
        self.limit = max(1, limit)
    }

    /// The most bytes that were held at once so far (a reservation larger than `limit` counts
    /// as `limit`).
    public var peakReserved: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// How many reservations have been asked for, granted or not.
    var ticketsTaken: Int {
        condition.lock()
        defer { condition.unlock() }
        return nextTicket
    }

    /// Runs `body` once `bytes` are reserved, and gives them back when it returns or throws.
    ///
    /// - Parameters:
    ///   - bytes: The memory `body` is estimated to need at its peak; negative counts as 0, more
    ///     than `limit` as `limit`.
    ///   - body: The work; it must not reserve from the same budget.
    /// - Returns: What `body` returns.
    public func withReservation<Result, Failure: Error>(
        of bytes: Int, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let share = min(max(0, bytes), limit)
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        while ticket != ticketServed || (reserved > 0 && reserved + share > limit) { condition.wait() }
        reserved += share
        peak = max(peak, reserved)
        ticketServed += 1
        // The next ticket may fit beside this one.
        condition.broadcast()
        condition.unlock()
        defer {
            condition.lock()
            reserved -= share
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
