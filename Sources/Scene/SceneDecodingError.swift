/// Why a scene file was rejected: the JSON path of the offending value and the rule it breaks.
///
/// `description` is the one line the command-line tool prints after `error: `, e.g.
/// `sections[1].items[0].size.width: must be a non-negative number` or
/// `layout: unknown key "itemSzie"`.
public struct SceneDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where: `canvas.width`, `sections[1].items[0].size`, `(root)` for the top level, `(json)` for
    /// syntax errors, the file path for unreadable files.
    public var path: String
    /// The rule broken, in a few words.
    public var message: String
    /// Whether the scene names an image file that is not a readable PNG (not a rule of the
    /// format: the tool exits with 65 for it, as for any unreadable input image).
    public var isUnreadableImage = false

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
