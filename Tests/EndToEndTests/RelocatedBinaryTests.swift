import Foundation
import PNG
import TestSupport
import Testing

/// A built binary copied elsewhere together with its resource bundle still finds its fonts and
/// images, and finds them in the copied bundle.
@Suite struct RelocatedBinaryTests {
    static let bundleName = "CollectionPreview_BundledAssets.resources"

    @Test func aCopiedBinaryUsesTheResourceBundleBesideIt() throws {
        let built = try #require(BinaryLocator.collectionPreview)
        let folder = try TemporaryFolder()
        let bin = folder.path + "/elsewhere/bin"
        let files = FileManager.default
        try files.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try files.copyItem(atPath: built, toPath: bin + "/collection-preview")
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/collection-preview")
        let builtBundle = URL(fileURLWithPath: built).deletingLastPathComponent().appendingPathComponent(
            Self.bundleName)
        try files.copyItem(atPath: builtBundle.path, toPath: bin + "/" + Self.bundleName)

        // The animal-cells sample needs both the font (its header) and the bundled pictures.
        let scene = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/animal-cells.json").path
        let golden = BinaryLocator.repositoryRoot
            .appendingPathComponent("Tests/EndToEndTests/__Snapshots__/animal-cells.png").path
        let noOverride = ["COLLECTION_PREVIEW_ASSETS": ""]
        let run = try CommandRun.run(
            ["render", scene, "-o", "out.png"], in: folder.path, environment: noOverride,
            binary: bin + "/collection-preview")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try PNGDecoder.read(contentsOf: folder.path + "/out.png") == PNGDecoder.read(contentsOf: golden))

        // Swap the copied bundle's regular font for the bold one: the reorder sample's numbers are
        // then drawn bold, which shows the binary read the bundle beside it, not the build folder's.
        let numbered = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/reorder.json").path
        let before = try CommandRun.run(
            ["render", numbered, "-o", "before.png"], in: folder.path, environment: noOverride,
            binary: bin + "/collection-preview")
        let fonts = bin + "/" + Self.bundleName + "/Fonts"
        try files.removeItem(atPath: fonts + "/DejaVuSans.ttf")
        try files.copyItem(atPath: fonts + "/DejaVuSans-Bold.ttf", toPath: fonts + "/DejaVuSans.ttf")
        let after = try CommandRun.run(
            ["render", numbered, "-o", "after.png"], in: folder.path, environment: noOverride,
            binary: bin + "/collection-preview")
        #expect(before.status == 0 && after.status == 0, "\(before.standardError)\(after.standardError)")
        #expect(
            try PNGDecoder.read(contentsOf: folder.path + "/before.png")
                != PNGDecoder.read(contentsOf: folder.path + "/after.png"))
    }

    @Test func aBinaryCopiedWithoutItsBundleFailsCleanlyOrUsesTheSystemFont() throws {
        let built = try #require(BinaryLocator.collectionPreview)
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: built, toPath: folder.url("collection-preview"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.url("collection-preview"))
        try folder.write("scene.json", TestScenes.valid())
        let run = try CommandRun.run(
            ["render", "scene.json", "-o", "out.png"], in: folder.path, environment: ["COLLECTION_PREVIEW_ASSETS": ""],
            binary: folder.url("collection-preview"))
        // No trap: either the system's DejaVu copy was found, or one clear line says what is missing.
        if run.status == 0 {
            #expect(folder.bytes("out.png") != nil)
        } else {
            #expect(run.status == 66)
            #expect(run.errorLines.count == 1 && run.errorLines[0].contains(Self.bundleName))
        }
    }
}
