import Synchronization

/// Scan converters kept for reuse by code that has no canvas at hand (`CoverageMask(filling:)`),
/// so a glyph-mask miss does not allocate a converter's buffers again.
///
/// A converter is taken out for one use and put back after; threads never share one. At most
/// `capacity` are kept.
enum ScanConverterPool {
    /// How many idle converters are kept (one per core is plenty).
    static let capacity = 16

    /// Boxes the converters for the lock (each is used by one thread at a time).
    private final class Idle: @unchecked Sendable {
        var converters: [ScanConverter] = []
    }

    private static let idle = Mutex(Idle())

    /// Runs `body` with a converter that no other thread is using, reset to no edges.
    static func withConverter<Result>(_ body: (ScanConverter) throws -> Result) rethrows -> Result {
        let converter = idle.withLock { $0.converters.popLast() } ?? ScanConverter()
        converter.reset()
        defer {
            idle.withLock { if $0.converters.count < capacity { $0.converters.append(converter) } }
        }
        return try body(converter)
    }
}
