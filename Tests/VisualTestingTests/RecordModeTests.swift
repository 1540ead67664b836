import PNG
import Testing
import VisualTesting

/// The record modes, as swift-snapshot-testing defines them, for missing, matching, almost
/// matching and different references.
struct RecordModeTests {
    static func result(expected: [UInt8], actual: [UInt8]) throws -> ImageComparisonResult {
        ImageComparator.compare(
            expected: try StraightRGBAImage(width: 1, height: 1, pixels: expected),
            actual: try StraightRGBAImage(width: 1, height: 1, pixels: actual))
    }

    @Test func verdicts() throws {
        let same = try Self.result(expected: [1, 2, 3, 255], actual: [1, 2, 3, 255])
        let close = try Self.result(expected: [1, 2, 3, 255], actual: [2, 2, 3, 255])  // within threshold 0.1
        let different = try Self.result(expected: [255, 255, 255, 255], actual: [0, 0, 0, 255])
        let table: [(RecordMode, [RecordVerdict])] = [
            (.never, [.missing, .matched, .matched, .mismatch]),
            (.missing, [.recordMissing, .matched, .matched, .mismatch]),
            (.failed, [.recordMissing, .matched, .matched, .rerecord]),
            (.all, [.recordMissing, .matched, .rerecord, .rerecord]),
        ]
        for (mode, expected) in table {
            #expect([nil, same, close, different].map { mode.verdict(for: $0) } == expected, "\(mode)")
        }
    }

    @Test func theModeComesFromTheOptionThenTheEnvironment() throws {
        let variable = RecordMode.environmentVariable
        #expect(try RecordMode.resolve(option: nil, environment: [:]) == .missing)
        #expect(try RecordMode.resolve(option: nil, environment: [variable: "never"]) == .never)
        #expect(try RecordMode.resolve(option: "all", environment: [variable: "never"]) == .all)
        #expect(throws: RecordModeError.self) { try RecordMode.resolve(option: "yes", environment: [:]) }
        let error = try #require(throws: RecordModeError.self) {
            try RecordMode.resolve(option: nil, environment: [variable: "x"])
        }
        #expect(error.description == "\(variable) must be one of all, missing, failed, never; got \"x\"")
    }
}
