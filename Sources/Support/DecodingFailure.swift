import Foundation

/// A `DecodingError` from Foundation's `JSONDecoder` as the project's one-line errors put it:
/// the JSON path of the value at fault and what is wrong with it (`scenes[2].status: must be a
/// string`), instead of the decoder's own description.
public enum DecodingFailure {
    /// The JSON path a decoder's coding path names: keys joined by dots, array positions in
    /// brackets (`scenes[2].frames[0].status`); `(root)` for the document itself.
    public static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return path.isEmpty ? "(root)" : path
    }

    /// `path: rule` for a `DecodingError`; any other error as it describes itself.
    public static func line(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): must be \(kind(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): must be \(kind(of: type)), not null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): is missing"
        case .dataCorrupted(let context):
            // swift-corelibs-foundation reports a number too large for its field (1e20 for an
            // Int) as the whole document not being JSON, without a path.
            let what =
                context.codingPath.isEmpty
                ? "is not valid JSON (or holds a number too large for its field)"
                : unknownValue(context.debugDescription) ?? context.debugDescription
            return "\(path(context.codingPath)): \(what)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The rule for a value outside an enumeration's raw values, from the decoder's message for
    /// it (`Cannot initialize SnapshotStatus from invalid String value weird`: the Swift type's
    /// name means nothing to whoever wrote the JSON), or nil for another message.
    static func unknownValue(_ message: String) -> String? {
        let marker = " value "
        guard message.hasPrefix("Cannot initialize "), message.contains(" from invalid "),
            let range = message.range(of: marker)
        else { return nil }
        let value = String(message[range.upperBound...])
        return "is not one of the values allowed here, got " + ErrorLine.escapingControlCharacters(value)
    }

    /// What a value of `type` is called in an error: `a string`, `a number`, `an object`.
    static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is UInt8.Type, is Int64.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }
}
