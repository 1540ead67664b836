/// Reads the members of one JSON object by key, tracking the JSON path for error messages and
/// rejecting keys nobody asked for.
///
/// Typical use — each key is one line, so adding a key to the scene format is one line:
/// ```swift
/// var r = try JSONObjectReader(value, path: "canvas")
/// let width = try r.required("width", JSONRead.positiveNumber)
/// let scale = try r.optional("scale", JSONRead.number) ?? 1
/// try r.finish()   // `canvas: unknown key "heigth"`
/// ```
public struct JSONObjectReader {
    /// The path of this object (`(root)` for the document).
    public let path: String
    private let members: [(key: String, value: JSONValue)]
    private var consumed = Set<String>()
    /// Keys known before reading: never taken for a typo of a missing one.
    private let declared: Set<String>

    /// Starts reading `value`, which must be an object.
    ///
    /// - Parameter keys: the object's keys, for a small object whose keys are known before
    ///   reading (a point, a size, insets). Another value is then told the object's shape
    ///   (`must be an object {"width": …, "height": …}, got [60, 60]`), and a missing `"x"`
    ///   beside a `"y"` is missing, not a typo of the `"y"` one edit away.
    /// - Throws: `SceneDecodingError` "`path`: must be an object, got …".
    public init(_ value: JSONValue, path: String, keys: [String] = []) throws {
        guard case .object(let members) = value else {
            let shape = keys.isEmpty ? "" : " {" + keys.map { "\"\($0)\": …" }.joined(separator: ", ") + "}"
            throw JSONRead.fail(path, "must be an object" + shape, got: value)
        }
        self.path = path
        self.members = members
        declared = Set(keys)
    }

    /// The path of member `key`: `path.key`, or just `key` at the root.
    public func path(of key: String) -> String { JSONRead.memberPath(path, key) }

    /// The keys asked for so far, present or not: the object's known keys once reading is done.
    public var keysAskedFor: Set<String> { consumed }

    /// The object's keys, in document order.
    public var keys: [String] { members.map(\.key) }

    /// Whether the object has member `key` (does not mark it read).
    public func contains(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The raw value of `key`, marking it read; nil if absent.
    public mutating func value(_ key: String) -> JSONValue? {
        consumed.insert(key)
        return members.first { $0.key == key }?.value
    }

    /// Reads `key` with `read` (given the value and its path) if present; nil if absent.
    ///
    /// - Throws: what `read` throws.
    public mutating func optional<T>(_ key: String, _ read: (JSONValue, String) throws -> T) throws -> T? {
        guard let v = value(key) else { return nil }
        return try read(v, path(of: key))
    }

    /// Reads `key` with `read`.
    ///
    /// - Throws: `SceneDecodingError` "`path`: missing key \"key\"" if absent (with `;
    ///   "width" belongs in it` when a key nobody asked for belongs in the object missing, as
    ///   `SceneKeyPlaces` knows), or, when such a key is a small edit away from it
    ///   (`"heigth"`), "`path`: unknown key \"heigth\"; did you mean \"height\"?", which names
    ///   the typo; what `read` throws.
    public mutating func required<T>(_ key: String, _ read: (JSONValue, String) throws -> T) throws -> T {
        guard let v = value(key) else {
            let known = consumed.union(declared)
            if let typo = members.first(where: {
                !known.contains($0.key) && KeySuggestion.closest(to: $0.key, among: [key]) != nil
            }) {
                throw SceneDecodingError(
                    path: path, message: "unknown key \(JSONRead.quoted(typo.key)); did you mean \"\(key)\"?")
            }
            var message = "missing key \"\(key)\""
            if let inner = SceneKeyPlaces.keys(at: path(of: key)),
                let misplaced = members.first(where: { !known.contains($0.key) && inner.contains($0.key) })
            {
                message += "; \(JSONRead.quoted(misplaced.key)) belongs in it"
            }
            throw SceneDecodingError(path: path, message: message)
        }
        return try read(v, path(of: key))
    }

    /// Checks that every member was read.
    ///
    /// The keys asked for (present or not) are the object's known keys, so an unknown key that
    /// is a small edit away from one of them — a typo, another case — gets a suggestion, and one
    /// that belongs in another of the scene's main objects is told where.
    ///
    /// - Throws: `SceneDecodingError` "`path`: unknown key \"k\"" (with `; did you mean \"key\"?`
    ///   when one is close, or `; it belongs in \"layout\"` when `SceneKeyPlaces` places it) for
    ///   the first unread key in document order.
    public func finish() throws {
        if let error = unknownKey(among: consumed) { throw error }
    }

    /// The error for the object's first key that is not in `known` (`unknown key "wiat"; did you
    /// mean "wait"?`, the suggestion when one of `known` is close; else `unknown key "fps"; it
    /// belongs in "animation"` when `SceneKeyPlaces` places it), or nil when there is none.
    public func unknownKey(among known: Set<String>) -> SceneDecodingError? {
        guard let unknown = members.first(where: { !known.contains($0.key) }) else { return nil }
        var message = "unknown key \(JSONRead.quoted(unknown.key))"
        if let suggestion = KeySuggestion.closest(to: unknown.key, among: known) {
            message += "; did you mean \"\(suggestion)\"?"
        } else if let hint = SceneKeyPlaces.hint(for: unknown.key, misplacedAt: path) {
            message += "; " + hint
        }
        return SceneDecodingError(path: path, message: message)
    }
}
