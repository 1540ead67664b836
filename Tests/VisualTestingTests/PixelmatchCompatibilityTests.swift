import Foundation
import PNG
import Testing
import VisualTesting

/// The counts of different pixels equal pixelmatch 7.1's on the same images (Fixtures/pixelmatch).
struct PixelmatchCompatibilityTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pixelmatch")

    struct Expectation: Decodable, Sendable, CustomTestStringConvertible {
        var name = ""
        var threshold: Double
        var includeAA: Bool
        var differentPixels: Int
        var testDescription: String { "\(name) threshold \(threshold)\(includeAA ? " includeAA" : "")" }
        enum CodingKeys: String, CodingKey { case threshold, includeAA, differentPixels }
    }

    static let expectations: [Expectation] = {
        let url = folder.appendingPathComponent("counts.json")
        guard let data = try? Data(contentsOf: url),
            let byName = try? JSONDecoder().decode([String: [Expectation]].self, from: data)
        else { return [] }
        return byName.keys.sorted().flatMap { name in
            byName[name]!.map {
                var e = $0; e.name = name; return e
            }
        }
    }()

    @Test func theFixturesCoverEveryColourType() throws {
        #expect(Self.expectations.count == 110)
        // Palette (with and without tRNS), grey, RGB and RGBA files: colour types 3, 0, 2 and 6.
        var types = Set<UInt8>()
        for name in Set(Self.expectations.map(\.name)) {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("\(name)-a.png")))
            types.insert(bytes[25])
        }
        #expect(types == [0, 2, 3, 6])
    }

    @Test(arguments: expectations)
    func countsEqualPixelmatch(_ expectation: Expectation) throws {
        let a = try PNGDecoder.readStraight(
            contentsOf: Self.folder.appendingPathComponent("\(expectation.name)-a.png").path)
        let b = try PNGDecoder.readStraight(
            contentsOf: Self.folder.appendingPathComponent("\(expectation.name)-b.png").path)
        let result = ImageComparator.compare(
            expected: a, actual: b,
            options: ComparisonOptions(
                metric: .yiq(threshold: expectation.threshold), includeAntiAliasing: expectation.includeAA))
        #expect(result.differentPixels == expectation.differentPixels)
    }
}
