/// Why a colour string could not be parsed.
public enum ColorParseError: Error, Equatable, CustomStringConvertible {
    case missingHash(String)
    case wrongLength(String)
    case invalidDigit(String)

    public var description: String {
        switch self {
        case .missingHash(let s): return "colour \"\(s)\" must start with '#' (#RRGGBB or #RRGGBBAA)"
        case .wrongLength(let s): return "colour \"\(s)\" must have 6 or 8 hex digits (#RRGGBB or #RRGGBBAA)"
        case .invalidDigit(let s): return "colour \"\(s)\" contains a character that is not a hex digit"
        }
    }
}
