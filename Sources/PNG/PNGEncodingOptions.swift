/// How `PNGEncoder` compresses: row filter, compressor, and zlib's level and strategy.
///
/// Every combination decodes to the same pixels; the options trade time for
/// bytes. The output is a pure function of the image and these options (with
/// the `zlib` compressor, for a given zlib build): no time or text chunks are
/// written.
public struct PNGEncodingOptions: Equatable, Sendable {
    /// zlib compression level, 0 (store) through 9 (smallest).
    public var compressionLevel: Int
    /// The row filter.
    public var filter: PNGFilter
    /// The zlib strategy.
    public var strategy: PNGCompressionStrategy
    /// What deflates the filtered rows: zlib (with the level and strategy above) or the
    /// encoder's own greedy coder.
    public var compressor: PNGCompressor

    /// Creates options; the level is checked when encoding.
    ///
    /// - Parameters:
    ///   - compressionLevel: zlib level 0...9.
    ///   - filter: The row filter.
    ///   - strategy: The zlib strategy.
    ///   - compressor: What deflates the rows; `greedy` does not use the level or strategy.
    public init(
        compressionLevel: Int, filter: PNGFilter, strategy: PNGCompressionStrategy, compressor: PNGCompressor = .zlib
    ) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
        self.compressor = compressor
    }

    /// The project default, chosen by measurement on the S1 frame, a flat
    /// 1170x2532 UI screenshot (BENCHMARKS.md, "PNG encoding"): filter `up`,
    /// the `greedy` compressor.
    ///
    /// It took 38% less time than zlib's level 1 with the same filter (then the
    /// default) and gave 2% fewer bytes (346,245 against 352,720), far under
    /// fpng's 433 KB. With `up`, a row equal to the one above is zeros, which
    /// the greedy coder's check at distance 1 takes 258 bytes at a time. `rle`
    /// was rejected earlier: opaque frames are written as RGB, whose 3-byte
    /// pixels defeat distance-1 matching (60% more bytes with `up`).
    public static let `default` = PNGEncodingOptions(
        compressionLevel: 1, filter: .up, strategy: .default, compressor: .greedy)

    /// The fastest setting measured: the same as `default`. No filter, which
    /// was marginally faster with zlib, took 23% more time and 25% more bytes
    /// with the greedy coder; `sub` took 4% more time and 18% more bytes.
    public static let fastest = PNGEncodingOptions.default

    /// zlib's fastest level with filter `up`: the default before the greedy
    /// coder, about 1.6 times slower on the S1 frame for 2% more bytes.
    public static let zlibFast = PNGEncodingOptions(compressionLevel: 1, filter: .up, strategy: .default)

    /// libpng's strongest setting: level 9, adaptive filters, `filtered` strategy
    /// (libpng's own choice for filtered rows), at a high cost in time. On
    /// photographic pictures it gives small files; on rendered UI screens level 9
    /// with no filter is smaller still (`storageCandidates`,
    /// `PNGEncoder.encodeSmallest`).
    public static let smallest = PNGEncodingOptions(compressionLevel: 9, filter: .adaptive, strategy: .filtered)

    /// libpng's defaults: level 6, adaptive filters, `filtered` strategy.
    public static let libpngDefault = PNGEncodingOptions(compressionLevel: 6, filter: .adaptive, strategy: .filtered)

    /// Throws `PNGError.invalidOptions` when the level is outside 0...9, or when the greedy
    /// compressor is asked for `adaptive` filtering.
    func validate() throws(PNGError) {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidOptions("compression level \(compressionLevel) is outside 0...9")
        }
        if compressor == .greedy && filter.rowFilterType == nil {
            throw .invalidOptions("the greedy compressor needs a fixed row filter, not \(filter)")
        }
    }
}
