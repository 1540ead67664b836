#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files atomically: readers see either the old file or the new
/// one, never a half-written file.
///
/// The bytes go to a new temporary file in the destination's directory (a
/// unique hidden name, created with `O_EXCL`), which is flushed with `fsync`,
/// closed and then renamed over the destination; the directory is then synced
/// on a best-effort basis. On any failure the temporary file is removed and
/// the previous destination file, if there was one, is left untouched. A new
/// file gets mode 0666 minus the umask; a replaced file keeps its mode. A
/// destination that is a symbolic link is replaced by a regular file.
///
/// This is used for PNG output and is general enough for any output file
/// (JSON manifests, HTML reports).
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any existing file atomically.
    ///
    /// - Parameters:
    ///   - bytes: The complete new contents.
    ///   - path: The destination; its directory must exist and be writable.
    /// - Throws: `FileError` naming `path` and the step that failed (creating
    ///   the temporary file, writing, syncing, closing, renaming).
    /// - Complexity: O(n) in `bytes.count`.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path, simulatingFailureAt: nil)
    }

    /// A step of `write`, for tests that simulate a failure there.
    enum Step: Equatable {
        case write, sync, close, rename
    }

    /// `write(_:to:)` with an optional simulated failure (EIO) at `failingStep`,
    /// so tests can check the cleanup paths that real disks rarely exercise.
    static func write(_ bytes: [UInt8], to path: String, simulatingFailureAt failingStep: Step?)
        throws(FileError)
    {
        let (directory, name) = split(path)
        guard !name.isEmpty else { throw FileError(.createTemporary, path: path, code: EISDIR) }

        // An existing destination's permission bits are carried over.
        var existing = stat()
        let existingMode: mode_t? =
            stat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
            ? existing.st_mode & 0o7777 : nil

        let (fd, temporaryPath) = try createTemporary(in: directory, for: name, path: path)
        var isOpen = true
        func fail(_ operation: FileError.Operation, _ code: Int32) -> FileError {
            if isOpen { _ = close(fd) }
            _ = unlink(temporaryPath)
            return FileError(operation, path: path, code: code)
        }

        if let mode = existingMode { _ = fchmod(fd, mode) }
        if failingStep == .write { throw fail(.write, EIO) }
        let writeError = bytes.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
        if writeError != 0 { throw fail(.write, writeError) }
        if failingStep == .sync { throw fail(.sync, EIO) }
        if fsync(fd) != 0 { throw fail(.sync, errno) }
        if failingStep == .close { throw fail(.close, EIO) }
        isOpen = false
        if close(fd) != 0 { throw fail(.close, errno) }
        if failingStep == .rename { throw fail(.rename, EIO) }
        if rename(temporaryPath, path) != 0 { throw fail(.rename, errno) }
        syncDirectory(directory)
    }

    /// Splits `path` into its directory (`.` if none) and last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// Creates `directory/.name.tmp-<pid>-<random>` exclusively, retrying on a name clash.
    private static func createTemporary(in directory: String, for name: String, path: String)
        throws(FileError) -> (Int32, String)
    {
        let stem = String(name.prefix(64))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let suffix = String(generator.next() as UInt64, radix: 16)
            let candidate = "\(directory)/.\(stem).tmp-\(getpid())-\(suffix)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, candidate) }
            let code = errno
            if code == EEXIST || code == EINTR { continue }
            throw FileError(.createTemporary, path: path, code: code)
        }
        throw FileError(.createTemporary, path: path, code: EEXIST)
    }

    /// Flushes the directory entry of the rename; failures are ignored because
    /// the new file is already in place (some file systems refuse `fsync` on
    /// directories).
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }
}

/// The C library's `write(2)`, reachable inside `AtomicFile` (whose own
/// `write` would otherwise shadow it).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
