/// Writes a file in pieces and publishes it atomically when done.
///
/// Bytes are appended (and may be patched in place) in a uniquely named
/// temporary file beside the destination; `commit()` flushes it with `fsync`
/// and renames it over the destination, so readers only ever see the old
/// file or the complete new one. A writer that is discarded or deallocated
/// before `commit()` removes its temporary file and leaves any existing
/// destination untouched. Use it for streamed output such as an APNG of
/// many frames; `AtomicFile.write(_:to:)` is the one-shot form.
///
/// A new file gets mode 0666 minus the umask; a replaced regular file keeps
/// its permission bits. A destination that is a symbolic link is written
/// through, as a shell's `>` writes: the file it points to is replaced (or
/// made) and the link stays. Not thread-safe: use one writer from one thread.
public final class AtomicFileWriter {
    /// A step of writing, for tests that simulate a failure there.
    enum Step: Equatable, Sendable {
        case write, sync, close, rename
    }

    /// The destination path, as the caller named it (errors name this one).
    public let path: String
    /// The file renamed over: `path`, or the file its symbolic links lead to.
    let destination: String
    /// The temporary file's path (hidden, in the destination's directory).
    let temporaryPath: String
    /// The open temporary file, or -1 once closed.
    private var fd: Int32
    /// Whether `commit()` has succeeded.
    private var isCommitted = false
    /// Whether `sync()` has flushed and closed the file.
    private var isSynced = false
    /// Bytes written so far.
    public private(set) var size = 0
    /// A simulated EIO at this step (tests only).
    let simulatedFailure: Step?

    /// Creates the temporary file beside `path`.
    ///
    /// - Parameter path: The destination; its directory must exist and be writable.
    /// - Throws: `FileError` (operation `.createTemporary`) naming `path`.
    public convenience init(path: String) throws(FileError) {
        try self.init(path: path, simulatingFailureAt: nil)
    }

    /// `init(path:)` with a simulated failure for tests.
    init(path: String, simulatingFailureAt step: Step?) throws(FileError) {
        let requested = AtomicFileWriter.split(path)
        guard !requested.name.isEmpty else { throw FileError(.createTemporary, path: path, code: EISDIR) }
        // Renaming over `/dev/full` or `/dev/stdout` (as root) would replace the device itself —
        // `/dev/stdout` is a link to `/proc/self/fd/1`, which may name a regular file — so
        // nothing is written by rename into `/dev` or `/proc`, nor through a link into them.
        guard !AtomicFileWriter.isSystemFolder(requested.directory) else {
            throw FileError(.systemFolder, path: path, code: 0)
        }
        let destination = try AtomicFileWriter.followingLinks(path)
        let (directory, name) = AtomicFileWriter.split(destination)
        guard !AtomicFileWriter.isSystemFolder(directory) else { throw FileError(.systemFolder, path: path, code: 0) }
        var existing = stat()
        let exists = stat(destination, &existing) == 0
        guard !exists || (existing.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(.notRegularFile, path: path, code: 0)
        }
        let existingMode: mode_t? = exists ? existing.st_mode & 0o7777 : nil
        let (fd, temporaryPath) = try AtomicFileWriter.createTemporary(in: directory, for: name, path: path)
        if let mode = existingMode { _ = fchmod(fd, mode) }
        self.path = path
        self.destination = destination
        self.temporaryPath = temporaryPath
        self.fd = fd
        self.simulatedFailure = step
    }

    /// Whether `directory`, its links resolved, is `/dev` or `/proc` or below them: folders of
    /// device and process nodes that a rename must not replace (`/dev/shm`, a memory file
    /// system for ordinary files, excepted).
    static func isSystemFolder(_ directory: String) -> Bool {
        guard let resolved = realpath(directory.isEmpty ? "." : directory, nil) else { return false }
        defer { free(resolved) }
        let path = String(cString: resolved)
        func within(_ folder: String) -> Bool { path == folder || path.hasPrefix(folder + "/") }
        return (within("/dev") && !within("/dev/shm")) || within("/proc")
    }

