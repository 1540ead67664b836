/// A set of files that reach their folder together: written first into a hidden folder inside
/// the destination, then moved into place by `commit()`.
///
/// A run stopped before `commit()` (an error, a full disk, SIGINT or SIGTERM) leaves the
/// destination as it was: an earlier run's files are neither replaced one by one nor mixed
/// with the new ones; `discard()` (or the deinitializer) removes the hidden folder. `commit()`
/// moves each file with one `rename` on the same file system and puts the old files back if a
/// move fails. A process killed outright (SIGKILL, a second Ctrl-C, power loss) can leave the
/// hidden folder `.<stem>.tmp-<pid>-<hex>` behind, as `AtomicFile` can leave its temporary;
/// `removeAbandoned(in:stem:)` clears those of processes that have gone. Until the commit the
/// old files and the new ones are both on disk.
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
    /// - Throws: `FileError` (`.createFolder`) naming `destination`.
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
            throw FileError(.createFolder, path: destination, code: code)
        }
        throw FileError(.createFolder, path: destination, code: EEXIST)
    }

    deinit { discard() }

    /// Writes one file into the hidden folder (atomically, synced), to appear as
    /// `destination/name` at `commit()`. A file it will replace lends it its mode, as
    /// `AtomicFile` keeps a replaced file's mode.
    ///
    /// - Throws: `FileError` naming the final path `destination/name`: `.notRegularFile` at once
    ///   when something other than a regular file (a folder, a pipe, a device) has that name.
    public func write(_ bytes: [UInt8], named name: String) throws(FileError) {
        let final = destination + "/" + name
        var existing = stat()
        let replaces = lstat(final, &existing) == 0
        if replaces && existing.st_mode & S_IFMT != S_IFREG { throw FileError(.notRegularFile, path: final, code: 0) }
        do {
            try AtomicFile.write(bytes, to: path + "/" + name)
        } catch {
            throw FileError(error.operation, path: final, code: error.code)
        }
        names.append(name)
        if replaces { _ = chmod(path + "/" + name, existing.st_mode & 0o7777) }
    }

    /// Moves every file written into `destination`, replacing files of the same names, then
    /// removes the hidden folder. Each file a name held before is first linked into the hidden
    /// folder, so that when a move fails the files already moved are put back: the destination
    /// ends as it was, not half one run and half the other.
    ///
    /// - Throws: `FileError` (`.rename`) for a file that cannot be moved.
    public func commit() throws(FileError) {
        guard !isFinished else { return }
        defer { discard() }
        var moved: [(name: String, kept: Bool)] = []
        for name in names {
            let final = destination + "/" + name, kept = path + "/.kept." + name
            let keeps = link(final, kept) == 0
            if rename(path + "/" + name, final) != 0 {
                let code = errno
                if keeps { _ = unlink(kept) }
                for (done, hadOld) in moved.reversed() {
                    let target = destination + "/" + done
                    if hadOld { _ = rename(path + "/.kept." + done, target) } else { _ = unlink(target) }
                }
                throw FileError(.rename, path: final, code: code)
            }
            moved.append((name, keeps))
        }
        for (name, kept) in moved where kept { _ = unlink(path + "/.kept." + name) }
        names = []
        let fd = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            _ = close(fd)
        }
    }

    /// Removes the hidden folders `destination/.<stem>.tmp-<pid>-<hex>` of processes that no
    /// longer run (killed before they could clean up: SIGKILL, a second Ctrl-C), with their files.
    /// A folder whose process still runs, or whose name does not parse, is left alone.
    public static func removeAbandoned(in destination: String, stem: String) {
        let prefix = ".\(stem).tmp-"
        for name in entryNames(of: destination) {
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let hidden = destination + "/" + name
            for file in entryNames(of: hidden) { _ = unlink(hidden + "/" + file) }
            _ = rmdir(hidden)
        }
    }

    /// The names in `folder` other than `.` and `..`; none when it cannot be read.
    private static func entryNames(of folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
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
