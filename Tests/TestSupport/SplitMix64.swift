/// A tiny seeded pseudo-random generator, so random and property tests are
/// reproducible: SplitMix64 (Steele, Lea & Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014).
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; any value is a valid seed.
    public var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// Creates a generator from a seed (the same as `init(seed:)`).
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from `lo` up to `hi` (not included), on a grid of a millionth of the range.
    public mutating func number(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() % 1_000_000) / 1_000_000
    }
}
