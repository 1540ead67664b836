import Foundation
import Raster
import Scene
import TestSupport
import Testing

/// Every scene in Samples/ renders to exactly its reference image in `__Snapshots__/`.
@Suite struct SampleGoldenTests {
    static var samplesFolder: URL { BinaryLocator.repositoryRoot.appendingPathComponent("Samples") }

    static var sampleNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static let renderer = try! SceneRenderer()

    @Test func thereAreSamples() {
        #expect(SampleGoldenTests.sampleNames.count >= 10)
    }

    @Test(arguments: SampleGoldenTests.sampleNames)
    func sampleMatchesReference(_ name: String) throws {
        let path = SampleGoldenTests.samplesFolder.appendingPathComponent("\(name).json").path
        let image = try SampleGoldenTests.renderer.render(file: path)
        GoldenImage.assertMatches(image, named: name)
    }

    @Test func renderingIsDeterministicAcrossThreads() async throws {
        let path = SampleGoldenTests.samplesFolder.appendingPathComponent("animal-cells.json").path
        let first = try SampleGoldenTests.renderer.render(file: path)
        let others = try await withThrowingTaskGroup(of: Image.self) { group in
            for _ in 0..<4 { group.addTask { try SampleGoldenTests.renderer.render(file: path) } }
            var images: [Image] = []
            for try await image in group { images.append(image) }
            return images
        }
        for image in others { #expect(image == first) }
    }
}
