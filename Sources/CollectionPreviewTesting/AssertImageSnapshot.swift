import Foundation
import Geometry
import Layout
import Raster
import Rendering
import Scene
import Testing
import VisualTesting
import XCTest

/// Asserts that `image` matches its reference PNG beside the test, from Swift Testing or XCTest.
///
/// The reference is `__Snapshots__/<TestFile>/<test>.<n>.png` next to the test file (n counts
/// this test's unnamed assertions from 1; `named:` replaces it, and a parameterized test must
/// give one per case, since its cases run in no fixed order). A missing reference is written
/// and the test fails once, telling you to look at it; `record:` (else an `ImageSnapshotsTrait`'s,
/// else `$COLLECTION_PREVIEW_RECORD`, else swift-snapshot-testing's `$SNAPSHOT_TESTING_RECORD`,
/// else `.missing`) chooses when references are written, as in swift-snapshot-testing. A failure's
/// message carries the numbers (how many pixels, where, by how much, the options), the paths of
/// the expected, actual and diff images written to the artifacts folder (`$SNAPSHOT_ARTIFACTS`,
/// else `collection-preview-artifacts` in the temporary folder), and how to accept the change.
///
/// - Returns: The outcome, for tests that want the numbers.
@discardableResult
public func assertImageSnapshot(
    of image: Image, named name: String? = nil, record: RecordMode? = nil,
    options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> SnapshotOutcome {
    let assertion: SnapshotAssertion
    switch SnapshotAssertion.make(
        "assertImageSnapshot", named: name, record: record, filePath: filePath, testName: testName, line: line,
        column: column, fileID: fileID)
    {
    case .success(let made): assertion = made
    case .failure(let failure): return failure.outcome
    }
    let reference = assertion.reference + ".png"
    let mode = assertion.mode
    var artifacts: [ImageSnapshot.Artifact] = []
    let outcome = ImageSnapshot.verify(
        image, referencePath: reference, record: mode, options: options, artifactName: assertion.artifactName,
        artifacts: &artifacts)
    if let message = outcome.message {
        reportSnapshotFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
        attachUnderSwiftTesting(artifacts, filePath: filePath, line: line, column: column, fileID: fileID)
    }
    return outcome
}

/// Renders `collectionView` and asserts that it matches its reference (see `assertImageSnapshot(of:…)`).
@discardableResult
public func assertImageSnapshot(
    of collectionView: CollectionView, renderer: CollectionViewRenderer, named name: String? = nil,
    record: RecordMode? = nil, options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> SnapshotOutcome {
    do {
        return assertImageSnapshot(
            of: try renderer.render(collectionView), named: name, record: record, options: options,
            filePath: filePath, testName: testName, line: line, column: column, fileID: fileID)
    } catch {
        SnapshotAssertion.skipNumber(named: name, filePath: filePath, testName: testName)
        reportSnapshotFailure(
            "cannot render the collection view: \(error)", filePath: filePath, line: line, column: column,
            fileID: fileID)
        return .failed(message: "\(error)")
    }
}

/// Shows `controller` in a window of `size` (as `Window.rootViewController`; it appears, so it
/// reloads its data the first time and clears its selection unless told not to), renders its
/// collection view and asserts that it matches its reference (see `assertImageSnapshot(of:…)`):
/// the way swift-snapshot-testing snapshots a view controller on a device.
@discardableResult
public func assertImageSnapshot(
    of controller: CollectionViewController, size: Size, renderer: CollectionViewRenderer, named name: String? = nil,
    record: RecordMode? = nil, options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> SnapshotOutcome {
    Window(size: size, rootViewController: controller).makeKeyAndVisible()
    return assertImageSnapshot(
        of: controller.collectionView, renderer: renderer, named: name, record: record, options: options,
        filePath: filePath, testName: testName, line: line, column: column, fileID: fileID)
}

/// Renders the scene file at `scenePath` and asserts that it matches its reference.
@discardableResult
public func assertImageSnapshot(
    ofSceneFile scenePath: String, named name: String? = nil, record: RecordMode? = nil,
    options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> SnapshotOutcome {
    do {
        return assertImageSnapshot(
            of: try SceneRenderer().render(file: scenePath), named: name, record: record, options: options,
            filePath: filePath, testName: testName, line: line, column: column, fileID: fileID)
    } catch {
        SnapshotAssertion.skipNumber(named: name, filePath: filePath, testName: testName)
        let message = sceneFileFailure(error, path: scenePath)
        reportSnapshotFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
        return .failed(message: message)
    }
}

/// The failure message for a scene file that could not be used: the error, and for a relative
/// path that could not be read, the working directory it was read from (a test's working
/// directory is not its file's folder, which is where the references go).
func sceneFileFailure(_ error: any Error, path: String) -> String {
    guard case SceneFileError.unreadable = error, !path.hasPrefix("/") else { return "\(error)" }
    return "\(error) (a relative path is read from the working directory, \(FileManager.default.currentDirectoryPath))"
}

/// Where one assertion's reference goes and when it is written: the parts `assertImageSnapshot`
/// and `assertAnimationSnapshot` share.
struct SnapshotAssertion {
    /// The reference's path without `.png`: `__Snapshots__/<TestFile>/<test>.<n>`.
    var reference: String
    /// The artifacts' path below the artifacts folder: `<TestTarget>/<TestFile>/<test>.<n>`.
    var artifactName: String
    /// When references are written.
    var mode: RecordMode

    /// A failure already reported to the test framework.
    struct Failure: Error {
        var outcome: SnapshotOutcome
    }

    /// The key of a test's counter of unnamed assertions: its file and name, and under Swift
    /// Testing its identity (which tells apart tests of one name in two suites of a file).
    static func counterKey(_ filePath: StaticString, _ testName: String) -> String {
        guard let test = Test.current else {
            _ = XCTestCounterReset.registration
            return "\(filePath)|\(testName)" + xcTestKeySuffix
        }
        return "\(filePath)|\(testName)|\(test.id)"
    }

    /// The end of an XCTest test's counter key (a Swift Testing test's ends in its identity).
    static let xcTestKeySuffix = "|"

    /// swift-snapshot-testing's environment variable for its record mode, whose four values
    /// are the same as ours.
    static let snapshotTestingVariable = "SNAPSHOT_TESTING_RECORD"

    /// The record mode of an assertion given no `record:`: `$COLLECTION_PREVIEW_RECORD`, else
    /// `$SNAPSHOT_TESTING_RECORD` (so that a team using both libraries re-records with one
    /// variable), else `.missing`.
    ///
    /// - Throws: `RecordModeError` naming the variable whose value is not a mode.
    static func environmentMode(_ environment: [String: String]) throws(RecordModeError) -> RecordMode {
        if let ours = environment[RecordMode.environmentVariable], !ours.isEmpty {
            return try RecordMode.resolve(option: nil, environment: environment)
        }
        guard let value = environment[snapshotTestingVariable], !value.isEmpty else { return .missing }
        guard let mode = RecordMode(rawValue: value) else {
            throw RecordModeError(source: snapshotTestingVariable, value: value)
        }
        return mode
    }

    /// Takes the number an unnamed assertion that failed before it could compare (its render or
    /// scene threw) would have had, so that the test's later unnamed assertions keep theirs.
    static func skipNumber(named name: String?, filePath: StaticString, testName: String) {
        if name == nil { _ = ImageSnapshot.nextCounter(for: counterKey(filePath, testName)) }
    }

    /// The assertion's reference and record mode; a parameterized test without a name, or a bad
    /// `$COLLECTION_PREVIEW_RECORD`, is a failure reported at the caller.
    static func make(
        _ function: String, named name: String?, record: RecordMode?, filePath: StaticString, testName: String,
        line: UInt, column: UInt, fileID: StaticString
    ) -> Result<SnapshotAssertion, Failure> {
        func fail(_ message: String) -> Result<SnapshotAssertion, Failure> {
            reportSnapshotFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
            return .failure(Failure(outcome: .failed(message: message)))
        }
        let path = "\(filePath)"
        if name == nil, Test.Case.current?.isParameterized == true {
            // The cases of a parameterized test run in parallel in no fixed order, so counting their
            // unnamed assertions would give each case another case's reference from run to run.
            return fail("\(function) in a parameterized test needs a name per case, e.g. named: \"\\(argument)\"")
        }
        if let name, name.isEmpty || name.contains("/") {
            // The name becomes part of a file name beside the test: it may not leave its folder.
            return fail(
                "\(function) named: \(String(reflecting: name)) must be part of a file name: not empty, without \"/\""
            )
        }
        let mode: RecordMode
        do {
            mode = try record ?? SnapshotScope.current?.record ?? environmentMode(ProcessInfo.processInfo.environment)
        } catch {
            return fail("\(error)")
        }
        let suffix = name ?? String(ImageSnapshot.nextCounter(for: counterKey(filePath, testName)))
        let reference = String(
            ImageSnapshot.referencePath(filePath: path, testName: testName, name: suffix).dropLast(4))
        // Two Swift Testing tests of one name in one file (in two suites) would number their
        // unnamed assertions into the same references: refused, rather than letting them
        // overwrite each other. (A name given on purpose may share a reference.)
        if name == nil, let test = Test.current, let owner = ImageSnapshot.claim(reference, for: "\(test.id)"),
            owner != "\(test.id)"
        {
            return fail(
                "\(reference).png is the reference of another test too (\(owner)); give this assertion a name of its own (named: …)"
            )
        }
        let testFile = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        // The test target first (`#fileID` is `Module/File.swift`): two targets' files and tests
        // of the same names must not write over each other's images in the shared folder.
        let module = "\(fileID)".split(separator: "/").first.map(String.init) ?? "Tests"
        return .success(
            SnapshotAssertion(
                reference: reference,
                artifactName: module + "/" + testFile + "/" + ImageSnapshot.sanitized(testName) + "." + suffix,
                mode: mode))
    }
}

/// Attaches a failure's expected, actual and diff images to the running Swift Testing test
/// (`swift test --attachments-path DIR` saves them; Xcode shows them with the issue). Under
/// XCTest they stay in the artifacts folder the message names.
func attachUnderSwiftTesting(
    _ artifacts: [ImageSnapshot.Artifact], filePath: StaticString, line: UInt, column: UInt, fileID: StaticString
) {
    #if compiler(>=6.2)  // attachments are public from Swift 6.2 (ST-0009)
        guard Test.current != nil else { return }
        let location = SourceLocation(
            fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        for artifact in artifacts { Attachment.record(artifact.png, named: artifact.name, sourceLocation: location) }
    #endif
}

/// Records a failure in whichever framework runs the test: an issue under Swift Testing, an
/// `XCTFail` under XCTest.
func reportSnapshotFailure(
    _ message: String, filePath: StaticString, line: UInt, column: UInt, fileID: StaticString
) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}
