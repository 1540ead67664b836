/// `min` and `max` for two `Double`s, always inlined, each one instruction on x86.
///
/// The axis-aligned sweep's row loop is long enough that the optimizer left the generic
/// functions' `Double` specializations as calls there (four a row: 1.2% of S3's instructions).

/// The lesser of `x` and `y`, as `Swift.min(x, y)`: the same comparison (`y < x ? y : x`), so
/// the same bits, signed zeros and NaN included. It compiles to one `minsd`.
@inline(__always) func minDouble(_ x: Double, _ y: Double) -> Double { y < x ? y : x }

/// The greater of `x` and `y`: `x > y ? x : y`, the comparison x86's `maxsd` makes, so it
/// compiles to that one instruction. `Swift.max`'s `y >= x ? y : x` does not (LLVM emits a
/// compare and three mask operations: S2's frame took 4.7% more instructions). The two agree
/// whenever neither value is NaN, signed zeros included (equal values give `y` in both); with
/// a NaN this gives `y`.
@inline(__always) func greaterOf(_ x: Double, _ y: Double) -> Double { x > y ? x : y }
