import Foundation

/// Why a scene file could not be used. The description is one line: `file: path: rule`.
public enum SceneFileError: Error, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file's content broke a rule of the scene format.
    case invalid(path: String, error: SceneDecodingError)

    /// `file: reason`, or `file: json.path: rule`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .invalid(let path, let error): return "\(path): \(error)"
        }
    }
}