    /// `path`, or, when it is a symbolic link, the path it leads to through at most 40 links
    /// (Linux's own limit, `MAXSYMLINKS`), each relative one read from its link's folder. The
    /// end need not exist: a link to a missing file makes that file, as a shell's `>` does.
    ///
    /// - Throws: `FileError` (`.followLinks`, `ELOOP`) for a chain of more links than that.
    static func followingLinks(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : split(current).directory + "/" + target
        }
        throw FileError(.followLinks, path: path, code: ELOOP)
    }

    deinit {
        if !isCommitted { discard() }
    }

    /// Appends `bytes` to the file.
    ///
    /// - Throws: `FileError` (`.write`) naming the destination; the writer is
    ///   then discarded (the temporary file removed).
    /// - Complexity: O(bytes.count).
    public func append(_ bytes: [UInt8]) throws(FileError) {
        try write(bytes, at: size)
        size += bytes.count
    }

    /// Overwrites bytes already written, starting at `offset` (e.g. to patch a
    /// count in a header once it is known).
    ///
    /// - Precondition: `offset + bytes.count <= size` (a programmer error otherwise).
    /// - Throws: `FileError` (`.write`) naming the destination; the writer is then discarded.
    /// - Complexity: O(bytes.count).
    public func overwrite(_ bytes: [UInt8], at offset: Int) throws(FileError) {
        precondition(offset >= 0 && offset + bytes.count <= size, "overwrite past the written bytes")
        try write(bytes, at: offset)
    }

    /// Flushes the file to the disk and closes it, leaving only the rename to `commit()`: a
    /// command with several outputs syncs them all before it puts any in place.
    ///
    /// - Throws: `FileError` (`.sync` or `.close`) naming the destination; the temporary file is
    ///   removed.
    public func sync() throws(FileError) {
        guard !isSynced else { return }
        guard fd >= 0, !isCommitted else { throw FileError(.write, path: path, code: EBADF) }
        if simulatedFailure == .sync { throw fail(.sync, EIO) }
        if fsync(fd) != 0 { throw fail(.sync, errno) }
        if simulatedFailure == .close { throw fail(.close, EIO) }
        let closeResult = close(fd)
        fd = -1
        if closeResult != 0 { throw fail(.close, errno) }
        isSynced = true
    }

    /// Flushes the file (`sync()`, unless done) and renames it over the destination.
    ///
    /// When a stop has been asked for (SIGINT or SIGTERM, see `Interruption`), the file is not
    /// put in place: a command the user interrupted never replaces an output afterwards, even
    /// one whose work did not stop to look for the signal (such as loading a large scene).
    /// `evenAfterAStop` puts it in place anyway: for a command that has begun putting a set of
    /// outputs in place, where stopping half-way would leave a mix of two runs.
    ///
    /// - Throws: `FileError` (`.sync`, `.close` or `.rename`; `.rename` with `EINTR` after a stop
    ///   request) naming the destination; the temporary file is removed and the old destination
    ///   kept.
    public func commit(evenAfterAStop: Bool = false) throws(FileError) {
        guard !isCommitted else { throw FileError(.write, path: path, code: EBADF) }
        try sync()
        if simulatedFailure == .rename { throw fail(.rename, EIO) }
        if Interruption.isRequested && !evenAfterAStop { throw fail(.rename, EINTR) }
        if rename(temporaryPath, destination) != 0 { throw fail(.rename, errno) }
        isCommitted = true
        AtomicFileWriter.syncDirectory(AtomicFileWriter.split(destination).directory)
    }

    /// Abandons the file: closes and removes the temporary file. The
    /// destination is untouched. Calling it again, or after `commit()`, does nothing.
    public func discard() {
        guard !isCommitted else { return }
        // Every failure and every abandoned writer ends here: close, then remove the temporary file.
        if fd >= 0 {
            _ = close(fd)
            fd = -1
        }
        _ = unlink(temporaryPath)
        isCommitted = true  // nothing left to release
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws(FileError) {
        guard fd >= 0 else { throw FileError(.write, path: path, code: EBADF) }
        if simulatedFailure == .write { throw fail(.write, EIO) }
        let error = bytes.withUnsafeBytes { raw -> Int32 in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return 0
        }
        if error != 0 { throw fail(.write, error) }
    }

    private func fail(_ operation: FileError.Operation, _ code: Int32) -> FileError {
        discard()
        return FileError(operation, path: path, code: code)
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
        // At most 64 bytes of the name (whole characters), so the temporary name stays under
        // the 255 bytes a file name may have however long the destination's (up to 255) is.
        var stem = ""
        for character in name {
            if stem.utf8.count + character.utf8.count > 64 { break }
            stem.append(character)
        }
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
