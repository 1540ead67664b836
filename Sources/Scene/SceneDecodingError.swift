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
    /// What is wrong with an image file the scene names, when that is the error: not a rule of
    /// the format, so the tool exits as for any input file that is missing (66) or not a
    /// readable PNG (65).
    public var imageFileProblem: ImageFileProblem?

    /// What can be wrong with an image file a scene names.
    public enum ImageFileProblem: Sendable, Equatable {
        /// No folder searched holds a file of that name.
        case missing
        /// The file is there but cannot be read: a named pipe, a folder, no read permission.
        case unreadableFile
        /// The file is there but is not a readable PNG.
        case unreadablePNG
    }

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
