import Foundation
import Geometry
import Layout
import Raster
import Support

/// Readers for the value types of the scene format, each `(JSONValue, path) throws -> T` so
/// they plug into `JSONObjectReader.optional` / `.required`. Every error names the path and the
/// rule, e.g. `size.width: must be a non-negative number`.
public enum JSONRead {
    /// The path used for the document itself.
    public static let rootPath = "(root)"

    /// The path of member `key` of the object at `path`: `path.key`, or `path["key"]` when the
    /// key is not a plain name (empty, or holding a dot, a bracket, a quote or white space), so
    /// that a reuse identifier `"a.b"` reads `cells["a.b"].contentView`, not `cells.a.b.contentView`.
    /// A member of the document itself is `key` (or `["key"]`).
    public static func memberPath(_ path: String, _ key: String) -> String {
        let isPlain =
            !key.isEmpty
            && !key.unicodeScalars.contains {
                ".[]\"".unicodeScalars.contains($0) || $0.properties.isWhitespace || $0.value < 0x20
            }
        let member = isPlain ? key : "[" + quoted(key) + "]"
        if path == rootPath { return member }
        return isPlain ? path + "." + member : path + member
    }

    static func fail(_ path: String, _ message: String) -> SceneDecodingError {
        SceneDecodingError(path: path, message: message)
    }

    /// The longest quoted value an error message shows, in characters (longer ones are cut
    /// with an ellipsis), so that one bad value never makes an unreadable error line.
    public static let maximumQuotedLength = 80

    /// `text` in double quotes for an error message, cut to `maximumQuotedLength` characters
    /// with "…" and with line breaks shown as `\n`.
    public static func quoted(_ text: String) -> String {
        let shown = text.count > maximumQuotedLength ? String(text.prefix(maximumQuotedLength - 1)) + "…" : text
        return "\"" + ErrorLine.escapingControlCharacters(shown) + "\""
    }

