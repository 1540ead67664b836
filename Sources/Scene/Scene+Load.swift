import Foundation

// Foundation is imported in this file only: its `IndexPath` would clash with Layout's.

extension Scene {
    /// Reads the scene file at `path`.
    ///
    /// - Throws: `SceneDecodingError` (path = the file path) if the file cannot be read, else
    ///   as `init(jsonBytes:)`.
    public static func load(path: String) throws -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneDecodingError(path: path, message: "cannot read the file")
        }
        return try Scene(jsonBytes: [UInt8](data))
    }
}
