/// A failed file-system call, naming the path and the operation.
///
/// Thrown by `AtomicFile` and by the PNG file readers and writers (wrapped in
/// `PNGError.file`). `description` reads like
/// `cannot create a temporary file next to 'out/a.png': No such file or directory (errno 2)`.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Operation: String, Equatable, Sendable {
        /// Opening an existing file for reading.
        case open = "open"
        /// Reading bytes, or finding the file's size.
        case read = "read"
        /// Creating the temporary file beside the destination.
        case createTemporary = "create a temporary file next to"
        /// Following the destination's symbolic links to the file they lead to.
        case followLinks = "follow the symbolic links of"
        /// Creating a hidden working folder inside the destination folder.
        case createFolder = "create a working folder inside"
        /// Writing bytes to the temporary file.
        case write = "write"
        /// Flushing the temporary file to storage (`fsync`).
        case sync = "sync"
        /// Closing the temporary file.
        case close = "close"
        /// Renaming the temporary file over the destination.
        case rename = "replace"
        /// The file is larger than the reader accepts.
        case tooLarge = "read (file too large)"
        /// The destination exists and is not a regular file (a device, a pipe, a folder): a
        /// rename would replace the node itself.
        case notRegularFile = "replace something that is not a regular file:"
        /// The destination is in `/dev` or `/proc`, where a rename could replace a device or
        /// process node, so nothing is written there.
        case systemFolder = "write into /dev or /proc, whose files are devices and processes:"
        /// The file to read is not a regular file (a folder, a pipe, a device).
        case notRegularInput = "read something that is not a regular file:"
        /// Deleting a file that is no longer wanted (a reference frame past an animation's end).
        case remove = "delete"
    }

    /// The operation that failed.
    public let operation: Operation
    /// The path the caller asked for (the destination, not the temporary file).
    public let path: String
    /// The `errno` value, or 0 when the failure is not a system error.
    public let code: Int32

    /// Creates an error for `operation` on `path` with `errno` value `code`.
    public init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `cannot <operation> '<path>': <strerror> (errno N)`; an input that does not exist
    /// reads `<path>: no such file`, as a missing scene file does.
    public var description: String {
        if operation == .open && code == ENOENT { return "\(path): no such file" }
        guard code != 0 else { return "cannot \(operation.rawValue) '\(path)'" }
        let reason = strerror(code).map { String(cString: $0) } ?? "unknown error"
        return "cannot \(operation.rawValue) '\(path)': \(reason) (errno \(code))"
    }
}
