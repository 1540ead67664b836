import CollectionPreviewTesting
import XCTest

/// `assertImageSnapshot` under XCTest: the same references, the same layout of files.
final class AssertImageSnapshotXCTests: XCTestCase {
    func testSwatchGridMatchesItsReference() throws {
        let outcome = assertImageSnapshot(of: SwatchGrid.make(), renderer: try SwatchGrid.renderer(), record: .never)
        guard case .matched(let result) = outcome else {
            return XCTFail("expected a match, got \(outcome)")
        }
        XCTAssertTrue(result.identical)
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/AssertImageSnapshotXCTests/testSwatchGridMatchesItsReference.1.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: reference.path))
    }
}
