import Foundation
import TestSupport
import Testing

@testable import Support

/// Atomic writes: complete files or nothing, and the old file survives failures.
@Suite struct AtomicFileTests {
    func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func writesNewAndReplacesExistingFiles() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/out.json"
        try AtomicFile.write(Array("first".utf8), to: path)
        #expect(contents(path) == Array("first".utf8))
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        #expect(contents(path) == Array("second, longer".utf8))
        try AtomicFile.write([], to: path)
        #expect(contents(path) == [])
        #expect(try listing(directory) == ["out.json"])  // no temporary files left
    }

    /// A destination name near the longest a file system allows (255 bytes: here 62 four-byte
    /// characters and ".png", 252 bytes, or 255 ASCII ones) still gets a temporary name that fits.
    @Test func theLongestNamesAreWritten() throws {
        let folder = try TemporaryFolder()
        for name in [String(repeating: "😀", count: 62) + ".png", String(repeating: "x", count: 251) + ".png"] {
            #expect(name.utf8.count <= 255)
            try AtomicFile.write(Array("picture".utf8), to: folder.path + "/" + name)
            #expect(contents(folder.path + "/" + name) == Array("picture".utf8))
        }
        #expect(try listing(folder.path).count == 2)
    }

    @Test func missingDirectoryFailsAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/missing/out.png"
        #expect(throws: FileError(.createTemporary, path: path, code: ENOENT)) {
            try AtomicFile.write([1, 2, 3], to: path)
        }
        #expect(try listing(directory) == [])
        #expect(
            FileError(.createTemporary, path: path, code: ENOENT).description
                == "cannot create a temporary file next to '\(path)': No such file or directory (errno 2)")
    }

    /// A failure at any step (simulated EIO) keeps the old file and removes the temporary one.
    @Test(arguments: [AtomicFileWriter.Step.write, .sync, .close, .rename])
    func failureKeepsTheOldFile(step: AtomicFileWriter.Step) throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/frame.png"
        try AtomicFile.write(Array("old contents".utf8), to: path)
        #expect(throws: FileError.self) {
            try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path, simulatingFailureAt: step)
        }
        do {
            try AtomicFile.write([1], to: path, simulatingFailureAt: step)
        } catch {
            #expect(error.path == path)
            #expect(error.code == EIO)
        }
        #expect(contents(path) == Array("old contents".utf8))
        #expect(try listing(directory) == ["frame.png"])
    }

    /// A real failure: renaming over a directory fails; the directory and its contents stay.
    @Test func aFolderIsNotReplaced() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
        #expect(throws: FileError(.notRegularFile, path: path, code: 0)) {
            try AtomicFile.write([1, 2, 3], to: path)
        }
        #expect(try listing(directory) == ["taken"])
        #expect(try listing(path) == ["inner"])
    }

    /// `/dev` and `/proc` (and links into them) are never written by rename: `/dev/stdout` links
    /// to `/proc/self/fd/1`, which can name a regular file.
    @Test func systemFoldersAreRecognised() throws {
        #expect(AtomicFileWriter.isSystemFolder("/dev") && AtomicFileWriter.isSystemFolder("/proc/self/fd"))
        #expect(AtomicFileWriter.isSystemFolder("/proc/self") && !AtomicFileWriter.isSystemFolder("/dev/shm"))
        let folder = try TemporaryFolder()
        #expect(!AtomicFileWriter.isSystemFolder(folder.path) && !AtomicFileWriter.isSystemFolder("/devices-not"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/devices", withDestinationPath: "/dev")
        #expect(AtomicFileWriter.isSystemFolder(folder.path + "/devices"))
        // Refused for where it is, whatever standard output is (a pipe, a file), and a file that
        // does not exist there too, with a message that does not call it something else.
        for path in ["/dev/stdout", "/proc/x.png"] {
            #expect(throws: FileError(.systemFolder, path: path, code: 0)) {
                try AtomicFile.write([1, 2, 3], to: path)
            }
        }
        #expect(
            FileError(.systemFolder, path: "/proc/x.png", code: 0).description
                == "cannot write into /dev or /proc, whose files are devices and processes: '/proc/x.png'")
    }

    /// A pipe (or a device such as `/dev/full`, or `/dev/stdout`) is not renamed over: as root
    /// the rename would replace the node itself.
    @Test func aPipeIsNotReplaced() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/pipe"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: FileError(.notRegularFile, path: path, code: 0)) {
            try AtomicFile.write([1, 2, 3], to: path)
        }
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(try listing(folder.path) == ["pipe"])
        #expect(
            FileError(.notRegularFile, path: "/dev/full", code: 0).description
                == "cannot replace something that is not a regular file: '/dev/full'")
    }

    /// A symbolic link is written through, as a shell's `>` writes: the file it leads to gets
    /// the bytes (made if missing, through relative links and chains of them) and the link stays.
    @Test func symbolicLinksAreWrittenThrough() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false)
        try AtomicFile.write(Array("old".utf8), to: folder.path + "/real/shot.png")
        try manager.createSymbolicLink(atPath: folder.path + "/link.png", withDestinationPath: "real/shot.png")
        try manager.createSymbolicLink(atPath: folder.path + "/chain.png", withDestinationPath: "link.png")
        try AtomicFile.write(Array("new".utf8), to: folder.path + "/chain.png")
        #expect(contents(folder.path + "/real/shot.png") == Array("new".utf8))
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.path + "/link.png") == "real/shot.png")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.path + "/chain.png") == "link.png")
        #expect(try listing(folder.path + "/real") == ["shot.png"])
        // A link to a file not yet there makes the file.
        try manager.createSymbolicLink(
            atPath: folder.path + "/ahead.png", withDestinationPath: folder.path + "/real/new.png")
        try AtomicFile.write([7], to: folder.path + "/ahead.png")
        #expect(contents(folder.path + "/real/new.png") == [7])
        #expect(
            try manager.destinationOfSymbolicLink(atPath: folder.path + "/ahead.png") == folder.path + "/real/new.png")
        // A link to a folder is refused as the folder itself is.
        try manager.createSymbolicLink(atPath: folder.path + "/dir.png", withDestinationPath: "real")
        #expect(throws: FileError(.notRegularFile, path: folder.path + "/dir.png", code: 0)) {
            try AtomicFile.write([1], to: folder.path + "/dir.png")
        }
        #expect(try listing(folder.path + "/real") == ["new.png", "shot.png"])
    }

    /// A loop of links is an error naming the path asked for, and no link is replaced.
    @Test func aLoopOfLinksIsRefused() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.path + "/a.png", withDestinationPath: "b.png")
        try manager.createSymbolicLink(atPath: folder.path + "/b.png", withDestinationPath: "a.png")
        #expect(throws: FileError(.followLinks, path: folder.path + "/a.png", code: ELOOP)) {
            try AtomicFile.write([1], to: folder.path + "/a.png")
        }
        #expect(
            FileError(.followLinks, path: "a.png", code: ELOOP).description
                == "cannot follow the symbolic links of 'a.png': Too many levels of symbolic links (errno 40)")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.path + "/a.png") == "b.png")
        #expect(try listing(folder.path) == ["a.png", "b.png"])
    }

    @Test func replacedFilesKeepTheirMode() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/private.txt"
        try AtomicFile.write([1], to: path)
        #expect(chmod(path, 0o600) == 0)
        try AtomicFile.write([2], to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func pathSplitting() {
        #expect(AtomicFileWriter.split("a.png") == (".", "a.png"))
        #expect(AtomicFileWriter.split("/a.png") == ("/", "a.png"))
        #expect(AtomicFileWriter.split("out/frames/a.png") == ("out/frames", "a.png"))
        #expect(AtomicFileWriter.split("out/") == ("out", ""))
    }

    @Test func trailingSlashIsRefused() {
        #expect(throws: FileError(.createTemporary, path: "out/", code: EISDIR)) {
            try AtomicFile.write([1], to: "out/")
        }
    }
}

/// The streaming writer: patching, discarding, committing.
@Suite struct AtomicFileWriterTests {
    @Test func appendPatchAndCommit() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        let path = directory + "/stream.bin"
        let writer = try AtomicFileWriter(path: path)
        try writer.append([1, 2, 3, 4])
        try writer.append([5, 6])
        try writer.overwrite([9, 9], at: 1)
        #expect(writer.size == 6)
        #expect(FileManager.default.fileExists(atPath: path) == false)  // not visible before commit
        try writer.commit()
        #expect(FileManager.default.contents(atPath: path) == Data([1, 9, 9, 4, 5, 6]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["stream.bin"])
        writer.discard()  // after commit: no effect
        #expect(FileManager.default.contents(atPath: path) == Data([1, 9, 9, 4, 5, 6]))
    }

    @Test func droppedWriterRemovesItsTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path
        do {
            let writer = try AtomicFileWriter(path: directory + "/x")
            try writer.append([1])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }
}
