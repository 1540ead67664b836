/// Which points a path with overlapping or nested subpaths encloses.
public enum FillRule: Sendable {
    /// Inside where the winding number is not zero (Core Graphics' default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
