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
