import Foundation
import XCTest

/// Starts the numbering of an XCTest test's unnamed assertions from 1 again when the test ends,
/// as swift-snapshot-testing does: a test run again in the same process (Xcode's "Run
/// repeatedly", `xcodebuild -test-iterations`) compares with the same references instead of
/// numbering on into new ones. Swift Testing keys are left alone: their tests may be running.
final class XCTestCounterReset: NSObject, XCTestObservation {
    /// Registers the observer, once, on first use from an XCTest test.
    static let registration: Void = {
        XCTestObservationCenter.shared.addTestObserver(XCTestCounterReset())
    }()

    func testCaseDidFinish(_ testCase: XCTestCase) {
        ImageSnapshot.resetCounters { $0.hasSuffix(SnapshotAssertion.xcTestKeySuffix) }
    }
}
