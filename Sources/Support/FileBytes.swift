/// Reads whole files with POSIX calls, checking the size before allocating.
public enum FileBytes {
    /// The contents of the regular file at `path`.
    ///
    /// The file is opened without waiting (`O_NONBLOCK`), so that a named pipe with no writer is
    /// refused at once instead of blocking the process where no signal reaches it; the flag
    /// changes nothing for a regular file.
    ///
    /// - Throws: `FileError` naming `path`: `.open`, `.read`, `.notRegularInput` for a folder, a
    ///   pipe or a device, or `.tooLarge` when the file holds more than `maximumSize` bytes.
    /// - Complexity: O(file size).
    public static func read(_ path: String, maximumSize: Int) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw FileError(.open, path: path, code: errno) }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(.read, path: path, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileError(.notRegularInput, path: path, code: 0) }
        let size = Int(info.st_size)
        guard size <= maximumSize else { throw FileError(.tooLarge, path: path, code: EFBIG) }
        var readError: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let n = systemRead(fd, buffer.baseAddress! + offset, size - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    break
                }
                if n == 0 { break }  // the file shrank while being read
                offset += n
            }
            count = offset
        }
        if readError != 0 { throw FileError(.read, path: path, code: readError) }
        return bytes
    }
}

/// The C library's `read(2)`, outside `FileBytes` whose `read` would shadow it.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
