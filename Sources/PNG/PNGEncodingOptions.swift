/// How `PNGEncoder` compresses: zlib level, row filter and zlib strategy.
///
/// Every combination decodes to the same pixels; the options trade time for
/// bytes. The output is a pure function of the image and these options (for
/// a given zlib build): no time or text chunks are written.
public struct PNGEncodingOptions: Equatable, Sendable {
    /// zlib compression level, 0 (store) through 9 (smallest).
    public var compressionLevel: Int
    /// The row filter.
    public var filter: PNGFilter
    /// The zlib strategy.
    public var strategy: PNGCompressionStrategy

    /// Creates options; the level is checked when encoding.
    ///
    /// - Parameters:
    ///   - compressionLevel: zlib level 0...9.
    ///   - filter: The row filter.
    ///   - strategy: The zlib strategy.
    public init(compressionLevel: Int, filter: PNGFilter, strategy: PNGCompressionStrategy) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
    }

    /// The project default, chosen by measurement on an S1-like 1170x2532
    /// frame (BENCHMARKS.md, "PNG encoding"): level 1, filter `up`, strategy
    /// `default`.
    ///
    /// It was as fast as no filtering (about 35 ms) with 26% fewer bytes, and
    /// 3–4x faster than libpng's defaults for about 29% more bytes. `rle`
    /// was rejected: opaque frames are written as RGB, whose 3-byte pixels
    /// defeat distance-1 matching (60% more bytes with `up`).
    public static let `default` = PNGEncodingOptions(compressionLevel: 1, filter: .up, strategy: .default)

    /// Level 1, no filter, default strategy: marginally faster than `default`
    /// (within measurement noise) but about a third larger.
    public static let fastest = PNGEncodingOptions(compressionLevel: 1, filter: .none, strategy: .default)

    /// Small files at a high cost in time: level 9, adaptive filters, `filtered`
    /// strategy (libpng's own choice for filtered rows).
    public static let smallest = PNGEncodingOptions(compressionLevel: 9, filter: .adaptive, strategy: .filtered)

    /// libpng's defaults: level 6, adaptive filters, `filtered` strategy.
    public static let libpngDefault = PNGEncodingOptions(compressionLevel: 6, filter: .adaptive, strategy: .filtered)

    /// Throws `PNGError.invalidOptions` when the level is outside 0...9.
    func validate() throws(PNGError) {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidOptions("compression level \(compressionLevel) is outside 0...9")
        }
    }
}
