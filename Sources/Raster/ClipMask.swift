/// A clip's coverage values on manually managed memory, so that painting
/// reads them through a plain pointer (no array bounds or uniqueness checks).
final class ClipMask {
    /// Row-major coverage, `count` values.
    let values: UnsafeMutablePointer<UInt8>
    let count: Int

    /// Allocates `count` values, all zero.
    init(count: Int) {
        self.count = count
        values = .allocate(capacity: max(1, count))
        values.initialize(repeating: 0, count: max(1, count))
    }

    deinit { values.deallocate() }
}
