import CPNGShim

/// What deflates the filtered rows of a PNG.
///
/// Both write standard zlib streams that every PNG reader decodes; they differ
/// in time and bytes.
public enum PNGCompressor: String, CaseIterable, Equatable, Sendable {
    /// zlib's deflate, at the options' `compressionLevel` and `strategy`.
    case zlib
    /// The encoder's own one-pass coder for fixed row filters: greedy matching
    /// with one candidate per position (the run at distance 1 first, then a
    /// hash of the next three bytes, as fpng does), and one dynamic-Huffman
    /// block per strip with codes made for it. The level and strategy are not
    /// used. On a rendered UI frame it took about 40% less time than zlib's
    /// fastest level, filtering included, for slightly fewer bytes
    /// (BENCHMARKS.md, "PNG encoding"). It needs a fixed filter: `adaptive` is
    /// rejected.
    case greedy

    /// The C shim's constant.
    var shimValue: Int32 {
        switch self {
        case .zlib: return Int32(CPNG_CODER_ZLIB)
        case .greedy: return Int32(CPNG_CODER_GREEDY)
        }
    }
}
