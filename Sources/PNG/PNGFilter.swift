import CPNGShim

/// The PNG row filter the encoder applies before compression (PNG spec §9).
///
/// A fixed filter costs one pass over the row; `adaptive` tries all five on
/// every row and keeps the one with the smallest sum of absolute values
/// (libpng's heuristic), which is several times slower for a few percent
/// of size (see BENCHMARKS.md, "PNG encoding").
public enum PNGFilter: String, CaseIterable, Equatable, Sendable {
    /// No filtering: bytes are compressed as they are.
    case none
    /// Each byte minus the byte one pixel to the left.
    case sub
    /// Each byte minus the byte one row above.
    case up
    /// Each byte minus the mean of left and above.
    case average
    /// Each byte minus the Paeth predictor of left, above and upper-left.
    case paeth
    /// libpng chooses among all five filters per row.
    case adaptive

    /// The PNG filter type written before each row (PNG spec §9.2), or nil for
    /// `adaptive`, whose choice per row is libpng's.
    var rowFilterType: Int32? {
        switch self {
        case .none: return Int32(CPNG_ROW_FILTER_NONE)
        case .sub: return Int32(CPNG_ROW_FILTER_SUB)
        case .up: return Int32(CPNG_ROW_FILTER_UP)
        case .average: return Int32(CPNG_ROW_FILTER_AVERAGE)
        case .paeth: return Int32(CPNG_ROW_FILTER_PAETH)
        case .adaptive: return nil
        }
    }

    /// The libpng filter mask.
    var libpngMask: Int32 {
        switch self {
        case .none: return Int32(CPNG_FILTER_NONE)
        case .sub: return Int32(CPNG_FILTER_SUB)
        case .up: return Int32(CPNG_FILTER_UP)
        case .average: return Int32(CPNG_FILTER_AVERAGE)
        case .paeth: return Int32(CPNG_FILTER_PAETH)
        case .adaptive: return Int32(CPNG_FILTER_ALL)
        }
    }
}
