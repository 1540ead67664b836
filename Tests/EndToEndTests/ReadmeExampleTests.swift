import Foundation
import Raster
import Scene
import Testing

/// Every JSON example in the README is a scene that decodes and renders, so the examples a new
/// user pastes first stay true.
@Suite struct ReadmeExampleTests {
    /// The bodies of the README's ```json blocks, in order.
    static let jsonBlocks: [String] = {
        let readme = BinaryLocator.repositoryRoot.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```json" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }()

    @Test func theReadmeHasJSONExamples() {
        #expect(Self.jsonBlocks.count >= 2)
    }

    @Test(arguments: Self.jsonBlocks.indices)
    func exampleDecodesAndRenders(_ index: Int) throws {
        let json = Self.jsonBlocks[index]
        let scene = try Scene(json: json)
        let image = try SceneRenderer().render(scene)
        #expect(image.width == Int((scene.canvas.width * scene.canvas.scale).rounded(.up)))
        // Something is drawn besides the background.
        let first = image[0, 0]
        #expect((0..<image.height).contains { y in (0..<image.width).contains { image[$0, y] != first } })
    }
}
