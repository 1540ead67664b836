/// The one place that writes JSON text: string literals, numbers, and one-line objects and arrays.
///
/// Every JSON file and printout of the package (the `layout` report, batch manifests, `bench
/// --json`) is assembled from these pieces, so escaping and number formatting are the same
/// everywhere and the output is byte-stable: members stay in the order given, and a number has
/// one spelling.
public enum JSONWriter {
    /// `text` as a JSON string literal (RFC 8259 §7).
    ///
    /// `"` and `\` are escaped; control characters become `\b`, `\f`, `\n`, `\r`, `\t` or
    /// `\u00XX`; everything else (`/` and non-ASCII included) is written as it is.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as a JSON number: an integral value below 10^15 without a fraction (`16`, and `0`
    /// for −0), any other finite value in Swift's shortest form that reads back exactly (`67.5`),
    /// and a non-finite value, which JSON cannot hold, as `0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON object on one line, `{"key": value, …}`, with the members in the order given.
    ///
    /// - Parameter members: each key with its value's JSON text (from this type's other
    ///   functions, or a nested object or array).
    /// - Complexity: O(total length).
    public static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
    }

    /// A JSON array on one line, `[a, b, …]`, of values' JSON text.
    ///
    /// - Parameters:
    ///   - values: the values' JSON text.
    ///   - separator: what stands between two values; `","` packs a long list of numbers.
    public static func array(_ values: [String], separator: String = ", ") -> String {
        "[" + values.joined(separator: separator) + "]"
    }
}
