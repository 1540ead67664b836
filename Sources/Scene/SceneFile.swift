import Foundation

/// Loading scene files from disk, with errors that name the file.
public enum SceneFile {
    /// The largest scene file read (64 MiB): checked before reading.
    public static let maximumFileSize = 64 << 20

    /// Reads and decodes the scene at `path`.
    ///
    /// - Throws: `SceneFileError`.
    public static func load(_ path: String) throws -> Scene {
        let bytes = try read(path)
        do {
            return try Scene(jsonBytes: bytes)
        } catch let error as SceneDecodingError {
            throw SceneFileError.invalid(path: path, error: error)
        }
    }

    /// The bytes of the file at `path`, refusing directories and files over the size limit.
    ///
    /// - Throws: `SceneFileError.unreadable`.
    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneFileError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw SceneFileError.unreadable(path: path, reason: "is a directory") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw SceneFileError.unreadable(path: path, reason: "file is larger than \(maximumFileSize >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneFileError.unreadable(path: path, reason: "cannot read the file")
        }
        return [UInt8](data)
    }
}

/// Why a scene file could not be used. The description is one line: `file: path: rule`.
public enum SceneFileError: Error, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file's content broke a rule of the scene format.
    case invalid(path: String, error: SceneDecodingError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        case .invalid(let path, let error): return "\(path): \(error)"
        }
    }
}