    /// What a rejected value was, for the end of an error message: a string quoted (and cut), a
    /// number or boolean as written, `null`, a short array of such values whole (`[0]`, which
    /// says what "an array" did not), or "an array" / "an object".
    public static func describe(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return quoted(s)
        case .number(let n): return Scene.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a) where a.count <= 4 && a.allSatisfy(\.isScalar):
            let whole = "[" + a.map(describe).joined(separator: ", ") + "]"
            return whole.count <= maximumQuotedLength ? whole : v.kindDescription
        case .array, .object: return v.kindDescription
        }
    }

    /// `rule, got <value>`.
    static func fail(_ path: String, _ rule: String, got v: JSONValue) -> SceneDecodingError {
        fail(path, "\(rule), got \(describe(v))")
    }

    /// The largest magnitude a scene's number may have: a billion points is past any layout a
    /// screen shows, and sums of the numbers a scene may hold (at most `Scene.maximumItemCount`
    /// items, each with lengths of this size) stay far from overflowing to infinity, which
    /// 1e308 spacings did, leaving a content size no layout could report.
    public static let maximumMagnitude = 1_000_000_000.0

    /// Any number within ±`maximumMagnitude`.
    public static func number(_ v: JSONValue, _ path: String) throws -> Double {
        guard case .number(let n) = v else { throw fail(path, "must be a number", got: v) }
        return try withinMagnitude(n, path)
    }

    /// A number ≥ 0 (and at most `maximumMagnitude`).
    public static func nonNegativeNumber(_ v: JSONValue, _ path: String) throws -> Double {
        guard case .number(let n) = v, n >= 0 else { throw fail(path, "must be a non-negative number", got: v) }
        return try withinMagnitude(n, path)
    }

    /// A number > 0 (and at most `maximumMagnitude`).
    public static func positiveNumber(_ v: JSONValue, _ path: String) throws -> Double {
        guard case .number(let n) = v, n > 0 else { throw fail(path, "must be a positive number", got: v) }
        return try withinMagnitude(n, path)
    }

    /// The smallest font size a scene may give, in points: 1.
    ///
    /// UIKit draws any positive size, but a label's glyphs are laid out and drawn however small
    /// they are: at a hundredth of a point a label of 64 KiB fits a 10-point cell whole, and
    /// 3,000 such cells took 19 s a frame. From 1 point up a frame can hold only so many glyphs.
    public static let minimumFontSize = 1.0

    /// A font size: a number from `minimumFontSize` (and at most `maximumMagnitude`).
    public static func fontSize(_ v: JSONValue, _ path: String) throws -> Double {
        guard case .number(let n) = v, n >= minimumFontSize else {
            throw fail(path, "must be a number of at least \(Scene.format(minimumFontSize)) point", got: v)
        }
        return try withinMagnitude(n, path)
    }

    /// `n`, or the error for a number past ±`maximumMagnitude`.
    static func withinMagnitude(_ n: Double, _ path: String) throws -> Double {
        guard abs(n) <= maximumMagnitude else {
            throw fail(path, "must be within ±\(Scene.format(maximumMagnitude))", got: .number(n))
        }
        return n
    }

    /// A whole number ≥ 0 (at most 2^53).
    public static func nonNegativeInteger(_ v: JSONValue, _ path: String) throws -> Int {
        guard case .number(let n) = v, n >= 0, n == n.rounded(), n <= 9_007_199_254_740_992 else {
            throw fail(path, "must be a non-negative integer", got: v)
        }
        return Int(n)
    }

    /// A whole number ≥ 1 (at most 2^53).
    public static func positiveInteger(_ v: JSONValue, _ path: String) throws -> Int {
        guard case .number(let n) = v, n >= 1, n == n.rounded(), n <= 9_007_199_254_740_992 else {
            throw fail(path, "must be a positive integer", got: v)
        }
        return Int(n)
    }

    /// A string; any other value throws a `SceneDecodingError` naming `path` ("must be a string,
    /// got …"), as every reader here does for a value that breaks its rule.
    public static func string(_ v: JSONValue, _ path: String) throws -> String {
        guard case .string(let s) = v else { throw fail(path, "must be a string", got: v) }
        return s
    }

    /// `true` or `false`.
    public static func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        guard case .bool(let b) = v else { throw fail(path, "must be true or false", got: v) }
        return b
    }

    /// One of `names`, e.g. `must be "vertical" or "horizontal", got "diagonal"`.
    public static func oneOf(_ names: [String]) -> (JSONValue, String) throws -> String {
        { v, path in
            if case .string(let s) = v, names.contains(s) { return s }
            let quoted = names.map { "\"\($0)\"" }
            let rule =
                quoted.count == 2 ? "\(quoted[0]) or \(quoted[1])" : "one of " + quoted.joined(separator: ", ")
            throw fail(path, "must be \(rule)", got: v)
        }
    }

    /// `{"width": w, "height": h}`, both non-negative.
    public static func size(_ v: JSONValue, _ path: String) throws -> Size {
        var r = try JSONObjectReader(v, path: path, keys: ["width", "height"])
        let s = Size(
            width: try r.required("width", nonNegativeNumber), height: try r.required("height", nonNegativeNumber))
        try r.finish()
        return s
    }

    /// `{"x": x, "y": y}`.
    public static func point(_ v: JSONValue, _ path: String) throws -> Point {
        var r = try JSONObjectReader(v, path: path, keys: ["x", "y"])
        let p = Point(x: try r.required("x", number), y: try r.required("y", number))
        try r.finish()
        return p
    }

    /// `{"top": t, "left": l, "bottom": b, "right": r}`; absent members are 0.
    public static func insets(_ v: JSONValue, _ path: String) throws -> EdgeInsets {
        try insets(v, path, edge: number)
    }

    /// `{"top", "left", "bottom", "right"}`, each optional (0) and each ≥ 0.
    public static func nonNegativeInsets(_ v: JSONValue, _ path: String) throws -> EdgeInsets {
        try insets(v, path, edge: nonNegativeNumber)
    }

    /// Insets whose edges `edge` reads.
    private static func insets(
        _ v: JSONValue, _ path: String, edge: (JSONValue, String) throws -> Double
    ) throws -> EdgeInsets {
        var r = try JSONObjectReader(v, path: path, keys: ["top", "left", "bottom", "right"])
        let e = EdgeInsets(
            top: try r.optional("top", edge) ?? 0, left: try r.optional("left", edge) ?? 0,
            bottom: try r.optional("bottom", edge) ?? 0, right: try r.optional("right", edge) ?? 0)
        try r.finish()
        return e
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    public static func color(_ v: JSONValue, _ path: String) throws -> Color {
        guard case .string(let s) = v, let color = try? Color(hex: s) else {
            throw fail(path, "must be a colour \"#RRGGBB\" or \"#RRGGBBAA\"", got: v)
        }
        return color
    }

    /// `[section, item]`, two non-negative integers.
    public static func indexPath(_ v: JSONValue, _ path: String) throws -> IndexPath {
        guard case .array(let a) = v, a.count == 2, case .number = a[0], case .number = a[1] else {
            throw fail(path, "must be [section, item]", got: v)
        }
        let section = try nonNegativeInteger(a[0], path + "[0]")
        let item = try nonNegativeInteger(a[1], path + "[1]")
        return IndexPath(item: item, section: section)
    }

    /// An array whose elements are read with `element` (paths `path[i]`).
    public static func array<T>(_ element: @escaping (JSONValue, String) throws -> T) -> (JSONValue, String) throws ->
        [T]
    {
        { v, path in
            guard case .array(let a) = v else { throw fail(path, "must be an array", got: v) }
            return try a.enumerated().map { try element($0.element, "\(path)[\($0.offset)]") }
        }
    }
}
