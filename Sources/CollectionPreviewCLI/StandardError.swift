import Foundation

/// Messages and progress on standard error, written with `write(2)`.
///
/// A message that cannot be written (standard error closed, a full disk, a reader gone) is
/// dropped: there is nowhere left to report it, and the command goes on to its own exit status.
/// `FileHandle.write(_:)`, used before, stopped the process with a trap on such a failure
/// (exit status 132), in the middle of a run and with its temporary files left behind.
enum StandardError {
    /// Writes `text` as it is (no newline added).
    static func write(_ text: String) {
        _ = StandardOutput.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
