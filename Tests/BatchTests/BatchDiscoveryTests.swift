import Foundation
import TestSupport
import Testing

@testable import Batch

@Suite struct BatchDiscoveryTests {
    @Test func findsJSONFilesInNestedFoldersSortedByPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/b.json", "{}")
        try folder.write("in/a.json", "{}")
        try folder.write("in/z/deep/c.json", "{}")
        try folder.write("in/m/a.json", "{}")
        try folder.write("in/notes.txt", "not a scene")
        try folder.write("in/image.png", "")
        try folder.write("in/upper.JSON", "{}")  // only lowercase .json counts in folders
        try folder.write("in/.hidden.json", "{}")
        try folder.write("in/.git/config.json", "{}")
        let scenes = try SceneDiscovery.discover([folder.url("in")])
        #expect(scenes.map(\.outputPath) == ["a.png", "b.png", "m/a.png", "z/deep/c.png"])
        #expect(
            scenes.map(\.sourcePath)
                == ["a.json", "b.json", "m/a.json", "z/deep/c.json"].map { folder.url("in/" + $0) })
    }

    /// A scene file whose name is not UTF-8 cannot be opened through Foundation's strings: it is
    /// an error naming it, not a scene silently left out.
    @Test func aSceneNameThatIsNotUTF8IsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", "{}")
        /// Makes (or removes) the file `in/bad` + two bytes that are not UTF-8 + `suffix`.
        func undecodable(_ suffix: String, remove: Bool = false) -> Int32 {
            let raw = Array(folder.url("in/bad").utf8) + [0xFF, 0xFE] + Array(suffix.utf8) + [0]
            return raw.withUnsafeBufferPointer { path in
                path.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { name in
                    remove ? unlink(name) : open(name, O_CREAT | O_WRONLY, 0o644)
                }
            }
        }
        let fd = undecodable(".json")
        #expect(fd >= 0)
        close(fd)
        #expect(throws: BatchError.undecodableName(path: folder.url("in/bad\u{FFFD}\u{FFFD}.json"))) {
            try SceneDiscovery.discover([folder.url("in")])
        }
        // Such a name that is not a scene's is left alone, as any other file is.
        #expect(undecodable(".json", remove: true) == 0)
        let other = undecodable(".txt")
        #expect(other >= 0)
        close(other)
        #expect(try SceneDiscovery.discover([folder.url("in")]).map(\.outputPath) == ["a.png"])
    }

    @Test func sortsByUTF8BytesAcrossArguments() throws {
        let folder = try TemporaryFolder()
        // Byte order: "B" (0x42) < "a" (0x61) < "é" (0xC3 0xA9); argument order does not matter.
        try folder.write("x/é.json", "{}")
        try folder.write("x/a.json", "{}")
        try folder.write("x/B.json", "{}")
        let scenes = try SceneDiscovery.discover([
            folder.url("x/é.json"), folder.url("x/a.json"), folder.url("x/B.json"),
        ])
        #expect(scenes.map(\.outputPath) == ["B.png", "a.png", "é.png"])
    }

    @Test func aFileArgumentIsNamedByItsFileName() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("deep/inside/card.json", "{}")
        let b = try folder.write("notes.txt", "{}")
        let scenes = try SceneDiscovery.discover([a, b])
        #expect(
            scenes == [
                BatchScene(sourcePath: a, outputPath: "card.png"),
                BatchScene(sourcePath: b, outputPath: "notes.txt.png"),
            ])
    }

    @Test func outputNames() {
        #expect(SceneDiscovery.outputName(forFile: "a.json") == "a.png")
        #expect(SceneDiscovery.outputName(forFile: "dir/a.b.json") == "dir/a.b.png")
        #expect(SceneDiscovery.outputName(forFile: "a.txt") == "a.txt.png")
        #expect(SceneDiscovery.outputName(forFile: "a.json.bak") == "a.json.bak.png")
    }

    @Test func aFolderArgumentWithATrailingSlashGivesCleanPaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", "{}")
        let scenes = try SceneDiscovery.discover([folder.url("in/")])
        #expect(scenes == [BatchScene(sourcePath: folder.url("in/a.json"), outputPath: "a.png")])
    }

    @Test func theSameFileTwiceIsRenderedOnce() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("in/a.json", "{}")
        let scenes = try SceneDiscovery.discover([folder.url("in"), a, folder.url("in/../in/a.json")])
        #expect(scenes.count == 1)
        #expect(scenes.first?.outputPath == "a.png")
    }

    @Test func twoFilesWritingTheSameOutputAreRejected() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write("one/card.json", "{}")
        let b = try folder.write("two/card.json", "{}")
        #expect(throws: BatchError.outputCollision(output: "card.png", first: a, second: b)) {
            try SceneDiscovery.discover([b, a])
        }
        let message = BatchError.outputCollision(output: "card.png", first: "one/card.json", second: "two/card.json")
            .description
        #expect(
            message
                == "one/card.json and two/card.json would both be written to card.png; pass one folder that holds both (names are then paths inside it), or rename one"
        )
        // Their common parent folder keeps them apart.
        let scenes = try SceneDiscovery.discover([folder.path])
        #expect(scenes.map(\.outputPath) == ["one/card.png", "two/card.png"])
    }

    @Test func theOutputFolderIsNotSearched() throws {
        let folder = try TemporaryFolder()
        try folder.write("work/a.json", "{}")
        try folder.write("work/out/manifest.json", "{}")
        try folder.write("work/out/a.json", "{}")
        let scenes = try SceneDiscovery.discover([folder.url("work")], excluding: folder.url("work/out"))
        #expect(scenes.map(\.outputPath) == ["a.png"])
        // Given by another spelling of the same folder, it is still recognised.
        let again = try SceneDiscovery.discover([folder.url("work")], excluding: folder.url("work/./out/"))
        #expect(again.map(\.outputPath) == ["a.png"])
        // Nor are an earlier test run's results in another report folder (one with a junit.xml),
        // or manifests; a scene called results.json elsewhere is a scene.
        for name in [
            "old/results.json", "old/results-2-of-3.json", "old/junit.xml", "old/manifest-1-of-2.json",
            "results-x.json",
            "screens/results.json",
        ] {
            try folder.write("work/" + name, "{}")
        }
        let reports = try SceneDiscovery.discover([folder.url("work")], excluding: folder.url("work/out"))
        #expect(reports.map(\.outputPath) == ["a.png", "results-x.png", "screens/results.png"])
    }

    @Test func symbolicLinksToFoldersAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", "{}")
        try folder.write("elsewhere/b.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder.url("in/loop"), withDestinationPath: folder.url("in"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("in/link.json"), withDestinationPath: folder.url("elsewhere/b.json"))
        let scenes = try SceneDiscovery.discover([folder.url("in")])
        #expect(scenes.map(\.outputPath) == ["a.png", "link.png"])
        // A link named as a scene whose file is gone is found, to be reported when it is read;
        // a dangling link with another name is not a scene.
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("in/gone.json"), withDestinationPath: folder.url("elsewhere/gone.json"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("in/gone.txt"), withDestinationPath: folder.url("elsewhere/gone.txt"))
        let withDangling = try SceneDiscovery.discover([folder.url("in")])
        #expect(withDangling.map(\.outputPath) == ["a.png", "gone.png", "link.png"])
    }

    @Test func missingPathsAndEmptyFoldersAreErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("empty/readme.txt", "")
        #expect(throws: BatchError.noSuchPath(folder.url("nope"))) {
            try SceneDiscovery.discover([folder.url("empty"), folder.url("nope")])
        }
        #expect(throws: BatchError.noScenes(paths: [folder.url("empty")])) {
            try SceneDiscovery.discover([folder.url("empty")])
        }
        #expect(BatchError.noSuchPath("x/y").description == "x/y: no such file or directory")
        #expect(BatchError.noScenes(paths: ["a", "b"]).description == "no scene files (*.json) found in a, b")
    }
}
