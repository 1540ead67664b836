/// A set of files that reach their folder together: written first into a hidden folder inside
/// the destination, then moved into place by `commit()`.
///
/// A run stopped before `commit()` (an error, a full disk, SIGINT or SIGTERM) leaves the
/// destination as it was: an earlier run's files are neither replaced one by one nor mixed
/// with the new ones; `discard()` (or the deinitializer) removes the hidden folder. `commit()`
/// moves each file with one `rename` on the same file system, so its window is the time of a
/// few renames, not of rendering. A process killed outright (SIGKILL, power loss) can leave the
/// hidden folder `.<name>.tmp-<pid>-<hex>` behind, as `AtomicFile` can leave its temporary.
///
/// Used for `animate -o DIR`, whose frames must be one animation's, never two.
public final class StagingFolder {
    /// The folder the files are for.
    public let destination: String
    /// The hidden folder inside `destination` they are written to until `commit()`.
    public let path: String
    /// The file names written, in order.
    public private(set) var names: [String] = []
    private var isFinished = false

    /// Creates the hidden folder `destination/.<stem>.tmp-<pid>-<hex>` (mode 0700).
    ///
    /// - Parameters:
    ///   - destination: An existing, writable folder.
    ///   - stem: A word for the hidden folder's name, e.g. `frames`.
    /// - Throws: `FileError` (`.createTemporary`) naming `destination`.
    public init(in destination: String, stem: String) throws(FileError) {
        self.destination = destination
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let candidate = "\(destination)/.\(stem).tmp-\(getpid())-\(String(generator.next() as UInt64, radix: 16))"
            if mkdir(candidate, 0o700) == 0 {
                path = candidate
                return
            }
            let code = errno
            if code == EEXIST || code == EINTR { continue }
            throw FileError(.createTemporary, path: destination + "/", code: code)
        }
        throw FileError(.createTemporary, path: destination + "/", code: EEXIST)
    }

    deinit { discard() }

    /// Writes one file into the hidden folder (atomically, synced), to appear as
    /// `destination/name` at `commit()`.
    ///
    /// - Throws: `FileError` naming the final path `destination/name`.
    public func write(_ bytes: [UInt8], named name: String) throws(FileError) {
        do {
            try AtomicFile.write(bytes, to: path + "/" + name)
        } catch {
            throw FileError(error.operation, path: destination + "/" + name, code: error.code)
        }
        names.append(name)
    }

    /// Moves every file written into `destination`, replacing files of the same names, then
    /// removes the hidden folder.
    ///
    /// - Throws: `FileError` (`.rename`) for a file that cannot be moved; the files not yet
    ///   moved are removed with the hidden folder.
    public func commit() throws(FileError) {
        guard !isFinished else { return }
        defer { discard() }
        for name in names where rename(path + "/" + name, destination + "/" + name) != 0 {
            throw FileError(.rename, path: destination + "/" + name, code: errno)
        }
        names = []
        let fd = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            _ = close(fd)
        }
    }

    /// Removes the hidden folder and the files in it; the destination is untouched. Calling it
    /// again, or after `commit()`, does nothing.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        for name in names { _ = unlink(path + "/" + name) }
        _ = rmdir(path)
    }
}
