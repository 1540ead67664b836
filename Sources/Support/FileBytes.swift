/// Reads whole files with POSIX calls, checking the size before allocating.
public enum FileBytes {
    /// The contents of the regular file at `path`.
    ///
    /// The file is opened without waiting (`O_NONBLOCK`), so that a named pipe with no writer is
    /// refused at once instead of blocking the process where no signal reaches it; the flag
    /// changes nothing for a regular file. A file that reports a size of 0 is read to its end
    /// all the same (still at most `maximumSize` bytes): the kernel's pseudo-files under `/proc`
    /// and `/sys` report 0 whatever they hold.
    ///
    /// - Throws: `FileError` naming `path`: `.open`, `.read`, `.notRegularInput` for a folder, a
    ///   pipe or a device, or `.tooLarge` when the file holds more than `maximumSize` bytes.
    /// - Complexity: O(file size).
    public static func read(_ path: String, maximumSize: Int) throws(FileError) -> [UInt8] {
        let file = try RegularFile(opening: path)
        defer { file.close() }
        guard file.size <= maximumSize else { throw FileError(.tooLarge, path: path, code: EFBIG) }
        if file.size == 0 { return try file.readToEnd(maximumSize: maximumSize) }
        return try file.read(count: file.size)
    }

    /// The first `count` bytes of the regular file at `path`, or all of it when it is shorter;
    /// opened as `read(_:maximumSize:)` opens it, so a named pipe is refused, not waited on.
    ///
    /// - Throws: `FileError` naming `path`: `.open`, `.read` or `.notRegularInput`.
    /// - Complexity: O(`count`).
    public static func readPrefix(_ path: String, count: Int) throws(FileError) -> [UInt8] {
        let file = try RegularFile(opening: path)
        defer { file.close() }
        return try file.read(count: count)
    }
}

/// An open regular file: the descriptor, its path for errors, and the size `fstat` reports.
private struct RegularFile {
    let descriptor: Int32
    let path: String
    let size: Int

    /// Opens `path` for reading without waiting, refusing anything but a regular file.
    init(opening path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(.open, path: path, code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            _ = Glibc.close(fd)
            throw FileError(.read, path: path, code: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Glibc.close(fd)
            throw FileError(.notRegularInput, path: path, code: 0)
        }
        descriptor = fd
        self.path = path
        size = Int(info.st_size)
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Up to `count` bytes from the current position: fewer when the file ends first (it may
    /// shrink while being read).
    func read(count: Int) throws(FileError) -> [UInt8] {
        var readError: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let n = Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    break
                }
                if n == 0 { break }
                filled += n
            }
        }
        if readError != 0 { throw FileError(.read, path: path, code: readError) }
        return bytes
    }

    /// Everything to the end of the file, in chunks, refused once it passes `maximumSize`.
    func readToEnd(maximumSize: Int) throws(FileError) -> [UInt8] {
        let chunk = 64 * 1024
        var bytes: [UInt8] = []
        while true {
            // One byte past the limit is asked for, to tell a file of exactly `maximumSize` bytes
            // from a longer one.
            let wanted = min(chunk, maximumSize + 1 - bytes.count)
            let part = try read(count: wanted)
            bytes += part
            if bytes.count > maximumSize { throw FileError(.tooLarge, path: path, code: EFBIG) }
            if part.count < wanted { return bytes }
        }
    }
}
