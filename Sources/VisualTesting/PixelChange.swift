/// One pixel that differs between the expected and the actual image by more than the tolerance.
public struct PixelChange: Hashable, Sendable {
    /// What kind of difference it is.
    public enum Kind: UInt8, Hashable, Sendable {
        /// A real change, counted against the budget; the actual pixel is lighter or as light.
        case lighter
        /// A real change, counted against the budget; the actual pixel is darker.
        case darker
        /// Anti-aliasing (an edge moved by a fraction of a pixel): shown, not counted.
        case antiAliased
    }

    /// The pixel's column.
    public var x: Int32
    /// The pixel's row.
    public var y: Int32
    /// Its kind.
    public var kind: Kind

    /// Creates a change.
    public init(x: Int, y: Int, kind: Kind) {
        self.x = Int32(x)
        self.y = Int32(y)
        self.kind = kind
    }

    /// Whether it counts against the budget (not anti-aliasing).
    public var isCounted: Bool { kind != .antiAliased }
}
