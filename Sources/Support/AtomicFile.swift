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
/// (JSON manifests, HTML reports). `AtomicFileWriter` is the streaming form.
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

    /// `write(_:to:)` with an optional simulated failure (EIO) at `step`, so
    /// tests can check the cleanup paths that real disks rarely exercise.
    static func write(_ bytes: [UInt8], to path: String, simulatingFailureAt step: AtomicFileWriter.Step?)
        throws(FileError)
    {
        let writer = try AtomicFileWriter(path: path, simulatingFailureAt: step)
        try writer.append(bytes)
        try writer.commit()
    }
}
