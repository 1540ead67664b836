import Animation
import Foundation
import PNG
import Raster
import Scene
import TestSupport
import Testing

/// Every animated sample: its contact sheet is compared byte for byte with the reference in
/// `__Snapshots__` (so every frame on it is pinned down), and its last frame equals `render` of
/// the final state.
@Suite struct AnimationSampleTests {
    static var samples: [String] {
        let folder = BinaryLocator.repositoryRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("animation-") && $0.hasSuffix(".json") }.sorted()
            .map { String($0.dropLast(5)) }
    }

    @Test func thereAreAnimatedSamples() { #expect(Self.samples.count >= 3) }

    @Test(arguments: samples)
    func contactSheetMatchesReference(_ name: String) throws {
        let path = BinaryLocator.repositoryRoot.appendingPathComponent("Samples/\(name).json").path
        let player = try SceneAnimationPlayer(scene: try Scene.load(path: path))
        let sceneRenderer = try SceneRenderer()
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: sceneRenderer)
        let size = player.pixelSize()
        let sheet = try ContactSheet(
            frameWidth: size.width, frameHeight: size.height, frameCount: player.frameCount,
            font: sceneRenderer.resources.font)
        var last: Raster.Image?
        for index in 0..<player.frameCount {
            let frame = player.frame(index)
            let image = try renderer.render(frame)
            sheet.add(image, frame: index, time: frame.time)
            last = image
        }
        #expect(last == (try sceneRenderer.render(player.finalScene)))
        GoldenImage.assertMatches(sheet.image, named: "\(name).contact-sheet")
    }
}
