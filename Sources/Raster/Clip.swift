/// The region drawing is restricted to: a pixel rectangle, optionally refined
/// by a coverage mask over that rectangle (for rounded or transformed clips).
struct Clip {
    var bounds: PixelRect
    /// `bounds.width · bounds.height` coverage values, or nil for "all inside".
    var mask: ClipMask?

    /// The mask value at device (x, y), which must lie in `bounds`.
    @inline(__always) func coverage(x: Int, y: Int) -> UInt8 {
        guard let mask else { return 255 }
        return mask.values[(y - bounds.minY) * bounds.width + (x - bounds.minX)]
    }
}

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
