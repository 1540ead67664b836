import ArgumentParser

/// Reads an option's whole number, saying what is wrong with one that is not: swift-argument-
/// parser's own reading calls `--jobs 99999999999999999999` and `--jobs 2.5` just "invalid".
enum WholeNumberArgument {
    /// The whole number `text` writes (an optional sign, then decimal digits).
    ///
    /// - Throws: `ValidationError` "not a whole number" for other text, or "larger than
    ///   9223372036854775807, the largest whole number" (or smaller than the smallest) for digits
    ///   beyond `Int`'s range; swift-argument-parser prints it after the option's name.
    static func parse(_ text: String) throws -> Int {
        if let value = Int(text) { return value }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ValidationError("not a whole number")
        }
        throw ValidationError(
            text.first == "-"
                ? "smaller than \(Int.min), the smallest whole number"
                : "larger than \(Int.max), the largest whole number")
    }
}
