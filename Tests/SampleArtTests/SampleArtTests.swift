import Foundation
import PNG
import SampleArt
import Testing

/// What `collection-preview assets` draws is what the repository ships in `Assets/Images/`.
@Suite struct SampleArtTests {
    /// The repository's Assets/Images folder.
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Images")

    @Test(arguments: AnimalArt.allCases)
    func drawingEqualsTheCommittedPicture(_ art: AnimalArt) throws {
        let committed = try PNGDecoder.read(contentsOf: Self.images.appendingPathComponent("\(art.rawValue).png").path)
        #expect(committed.width == 128 && committed.height == 128)
        #expect(try art.image(size: 128) == committed)
    }

    @Test func everyCommittedPictureIsDrawn() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.images.path)
            .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
        #expect(names == AnimalArt.allCases.map(\.rawValue).sorted())
    }
}
