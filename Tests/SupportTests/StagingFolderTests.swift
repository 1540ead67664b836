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
        #expect(throws: FileError(.createTemporary, path: missing + "/", code: ENOENT)) {
            try StagingFolder(in: missing, stem: "frames")
        }
        let staging = try StagingFolder(in: folder.path, stem: "frames")
        // A name that is a folder inside the staging folder cannot be written.
        try FileManager.default.createDirectory(atPath: staging.path + "/sub", withIntermediateDirectories: false)
        let message = thrownMessage(FileError.self) { try staging.write([1], named: "sub/x/y.png") }
        #expect(message?.contains("'\(folder.path)/sub/x/y.png'") == true, "\(message ?? "")")
        try FileManager.default.removeItem(atPath: staging.path + "/sub")
    }
}
