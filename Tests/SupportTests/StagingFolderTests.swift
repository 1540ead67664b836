import Foundation
import TestSupport
import Testing

@testable import Support

/// Files that reach their folder together, or not at all.
@Suite struct StagingFolderTests {
    func listing(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func filesAppearOnlyAtCommitAndReplaceTheirNamesakes() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.png", "old a")
        try folder.write("keep.txt", "untouched")
        let staging = try StagingFolder(in: folder.path, stem: "frames")
        try staging.write(Array("new a".utf8), named: "a.png")
        try staging.write(Array("new b".utf8), named: "b.png")
        // Before the commit the folder shows the old files, and one hidden folder.
        #expect(folder.bytes("a.png") == Array("old a".utf8))
        #expect(!folder.exists("b.png"))
        let hidden = try listing(folder).filter { $0.hasPrefix(".") }
        #expect(hidden.count == 1 && hidden[0].hasPrefix(".frames.tmp-"))
        try staging.commit()
        #expect(try listing(folder) == ["a.png", "b.png", "keep.txt"])
        #expect(folder.bytes("a.png") == Array("new a".utf8) && folder.bytes("b.png") == Array("new b".utf8))
        #expect(folder.bytes("keep.txt") == Array("untouched".utf8))
        staging.discard()  // after a commit: nothing
        #expect(try listing(folder) == ["a.png", "b.png", "keep.txt"])
    }

    @Test func discardingOrDroppingItLeavesTheFolderAsItWas() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.png", "old a")
        do {
            let staging = try StagingFolder(in: folder.path, stem: "frames")
            try staging.write(Array("new a".utf8), named: "a.png")
            staging.discard()
            #expect(try listing(folder) == ["a.png"])
            try staging.commit()  // after a discard: nothing
        }
        do {
            let dropped = try StagingFolder(in: folder.path, stem: "frames")
            try dropped.write(Array("new a".utf8), named: "a.png")
        }
        #expect(try listing(folder) == ["a.png"])
        #expect(folder.bytes("a.png") == Array("old a".utf8))
    }

    @Test func errorsNameTheDestination() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/absent"
        #expect(throws: FileError(.createFolder, path: missing, code: ENOENT)) {
            try StagingFolder(in: missing, stem: "frames")
        }
        let staging = try StagingFolder(in: folder.path, stem: "frames")
        // A name that is a folder inside the staging folder cannot be written.
        try FileManager.default.createDirectory(atPath: staging.path + "/sub", withIntermediateDirectories: false)
        let message = thrownMessage(FileError.self) { try staging.write([1], named: "sub/x/y.png") }
        #expect(message?.contains("'\(folder.path)/sub/x/y.png'") == true, "\(message ?? "")")
        try FileManager.default.removeItem(atPath: staging.path + "/sub")
        // Something other than a regular file under a name is refused at once, not at the commit.
        try FileManager.default.createDirectory(atPath: folder.url("a.png"), withIntermediateDirectories: false)
        #expect(throws: FileError(.notRegularFile, path: folder.path + "/a.png", code: 0)) {
            try staging.write([1], named: "a.png")
        }
    }

    @Test func aReplacedFileKeepsItsMode() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.png", "old")
        #expect(chmod(folder.url("a.png"), 0o640) == 0)
        let staging = try StagingFolder(in: folder.path, stem: "frames")
        try staging.write([1, 2], named: "a.png")
        try staging.commit()
        var info = stat()
        #expect(stat(folder.url("a.png"), &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(folder.bytes("a.png") == [1, 2])
    }

    /// When a move fails, the files already moved are put back: the folder is as it was.
    @Test func aFailedCommitPutsTheOldFilesBack() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.png", "old a")
        let staging = try StagingFolder(in: folder.path, stem: "frames")
        try staging.write(Array("new a".utf8), named: "a.png")
        try staging.write(Array("new b".utf8), named: "b.png")
        try staging.write(Array("new c".utf8), named: "c.png")
        // c's name becomes a folder after it was staged: its move fails.
        try FileManager.default.createDirectory(atPath: folder.url("c.png/inside"), withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try staging.commit() }
        #expect(folder.bytes("a.png") == Array("old a".utf8))
        #expect(!folder.exists("b.png"))
        #expect(try listing(folder) == ["a.png", "c.png"])
    }

    /// Hidden folders of processes that have gone are removed; a running process's stays.
    @Test func abandonedFoldersOfGoneProcessesAreRemoved() throws {
        let folder = try TemporaryFolder()
        // The highest pid Linux hands out (pid_max's ceiling): no process has it here.
        let gone: Int32 = 4_194_304
        #expect(kill(gone, 0) != 0 && errno == ESRCH)
        try folder.write(".frames.tmp-\(gone)-1f/frame_0001.png", "left by a killed run")
        try folder.write(".frames.tmp-\(getppid())-2e/frame_0001.png", "a running run's")
        try folder.write(".frames.tmp-x-3d/frame_0001.png", "not a pid")
        try folder.write(".other.tmp-\(gone)-4c/frame_0001.png", "another stem")
        StagingFolder.removeAbandoned(in: folder.path, stem: "frames")
        #expect(
            try listing(folder) == [".frames.tmp-\(getppid())-2e", ".frames.tmp-x-3d", ".other.tmp-\(gone)-4c"])
    }
}
