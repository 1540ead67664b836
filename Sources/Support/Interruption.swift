import Synchronization

/// SIGINT and SIGTERM turned into a request to stop cleanly, and SIGXFSZ ignored.
///
/// A long command (`batch`, `animate`, `test`) must not die in the middle of writing a file: a
/// signal that kills the process at once would leave a temporary file behind and a manifest or
/// report that no longer tells the truth. `install()` replaces the default action of SIGINT and
/// SIGTERM with a handler that only records the signal (an atomic store, which is
/// async-signal-safe). A second Ctrl-C still stops the process at once, when it comes
/// `repeatWindow` or more after the first: a signal repeated sooner is the same request
/// delivered twice (`timeout` signals the process and then its process group, within
/// microseconds), which killing at once would turn into a stop without its clean-up. The work checks `isRequested` between items, stops taking new ones, lets the file
/// being written finish or removes it, leaves out the manifest or report it can no longer
/// complete, and throws `InterruptedError`; the command then exits with 128 + the signal number
/// (130 for SIGINT, 143 for SIGTERM), as shells expect.
///
/// SIGXFSZ, sent when a write passes the file-size limit (`ulimit -f`, a quota), is ignored, so
/// the write fails with EFBIG and is reported like any other write error instead of killing the
/// process.
public enum Interruption {
    /// The signal received first, or 0.
    private static let received = Atomic<Int32>(0)
    /// When the first signal came (`monotonicNanoseconds()`), or 0.
    private static let firstSignalTime = Atomic<Int64>(0)

    /// How long after the first signal another one is taken for the same request (half a
    /// second: a person's second Ctrl-C takes longer, a signal sent twice by a program less).
    public static let repeatWindow: Int64 = 500_000_000

    /// The monotonic clock in nanoseconds (`clock_gettime` is async-signal-safe).
    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Installs the handlers for SIGINT and SIGTERM and ignores SIGXFSZ (and SIGPIPE, so a
    /// closed standard output is a write error rather than a silent death).
    ///
    /// The two signals are also unblocked: a process inherits its parent's signal mask, and a
    /// parent that blocks them (some test runners and process spawners do) would otherwise leave
    /// the signals pending, never delivered.
    public static func install() {
        reset()  // initialises the atomic here, not lazily inside a signal handler
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                let now = Interruption.monotonicNanoseconds()
                let first = Interruption.firstSignalTime.compareExchange(
                    expected: 0, desired: now, ordering: .relaxed)
                _ = Interruption.received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                // A second signal soon after the first is the same request; a later one stops
                // the process at once, with the default action (taken when the handler returns).
                guard !first.exchanged, now - first.original >= Interruption.repeatWindow else { return }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// The signal that asked the process to stop, or nil.
    public static var signalNumber: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Whether SIGINT or SIGTERM has been received.
    public static var isRequested: Bool { signalNumber != nil }

    /// Throws `InterruptedError` when a stop was requested.
    public static func check() throws(InterruptedError) {
        if let signalNumber { throw InterruptedError(signal: signalNumber) }
    }

    /// Records `number` as received, as the handler does (for tests).
    public static func simulate(_ number: Int32) {
        _ = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    }

    /// Forgets a received signal (for tests).
    public static func reset() {
        received.store(0, ordering: .relaxed)
        firstSignalTime.store(0, ordering: .relaxed)
    }
}

/// The work stopped because of SIGINT or SIGTERM.
public struct InterruptedError: Error, Hashable, CustomStringConvertible, Sendable {
    /// The signal number.
    public let signal: Int32
    /// Creates the error for `signal`.
    public init(signal: Int32) { self.signal = signal }
    /// The exit status shells expect: 128 + the signal number.
    public var exitStatus: Int32 { 128 + signal }
    /// `interrupted by SIGTERM; stopped cleanly`.
    public var description: String {
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
        return "interrupted by \(name); stopped cleanly, no file is left half-written"
    }
}
