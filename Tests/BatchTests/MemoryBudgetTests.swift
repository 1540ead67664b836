import Foundation
import Testing

@testable import Batch

@Suite struct MemoryBudgetTests {
    /// What the reservations' bodies saw: how much was held at once at most, and how many ran.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var held = 0
        private(set) var mostHeld = 0
        private(set) var runs = 0

        func enter(_ bytes: Int) {
            lock.lock()
            held += bytes
            mostHeld = max(mostHeld, held)
            runs += 1
            lock.unlock()
        }

        func leave(_ bytes: Int) {
            lock.lock()
            held -= bytes
            lock.unlock()
        }
    }

    /// The order reservations were granted in.
    private final class GrantLog: @unchecked Sendable {
        private let lock = NSLock()
        private var granted: [String] = []

        var names: [String] {
            lock.lock()
            defer { lock.unlock() }
            return granted
        }

        @Sendable func note(_ name: String) {
            lock.lock()
            granted.append(name)
            lock.unlock()
        }
    }

    @Test func workersNeverHoldMoreThanTheLimitTogether() {
        let budget = MemoryBudget(limit: 10)
        let tally = Tally()
        // Eight workers, each of 4 bytes: at most two fit at once.
        let sizes = Array(repeating: 4, count: 24)
        let done = WorkerPool.map(sizes, jobs: 8) { bytes in
            budget.withReservation(of: bytes) {
                tally.enter(bytes)
                usleep(2_000)
                tally.leave(bytes)
                return bytes
            }
        }
        #expect(done == sizes)
        #expect(tally.runs == 24)
        #expect(tally.mostHeld <= 10)
        #expect(budget.peakReserved <= 10 && budget.peakReserved >= 4)
    }

    @Test func aReservationLargerThanTheLimitRunsAlone() {
        let budget = MemoryBudget(limit: 10)
        let tally = Tally()
        let sizes = [3, 50, 3, 3, 50, 3]
        _ = WorkerPool.map(sizes, jobs: 4) { bytes in
            budget.withReservation(of: bytes) {
                // The large ones count as the limit, so nothing else may be held beside them.
                tally.enter(min(bytes, 10))
                usleep(2_000)
                tally.leave(min(bytes, 10))
            }
        }
        #expect(tally.runs == 6)
        #expect(tally.mostHeld <= 10)
        #expect(budget.peakReserved == 10)
    }

    @Test func aBodyThatThrowsGivesItsShareBack() {
        struct Failure: Error {}
        let budget = MemoryBudget(limit: 10)
        #expect(throws: Failure.self) {
            try budget.withReservation(of: 8) { () throws(Failure) in throw Failure() }
        }
        // Were the 8 bytes still held, this would wait for ever.
        let value = budget.withReservation(of: 8) { 42 }
        #expect(value == 42)
        #expect(budget.peakReserved == 8)
    }

    @Test func reservationsAreGrantedInTheOrderAsked() {
        let budget = MemoryBudget(limit: 10)
        let log = GrantLog()
        let note = log.note
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        DispatchQueue.global().async(group: finished) {
            budget.withReservation(of: 6) {
                note("first")
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        // A large one asks next and must wait for the first; a small one that would fit now asks
        // after it and must not overtake it.
        DispatchQueue.global().async(group: finished) { budget.withReservation(of: 6) { note("large") } }
        while budget.ticketsTaken < 2 { usleep(1_000) }
        DispatchQueue.global().async(group: finished) { budget.withReservation(of: 1) { note("small") } }
        while budget.ticketsTaken < 3 { usleep(1_000) }
        usleep(20_000)
        #expect(log.names == ["first"])
        release.signal()
        finished.wait()
        #expect(log.names == ["first", "large", "small"])
    }
}
