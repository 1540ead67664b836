import Foundation

/// A command's results on standard output, written with `write(2)` and checked: a full disk or a
/// closed pipe is an output that cannot be written (exit status 73, one line with the system's
/// reason), never a success that lost its output or a Foundation error dump.
///
/// Results do not go through `print`: C's buffered `stdout` reports a failed write only to a
/// later flush of data still buffered, so output lost in the middle of a long report could
/// end in exit status 0. A stream of small pieces (`layout`'s report) is gathered 64 KB at a
/// time (`Stream`).
enum StandardOutput {
    /// Writes `text` and `terminator`, as `print` would.
    ///
    /// - Throws: `CommandError` with exit status 73.
    static func print(_ text: String, terminator: String = "\n") throws {
        try write(Array((text + terminator).utf8))
    }

    /// Writes `bytes`, after whatever `print` buffered.
    ///
    /// - Throws: `CommandError` with exit status 73.
    static func write(_ bytes: [UInt8]) throws {
        try flushPrinted()
        if let code = writeAll(bytes, to: STDOUT_FILENO) { throw failure(code) }
    }

    /// Writes all of `bytes` to `descriptor` with `write(2)`, again after an interruption (EINTR);
    /// nil when they were all written, else the failed write's `errno` (0 for a write of nothing).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return written < 0 ? errno : 0 }
                offset += written
            }
            return nil
        }
    }

    /// Flushes what `print` buffered (a library's line, say).
    ///
    /// - Throws: `CommandError` with exit status 73 when that fails.
    static func flushPrinted() throws {
        errno = 0
        if fflush(nil) != 0 { throw failure(errno) }
    }

    /// The error for a write that failed with `code`.
    private static func failure(_ code: Int32) -> CommandError {
        let reason = code == 0 ? "the write failed" : String(cString: strerror(code))
        return CommandError("cannot write to standard output: \(reason)", exitCode: CommandError.cannotCreate)
    }

    /// Pieces of text gathered into writes of 64 KB (or written one by one, for lines a person
    /// watches), for a writer that hands them to a closure that cannot throw: the first failure
    /// is kept, later pieces are dropped, and `finish()` throws it.
    final class Stream {
        private let gathered: Int
        private var pending: [UInt8] = []
        private var failure: (any Error)?

        /// A stream that writes once 64 KB have gathered, or with `eachPiece` every piece at once.
        init(eachPiece: Bool = false) {
            gathered = eachPiece ? 1 : 1 << 16
        }

        /// Adds `text`, writing what has gathered once it is large enough.
        func append(_ text: String) {
            guard failure == nil else { return }
            pending += text.utf8
            if pending.count >= gathered { flush() }
        }

        /// Writes what is left.
        ///
        /// - Throws: `CommandError` with exit status 73 for the first write that failed.
        func finish() throws {
            flush()
            if let failure { throw failure }
        }

        private func flush() {
            guard failure == nil, !pending.isEmpty else { return }
            do {
                try StandardOutput.write(pending)
            } catch {
                failure = error
            }
            pending.removeAll(keepingCapacity: true)
        }
    }
}
