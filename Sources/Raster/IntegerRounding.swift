import CIntrinsics

/// Floor and ceiling to `Int` for the rasterizer's hot loops. On the
/// baseline x86-64 target (no SSE4.1 `roundsd`) `Double.rounded(.down)` is a
/// call into libm; a truncating conversion and one comparison is not. The
/// conversion is `truncateToInteger` (one `cvttsd2si`): Swift's `Int(Double)`
/// tests the range and traps on each side first (S2: 1.2M of 45.3M
/// instructions a frame). Every caller clamps its value first.

/// `⌊v⌋` as an integer without a libm call, for |v| < 2⁶² (callers clamp first).
@inline(__always) func floorToInt(_ v: Double) -> Int {
    let i = truncateToInteger(v)
    return Double(i) > v ? i - 1 : i
}

/// `⌈v⌉` as an integer without a libm call, for |v| < 2⁶² (callers clamp first).
@inline(__always) func ceilToInt(_ v: Double) -> Int {
    let i = truncateToInteger(v)
    return Double(i) < v ? i + 1 : i
}
