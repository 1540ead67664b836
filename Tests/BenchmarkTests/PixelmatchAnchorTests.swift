import Benchmark
import Foundation
import PNG
import Testing

/// `bench --anchors` with the JSON `Tools/pixelmatch-anchors.mjs` prints, read strictly, and the
/// frames it times pixelmatch on (`bench --write-diff-frames`).
struct PixelmatchAnchorTests {
    func anchor(_ text: String) throws(AnchorsFileError) -> PixelmatchAnchor {
        try PixelmatchAnchor(json: Array(text.utf8))
    }

    @Test func theScriptsOutputGivesPixelmatchsMinimum() throws {
        let text = #"""
            {"library": "pixelmatch 7.1.0", "node": "v20.20.2", "frames": "1170x2532", "pixels": 28865,
             "diff_changed": {"min_ms": 17.05, "median_ms": 17.7}, "project": {"diff_changed_min_ms": 1.2}}
            """#
        let read = try anchor(text)
        #expect(read == PixelmatchAnchor(name: "pixelmatch 7.1.0 (same hour)", changedMilliseconds: 17.05))
        #expect(PixelmatchAnchor.isPixelmatchFile(Array(text.utf8)))
        // A `diff_changed` member makes a file pixelmatch's, whatever its value (refused below);
        // Blend2D's file is the other kind, and so is anything without one.
        #expect(PixelmatchAnchor.isPixelmatchFile(Array(#"{"diff_changed": null}"#.utf8)))
        for other in [#"{"S2": {"engine_min_ms": 4.3}}"#, #"[1]"#, #"{"diff": {}}"#, "not JSON", ""] {
            #expect(!PixelmatchAnchor.isPixelmatchFile(Array(other.utf8)), "\(other)")
        }
    }

    @Test(arguments: [
        (#"{"diff_changed": {"min_ms": 0}}"#, "diff_changed.min_ms: must be a number greater than 0"),
        (#"{"diff_changed": {"min_ms": "17"}}"#, "diff_changed.min_ms: must be a number greater than 0"),
        (#"{"diff_changed": {"median_ms": 17}}"#, "diff_changed.min_ms: is missing"),
        (#"{"diff_changed": 17}"#, "diff_changed: must be an object with min_ms"),
        (#"{"diff_changed": null}"#, "diff_changed: must be an object with min_ms"),
        (#"{"library": 7, "diff_changed": {"min_ms": 17}}"#, "library: must be a string"),
        (#"{"library": "pixelmatch"}"#, "diff_changed: is missing"),
        (
            #"{"diff_changed": {"#,
            "(root): is not valid JSON; give the output of Tools/blend2d-anchors.py or Tools/pixelmatch-anchors.mjs"
        ),
    ])
    func aBadFileIsRefusedWithItsPath(text: String, message: String) {
        #expect(throws: AnchorsFileError.self) { try anchor(text) }
        do {
            _ = try anchor(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theChangedDiffRowIsDividedByTheAnchorGiven() throws {
        let given = PixelmatchAnchor(name: "test pixelmatch", changedMilliseconds: 1000)
        let rows = try BenchmarkSuite.run(samples: 1, groups: [.diff], pixelmatch: given)
        let row = try #require(rows.first { $0.key == "diff_changed" })
        #expect(row.anchor == "test pixelmatch" && row.anchorMilliseconds == 1000)
        #expect(row.ratio == row.minimumMilliseconds / 1000)
        // Without one, the fixed figure.
        let fixed = try BenchmarkSuite.run(samples: 1, groups: [.diff]).first { $0.key == "diff_changed" }
        #expect(fixed?.anchor == "pixelmatch" && fixed?.anchorMilliseconds == 10.6)
    }

    @Test func theChangedFrameDiffersFromS1InItsInvertedBlockOnly() throws {
        let frames = try DiffFrames()
        let (expected, changed) = (frames.expected, frames.changed)
        #expect(expected.width == 1170 && expected.height == 2532)
        #expect(changed.width == expected.width && changed.height == expected.height)
        let block = DiffFrames.changedBlock
        var inverted = 0
        var elsewhere = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let k = (y * expected.width + x) * 4
                let inside = block.minY <= y && y < block.maxY && block.minX <= x && x < block.maxX
                if inside {
                    let colours = (0..<3).allSatisfy { changed.pixels[k + $0] == 255 - expected.pixels[k + $0] }
                    inverted += colours && changed.pixels[k + 3] == expected.pixels[k + 3] ? 1 : 0
                } else {
                    elsewhere += (0..<4).contains { changed.pixels[k + $0] != expected.pixels[k + $0] } ? 1 : 0
                }
            }
        }
        #expect(inverted == block.width * block.height && inverted == 29584)
        #expect(elsewhere == 0)
        // pixelmatch's defaults leave the block's anti-aliased edge pixels out of the count.
        #expect(frames.differentPixels > 0 && frames.differentPixels < inverted)
    }

    @Test func theFramesAreWrittenAsRawRGBAWithTheirDescription() throws {
        let folder = NSTemporaryDirectory() + "/diff-frames-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // What a killed earlier run left: its hidden staging folder, with a file in it.
        let abandoned = folder + "/.diff-frames.tmp-999999999-1f"
        try FileManager.default.createDirectory(atPath: abandoned, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: abandoned + "/expected.rgba", contents: Data([1, 2, 3])))
        let frames = try DiffFrames()
        try frames.write(into: folder)
        let names = DiffFrames.fileNames
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                names.changed, names.expected, names.summary,
            ])
        #expect(
            FileManager.default.contents(atPath: folder + "/" + names.expected).map(Array.init)
                == frames.expected.pixels)
        #expect(
            FileManager.default.contents(atPath: folder + "/" + names.changed).map(Array.init) == frames.changed.pixels)
        struct Description: Decodable, Equatable {
            var width, height: Int
            var expected, changed: String
            var changedBlockPixels, differentPixels: Int
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let description = try decoder.decode(
            Description.self, from: try #require(FileManager.default.contents(atPath: folder + "/" + names.summary))
        )
        #expect(
            description
                == Description(
                    width: 1170, height: 2532, expected: names.expected, changed: names.changed,
                    changedBlockPixels: 29584,
                    differentPixels: frames.differentPixels))
    }
}
