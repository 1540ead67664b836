import XCTest

@testable import CollectionPreviewTesting

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

    /// When a test ends its numbering starts again, so that the test run a second time in the
    /// process (Xcode's "Run repeatedly") compares with reference 1 again, not a new reference 2.
    func testTheNumberingStartsAgainWhenATestEnds() throws {
        let testName = "testSwatchGridMatchesItsReference()"
        let first = assertImageSnapshot(
            of: SwatchGrid.make(), renderer: try SwatchGrid.renderer(), record: .never, testName: testName)
        guard case .matched = first else { return XCTFail("expected a match, got \(first)") }
        XCTestCounterReset().testCaseDidFinish(self)  // as XCTest calls it at the end of the test
        let again = assertImageSnapshot(
            of: SwatchGrid.make(), renderer: try SwatchGrid.renderer(), record: .never, testName: testName)
        guard case .matched = again else { return XCTFail("expected reference 1 again, got \(again)") }
        // Without the reset the next unnamed assertion is number 2, which has no reference.
        XCTAssertEqual(ImageSnapshot.nextCounter(for: SnapshotAssertion.counterKey(#filePath, testName)), 2)
    }
}
