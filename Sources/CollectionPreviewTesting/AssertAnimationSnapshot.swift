import Animation
import Foundation
import Raster
import Scene
import VisualTesting

/// Plays `scene`'s animation and asserts that every frame matches its reference PNG beside the
/// test, from Swift Testing or XCTest.
///
/// The references are `__Snapshots__/<TestFile>/<test>.<n>/frame_0000.png`, `frame_0001.png`, …
/// next to the test file (n as for `assertImageSnapshot`, or `named:`): the pixels of the frames
/// `collection-preview animate` writes for the scene, so that command can make or show them
/// (references are compared by pixels and recorded with `PNGEncoder.encodeReference`, small and
/// with their pixels' digest). Each frame is checked as `assertImageSnapshot` checks an image,
/// under `record:` (else as `assertImageSnapshot` chooses its mode), and the test gets one failure for the
/// whole animation: the frames that differ, the first one's numbers and the paths of its
/// expected, actual and diff images (every failing frame's are written to the artifacts folder;
/// the first one's are attached to a Swift Testing test). Reference frames past the animation's
/// end fail the test too (an animation that got shorter), and `.failed` and `.all` delete them.
///
/// - Parameter scene: a scene with an `animation` (without one, its single still frame).
/// - Returns: One outcome per frame, in order (none when the animation cannot be played).
@discardableResult
public func assertAnimationSnapshot(
    of scene: Scene, named name: String? = nil, record: RecordMode? = nil,
    options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> [SnapshotOutcome] {
    func fail(_ message: String) -> [SnapshotOutcome] {
        reportSnapshotFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
        return []
    }
    guard
        case .success(let assertion) = SnapshotAssertion.make(
            "assertAnimationSnapshot", named: name, record: record, filePath: filePath, testName: testName,
            line: line, column: column, fileID: fileID)
    else { return [] }
    let check: AnimationSnapshotCheck
    do {
        check = try AnimationSnapshotCheck(scene: scene, assertion: assertion, options: options)
    } catch {
        return fail("cannot play the animation: \(error)")
    }
    return check.report(filePath: filePath, line: line, column: column, fileID: fileID)
}

/// Asserts that every image of `frames` matches its reference frame beside the test: the frames
/// of an animation recorded in Swift (`CollectionViewAnimationRecorder.finish()`), checked as
/// `assertAnimationSnapshot(of:…)` checks a scene's.
///
/// The references are `__Snapshots__/<TestFile>/<test>.<n>/frame_0000.png`, … (named as
/// `collection-preview animate` names a sequence of that many frames); the test gets one failure
/// for the whole sequence, and reference frames past its end fail it too.
///
/// - Returns: One outcome per frame, in order.
@discardableResult
public func assertAnimationSnapshot(
    of frames: [Image], named name: String? = nil, record: RecordMode? = nil,
    options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> [SnapshotOutcome] {
    guard
        case .success(let assertion) = SnapshotAssertion.make(
            "assertAnimationSnapshot", named: name, record: record, filePath: filePath, testName: testName,
            line: line, column: column, fileID: fileID)
    else { return [] }
    guard !frames.isEmpty else {
        reportSnapshotFailure(
            "no frames to check: an animation has at least one", filePath: filePath, line: line, column: column,
            fileID: fileID)
        return []
    }
    let check = AnimationSnapshotCheck(
        frameCount: frames.count, assertion: assertion, options: options, frame: { frames[$0] })
    return check.report(filePath: filePath, line: line, column: column, fileID: fileID)
}

/// Reads the scene file at `scenePath`, plays its animation and asserts that every frame matches
/// its reference (see `assertAnimationSnapshot(of:…)`).
@discardableResult
public func assertAnimationSnapshot(
    ofSceneFile scenePath: String, named name: String? = nil, record: RecordMode? = nil,
    options: ComparisonOptions = ComparisonOptions(), filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column, fileID: StaticString = #fileID
) -> [SnapshotOutcome] {
    let scene: Scene
    do {
        scene = try Scene.load(path: scenePath)
    } catch {
        SnapshotAssertion.skipNumber(named: name, filePath: filePath, testName: testName)
        reportSnapshotFailure(
            sceneFileFailure(error, path: scenePath), filePath: filePath, line: line, column: column, fileID: fileID)
        return []
    }
    return assertAnimationSnapshot(
        of: scene, named: name, record: record, options: options, filePath: filePath, testName: testName, line: line,
        column: column, fileID: fileID)
}

/// Every frame of an animation checked against its reference: the work of
/// `assertAnimationSnapshot`, and the one message it reports.
struct AnimationSnapshotCheck {
    /// One outcome per frame.
    var outcomes: [SnapshotOutcome] = []
    /// The images written to the artifacts folder.
    var artifacts: [ImageSnapshot.Artifact] = []
    /// The first failing frame's images, for the test framework to attach (a whole animation's
    /// would be three images a frame).
    var firstFailureArtifacts: [ImageSnapshot.Artifact] = []
    /// The failure or recording message; nil when every frame matched.
    var message: String?

    /// Renders every frame of `scene`'s animation and checks it against
    /// `<assertion.reference>/frame_NNNN.png`.
    ///
    /// - Throws: `SceneDecodingError` when a step cannot be applied; `TextError` when the
    ///   bundled font cannot be loaded.
    init(scene: Scene, assertion: SnapshotAssertion, options: ComparisonOptions) throws {
        let player = try SceneAnimationPlayer(scene: scene)
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        self.init(
            frameCount: player.frameCount, assertion: assertion, options: options,
            review: "collection-preview animate --contact-sheet shows a scene's frames on one sheet"
        ) {
            try renderer.render(player.frame($0))
        }
    }

    /// Checks frames `0..<frameCount`, each made by `frame` when its turn comes (so only one
    /// rendered frame is held at a time), against `<assertion.reference>/frame_NNNN.png`;
    /// `review`, if given, says how to look at newly recorded frames.
    init(
        frameCount count: Int, assertion: SnapshotAssertion, options: ComparisonOptions, review: String? = nil,
        frame: (Int) throws -> Image
    ) {
        let folder = assertion.reference
        for index in 0..<count {
            let stem = FrameFileName.stem(index, frameCount: count)
            let outcome: SnapshotOutcome
            var written: [ImageSnapshot.Artifact] = []
            do {
                outcome = ImageSnapshot.verify(
                    try frame(index), referencePath: folder + "/" + stem + ".png",
                    record: assertion.mode, options: options, artifactName: assertion.artifactName + "/" + stem,
                    artifacts: &written)
            } catch {
                outcome = .failed(message: "frame \(index) cannot be rendered: \(error)")
            }
            if case .failed = outcome, firstFailureArtifacts.isEmpty { firstFailureArtifacts = written }
            artifacts += written
            outcomes.append(outcome)
        }
        let pastTheEnd = FrameFileName.unused(in: folder, frameCount: count)
        // `.all` and `.failed` rewrite what differs: frames past the end go.
        let prunes = assertion.mode == .all || assertion.mode == .failed
        if prunes {
            for name in pastTheEnd { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
        }
        message = Self.message(outcomes, folder: folder, pastTheEnd: prunes ? [] : pastTheEnd, review: review)
    }

    /// Reports the message, if any, as the test's failure (with the first failing frame's images
    /// attached under Swift Testing) and returns the outcomes.
    func report(filePath: StaticString, line: UInt, column: UInt, fileID: StaticString) -> [SnapshotOutcome] {
        if let message {
            reportSnapshotFailure(message, filePath: filePath, line: line, column: column, fileID: fileID)
            attachUnderSwiftTesting(
                firstFailureArtifacts, filePath: filePath, line: line, column: column, fileID: fileID)
        }
        return outcomes
    }

    /// One message for the whole animation: the failing frames (the first one's own message),
    /// else the frames past the end, else what was recorded (with `review`, how to look at
    /// them); nil when all matched.
    static func message(
        _ outcomes: [SnapshotOutcome], folder: String, pastTheEnd: [String], review: String? = nil
    ) -> String? {
        let failed = outcomes.indices.filter { if case .failed = outcomes[$0] { true } else { false } }
        if let first = failed.first, let detail = outcomes[first].message {
            let listed = failed.prefix(8).map(String.init).joined(separator: ", ") + (failed.count > 8 ? ", …" : "")
            return
                "\(failed.count) of \(outcomes.count) frames differ from their references in \(folder) (frames \(listed)); frame \(first): \(detail)"
        }
        if !pastTheEnd.isEmpty {
            let listed = pastTheEnd.prefix(4).joined(separator: ", ") + (pastTheEnd.count > 4 ? ", …" : "")
            return
                "the animation has \(outcomes.count) frames, but \(folder) holds \(pastTheEnd.count) reference frame(s) past its end (\(listed)); record with .failed or .all to delete them"
        }
        let recorded = outcomes.filter { if case .recorded = $0 { true } else { false } }.count
        guard recorded > 0 else { return nil }
        return
            "recorded \(recorded) of \(outcomes.count) reference frames in \(folder); look at them\(review.map { " (\($0))" } ?? ""), then run again"
    }
}
