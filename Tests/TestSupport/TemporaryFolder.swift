import Foundation

/// A fresh, empty folder under the system's temporary directory for one test, removed when the
/// value is released.
///
/// Each instance has its own folder, so tests running in parallel never share files.
public final class TemporaryFolder {
    /// The folder's path (no trailing slash).
    public let path: String

    /// Creates the folder.
    ///
    /// - Parameter prefix: the start of the folder's name, to tell the tests' folders apart.
    /// - Throws: what `FileManager.createDirectory` throws.
    public init(prefix: String = "collection-preview-tests") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    public func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders as needed; returns the full path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// The bytes of `relative`, or nil if it does not exist.
    public func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url(relative)).map { [UInt8]($0) }
    }

    /// Whether a file or folder exists at `relative`.
    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative)) }

    /// Every regular file under `relative` (hidden ones included), as sorted paths relative to it.
    public func files(under relative: String = ".") -> [String] {
        let root = url(relative)
        return (FileManager.default.subpaths(atPath: root) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}
