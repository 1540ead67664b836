import Foundation
import PNG
import TestSupport
import Testing

/// `collection-preview compact`: PNG files rewritten smaller, pixels unchanged, nothing lost.
@Suite struct CompactCommandTests {
    /// Renders two samples into `baselines/` (one nested) as `render` writes them: fast, not small.
    static func makeBaselines(in folder: TemporaryFolder) throws -> [String: [UInt8]] {
        let samples = BinaryLocator.repositoryRoot.appendingPathComponent("Samples").path
        var written: [String: [UInt8]] = [:]
        for (sample, name) in [("selection", "baselines/selection.png"), ("waterfall", "baselines/more/waterfall.png")]
        {
            try FileManager.default.createDirectory(
                atPath: folder.url((name as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
            let render = try CommandRun.run(["render", "\(samples)/\(sample).json", "-o", name], in: folder.path)
            #expect(render.status == 0, "\(render.standardError)")
            let bytes: [UInt8] = try #require(folder.bytes(name))
            written[name] = bytes
        }
        return written
    }

    @Test func filesShrinkWithTheirPixelsKept() throws {
        let folder = try TemporaryFolder()
        let rendered = try Self.makeBaselines(in: folder)

        // A dry run reports and writes nothing.
        let dry = try CommandRun.run(["compact", "baselines", "--dry-run"], in: folder.path)
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardError.contains("would shrink 2 of 2 PNG file(s): "))
        #expect(
            String(decoding: dry.standardOutput, as: UTF8.self).contains("would compact baselines/more/waterfall.png: ")
        )
        for (name, bytes) in rendered { #expect(folder.bytes(name) == bytes, "\(name)") }

        let run = try CommandRun.run(["compact", "baselines"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("shrank 2 of 2 PNG file(s): "))
        for (name, bytes) in rendered {
            let compacted = folder.bytes(name)
            #expect(PNGFiles.isStoredForm(compacted, of: bytes) && compacted != bytes, "\(name)")
            // Compacted files carry their pixels' digest, as recorded baselines do, and keep it
            // when compacted again (below): a file 29 bytes shorter without it is no gain.
            let png = try #require(compacted)
            #expect(PNGPixelDigest.stored(in: png) == PNGPixelDigest(try PNGDecoder.decodeStillStraight(png)))
        }
        #expect(folder.files(under: "baselines").sorted() == ["more/waterfall.png", "selection.png"])

        // Compacted files stay as they are; a file named directly is taken whatever its name.
        let again = try CommandRun.run(["compact", "baselines", "-q"], in: folder.path)
        #expect(again.status == 0 && again.standardError.contains("shrank 0 of 2 PNG file(s)"))
        #expect(again.standardOutput.isEmpty)
        try FileManager.default.copyItem(atPath: folder.url("baselines/selection.png"), toPath: folder.url("picture"))
        let named = try CommandRun.run(["compact", "picture"], in: folder.path)
        #expect(named.status == 0 && named.standardError.contains("shrank 0 of 1 PNG file(s)"))
    }

    @Test func badFilesAreReportedAndTheRestStillCompacted() throws {
        let folder = try TemporaryFolder()
        let rendered = try Self.makeBaselines(in: folder)
        _ = try folder.write("baselines/broken.png", "not a png")
        _ = try folder.write("baselines/.hidden/skip.png", "hidden: never read")
        let run = try CommandRun.run(["compact", "baselines"], in: folder.path)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("error: baselines/broken.png: "))
        #expect(run.standardError.contains("shrank 2 of 2 PNG file(s)"))
        #expect(run.errorLines.last == "error: 1 file(s) not readable PNGs")
        #expect(folder.bytes("baselines/broken.png") == Array("not a png".utf8))
        for (name, bytes) in rendered { #expect(PNGFiles.isStoredForm(folder.bytes(name), of: bytes), "\(name)") }

        let missing = try CommandRun.run(["compact", "nowhere"], in: folder.path)
        #expect(
            missing.status == 66
                && missing.errorLines == ["error: nowhere: no such file"])
        let usage = try CommandRun.run(["compact"], in: folder.path)
        #expect(usage.status == 64)
    }

    /// An animated PNG and a 16-bit one keep their bytes, each with a line saying why, a symbolic
    /// link stays a link to the rewritten file, a file reached twice (through a link and in its
    /// folder) is counted and compacted once, in a dry run too, and a folder named like a PNG is
    /// not taken for one.
    @Test func animationsLinksAndFoldersAreLeftAsTheyAre() throws {
        let folder = try TemporaryFolder()
        let rendered = try Self.makeBaselines(in: folder)
        let sample = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animation-tap.json").path
        let animate = try CommandRun.run(["animate", sample, "--apng", "baselines/tap.png"], in: folder.path)
        #expect(animate.status == 0, "\(animate.standardError)")
        let apng: [UInt8] = try #require(folder.bytes("baselines/tap.png"))
        try FileManager.default.createDirectory(
            atPath: folder.url("baselines/folder.png"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url("link.png"), withDestinationPath: "baselines/selection.png")
        let fixture = BinaryLocator.repositoryRoot.appendingPathComponent("Tests/PNGTests/Fixtures/rgb16.png").path
        try FileManager.default.copyItem(atPath: fixture, toPath: folder.url("baselines/deep.png"))
        let deep: [UInt8] = try #require(folder.bytes("baselines/deep.png"))

        let dry = try CommandRun.run(["compact", "link.png", "baselines", "--dry-run"], in: folder.path)
        #expect(dry.standardError.contains("would shrink 2 of 4 PNG file(s)"), "\(dry.standardError)")
        let run = try CommandRun.run(["compact", "link.png", "baselines"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("shrank 2 of 4 PNG file(s)"), "\(run.standardError)")
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        #expect(output.contains("compacted link.png: ") && !output.contains("baselines/selection.png"), "\(output)")
        #expect(output.contains("kept baselines/tap.png: it has an animated PNG (acTL), which re-encoding would drop"))
        #expect(output.contains("kept baselines/deep.png: it has 16-bit samples, which compact leaves as they are"))
        #expect(folder.bytes("baselines/tap.png") == apng && folder.bytes("baselines/deep.png") == deep)
        // The link was followed: still a link, to the compacted file.
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.url("link.png"))
        #expect(link == "baselines/selection.png")
        let original: [UInt8] = try #require(rendered["baselines/selection.png"])
        let selection = folder.bytes("baselines/selection.png")
        #expect(PNGFiles.isStoredForm(selection, of: original) && selection != original)
    }
}
