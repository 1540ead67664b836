/// `Swift.min` and `Swift.max` for two `Double`s, always inlined.
///
/// The axis-aligned sweep's row loop is long enough that the optimizer left the generic
/// functions' `Double` specializations as calls there (four a row: 1.2% of S3's instructions).
/// These are the same comparisons (`y < x ? y : x` and `y >= x ? y : x`), so results are the
/// same to the bit, signed zeros and NaN included.

/// The lesser of `x` and `y`, as `Swift.min(x, y)`.
@inline(__always) func minDouble(_ x: Double, _ y: Double) -> Double { y < x ? y : x }

/// The greater of `x` and `y`, as `Swift.max(x, y)`.
@inline(__always) func maxDouble(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }
