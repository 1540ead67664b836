import CPNGShim

/// The zlib deflate strategy used to compress the filtered rows.
///
/// These are zlib's `Z_*` strategies. `rle` limits matches to distance 1
/// (runs), which is fast and suits flat UI renderings; `filtered` favours
/// literals over short matches, zlib's advice for filtered image data.
public enum PNGCompressionStrategy: String, CaseIterable, Equatable, Sendable {
    /// `Z_DEFAULT_STRATEGY`: normal LZ77 matching plus Huffman coding.
    case `default`
    /// `Z_FILTERED`: fewer short matches, more Huffman coding.
    case filtered
    /// `Z_HUFFMAN_ONLY`: Huffman coding only, no matching.
    case huffmanOnly
    /// `Z_RLE`: matches of distance 1 only (run-length encoding).
    case rle
    /// `Z_FIXED`: fixed Huffman codes, no dynamic tables.
    case fixed

    /// The zlib constant.
    var zlibValue: Int32 {
        switch self {
        case .default: return Int32(CPNG_STRATEGY_DEFAULT)
        case .filtered: return Int32(CPNG_STRATEGY_FILTERED)
        case .huffmanOnly: return Int32(CPNG_STRATEGY_HUFFMAN_ONLY)
        case .rle: return Int32(CPNG_STRATEGY_RLE)
        case .fixed: return Int32(CPNG_STRATEGY_FIXED)
        }
    }
}
