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
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
