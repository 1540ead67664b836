import Foundation
import TestSupport
import Testing

@testable import Support

/// `FileBytes`: whole files and prefixes, refused before allocating when too large, and never
/// waiting on a named pipe.
@Suite struct FileBytesTests {
    @Test func readsWholeFilesAndPrefixes() throws {
        let folder = try TemporaryFolder()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder.url("data.bin")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileBytes.read(path, maximumSize: bytes.count) == bytes)
        #expect(try FileBytes.readPrefix(path, count: 33) == Array(bytes.prefix(33)))
        #expect(try FileBytes.readPrefix(path, count: 300_000) == bytes)
        #expect(throws: FileError(.tooLarge, path: path, code: EFBIG)) {
            try FileBytes.read(path, maximumSize: bytes.count - 1)
        }
    }

    /// The kernel's pseudo-files report a size of 0 whatever they hold: they are read to their
    /// end (a status file, not "0 bytes"), and still refused past the limit.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func pseudoFilesAreReadToTheirEnd() throws {
        let status = try FileBytes.read("/proc/self/status", maximumSize: 1 << 20)
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(status.count > 100)
        #expect(throws: FileError(.tooLarge, path: "/proc/self/status", code: EFBIG)) {
            try FileBytes.read("/proc/self/status", maximumSize: 10)
        }
        // Exactly at the limit is within it.
        let exact = try FileBytes.read("/proc/self/cmdline", maximumSize: 1 << 20)
        #expect(try FileBytes.read("/proc/self/cmdline", maximumSize: exact.count).count == exact.count)
    }

    /// A named pipe without a writer, a folder and a device are refused at once, by both reads.
    @Test func aPipeAFolderOrADeviceIsRefused() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.url("pipe.png")
        #expect(mkfifo(pipe, 0o600) == 0)
        for path in [pipe, folder.path, "/dev/zero"] {
            let refusal = FileError(.notRegularInput, path: path, code: 0)
            #expect(throws: refusal) { try FileBytes.read(path, maximumSize: 100) }
            #expect(throws: refusal) { try FileBytes.readPrefix(path, count: 33) }
        }
        #expect(throws: FileError(.open, path: folder.url("none"), code: ENOENT)) {
            try FileBytes.readPrefix(folder.url("none"), count: 33)
        }
    }
}
