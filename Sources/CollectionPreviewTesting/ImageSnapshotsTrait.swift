import Testing
import VisualTesting

/// A Swift Testing trait for a test or a suite that runs snapshot assertions: each test it
/// covers numbers its unnamed assertions from 1 every time it runs, and `record`, if given, is
/// the record mode of the assertions that pass no `record:` of their own.
///
/// Without it, an XCTest test's numbering starts again when the test ends, but a Swift Testing
/// test run again in the same process (the test binary's `--repetitions 3`, Xcode's "Run repeatedly")
/// numbers on: its second run compares against references `.2`, `.3` that do not exist, and
/// records them. swift-snapshot-testing has the same trait for the same reason (`.snapshots`):
///
/// ```swift
/// @Suite(.imageSnapshots) struct GridTests { … }
/// @Test(.imageSnapshots(record: .failed)) func grid() throws { … }  // re-recording this one
/// ```
///
/// The record mode is chosen as `record:` at the assertion, else the innermost trait's, else
/// `$COLLECTION_PREVIEW_RECORD`, else `$SNAPSHOT_TESTING_RECORD`, else `.missing`.
///
/// The trait works from Swift 6.1, where Swift Testing made `TestScoping` public; built with
/// Swift 6.0 it compiles but changes nothing.
public struct ImageSnapshotsTrait: SuiteTrait, TestTrait {
    /// Whether the trait applies to every test in a suite it is given to: it does.
    public var isRecursive: Bool { true }
    /// The record mode of the assertions under the trait that pass no `record:`; nil keeps the
    /// enclosing trait's, else the environment's.
    public var record: RecordMode?

    /// A trait that gives the covered tests `record` as their record mode, or keeps the one they
    /// would have (nil).
    public init(record: RecordMode? = nil) {
        self.record = record
    }
}

extension Trait where Self == ImageSnapshotsTrait {
    /// Snapshot assertions numbered from 1 on every run of each test it covers.
    public static var imageSnapshots: Self { ImageSnapshotsTrait() }

    /// Snapshot assertions numbered from 1 on every run of each test it covers, in record mode
    /// `record` unless an assertion passes its own.
    public static func imageSnapshots(record: RecordMode? = nil) -> Self { ImageSnapshotsTrait(record: record) }
}

#if compiler(>=6.1)  // `TestScoping` is public from Swift 6.1 (ST-0007)
    extension ImageSnapshotsTrait: TestScoping {
        /// Runs `function` with counters of its own and the trait's record mode.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: () async throws -> Void
        ) async throws {
            let scope = SnapshotScope(record: record ?? SnapshotScope.current?.record)
            try await SnapshotScope.$current.withValue(scope) { try await function() }
        }
    }
#endif

/// What an `ImageSnapshotsTrait` gives the assertions run under it: counters of their own (which
/// end with the test's run) and a record mode.
final class SnapshotScope: Sendable {
    /// The scope of the running test, if a trait gave it one.
    @TaskLocal static var current: SnapshotScope?

    /// The record mode for assertions that pass no `record:`; nil leaves it to the environment.
    let record: RecordMode?
    /// The counters of unnamed assertions, by test.
    let counters = LockedTable<Int>()

    init(record: RecordMode?) {
        self.record = record
    }
}
