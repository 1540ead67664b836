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
    /// The row in the low 30 bits, the kind's raw value above them: 8 bytes a change instead of
    /// 12, which is 256 MiB less when every pixel of the largest image changed.
    private var rowAndKind: UInt32

    /// The pixel's row.
    public var y: Int32 {
        get { Int32(rowAndKind & PixelChange.rowMask) }
        set { rowAndKind = PixelChange.pack(y: Int(newValue), kind: kind) }
    }

    /// What kind of difference it is: lighter or darker (counted), or anti-aliasing (not counted).
    public var kind: Kind {
        get { Kind(rawValue: UInt8(rowAndKind >> 30))! }
        set { rowAndKind = PixelChange.pack(y: Int(y), kind: newValue) }
    }

    /// Creates a change; `y` must be in 0..<2³⁰ (an image's rows are at most 16,384).
    public init(x: Int, y: Int, kind: Kind) {
        self.x = Int32(x)
        rowAndKind = PixelChange.pack(y: y, kind: kind)
    }

    private static let rowMask: UInt32 = (1 << 30) - 1

    private static func pack(y: Int, kind: Kind) -> UInt32 {
        precondition(y >= 0 && y <= Int(rowMask), "a changed pixel's row must be in 0..<2^30")
        return UInt32(y) | UInt32(kind.rawValue) << 30
    }

    /// Whether it counts against the budget (not anti-aliasing).
    public var isCounted: Bool { kind != .antiAliased }
}
