/// Why a colour string could not be parsed.
public enum ColorParseError: Error, Equatable, CustomStringConvertible {
    /// The string does not start with `#`.
    case missingHash(String)
    /// The string has neither 6 nor 8 digits after the `#`.
    case wrongLength(String)
    /// A character after the `#` is not a hexadecimal digit.
    case invalidDigit(String)

    /// One line naming the problem and the accepted forms.
    public var description: String {
        switch self {
        case .missingHash(let s): return "colour \"\(s)\" must start with '#' (#RRGGBB or #RRGGBBAA)"
        case .wrongLength(let s): return "colour \"\(s)\" must have 6 or 8 hex digits (#RRGGBB or #RRGGBBAA)"
        case .invalidDigit(let s): return "colour \"\(s)\" contains a character that is not a hex digit"
        }
    }
}
