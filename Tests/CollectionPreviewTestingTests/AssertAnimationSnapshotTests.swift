import Foundation
import PNG
import Raster
import Scene
import TestSupport
import Testing
import VisualTesting

@testable import CollectionPreviewTesting

/// A small animation: six cells, the last deleted over 0.3 s at 10 frames a second (four frames).
enum ShrinkingRow {
    static func scene(color: String = "#007AFF") throws -> Scene {
        try Scene(
            json: #"""
                {"canvas": {"width": 100, "height": 80, "background": "#FFFFFF"},
                 "layout": {"type": "flow", "itemSize": {"width": 24, "height": 24}},
                 "cellStyle": {"backgroundColor": "\#(color)", "cornerRadius": 4},
                 "sections": [{"itemCount": 6}],
                 "animation": {"fps": 10, "steps": [{"deleteItems": [[0, 5]], "duration": 0.3}]}}
                """#)
    }
}

@Suite(.imageSnapshots) struct AssertAnimationSnapshotTests {
    @Test func everyFrameMatchesItsReferenceBesideTheTest() throws {
        let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        let outcomes = assertAnimationSnapshot(of: try ShrinkingRow.scene(), record: recording ? .missing : .never)
        #expect(outcomes.count == 4)
        #expect(outcomes.allSatisfy { $0.message == nil })
        // The frames are where the image references are, one folder per assertion, named as
        // `animate` names its files.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(
                "__Snapshots__/AssertAnimationSnapshotTests/everyFrameMatchesItsReferenceBesideTheTest.1")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png",
            ])
    }

    /// Records, matches, fails with one message naming the frames, and handles frames past the end.
    @Test func theFramesAreRecordedComparedAndKeptToTheAnimationsLength() throws {
        let folder = try TemporaryFolder()
        let assertion = SnapshotAssertion(reference: folder.url("anim"), artifactName: "animation/anim", mode: .missing)
        let scene = try ShrinkingRow.scene()
        let recorded = try AnimationSnapshotCheck(scene: scene, assertion: assertion, options: ComparisonOptions())
        #expect(
            recorded.message
                == "recorded 4 of 4 reference frames in \(folder.url("anim")); look at them (collection-preview animate --contact-sheet shows a scene's frames on one sheet), then run again"
        )
        // The references show the pixels `animate` writes for each frame, stored smaller.
        let player = try SceneAnimationPlayer(scene: scene)
        let frames = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        for index in 0..<4 {
            let png = try PNGEncoder.encode(try frames.render(player.frame(index)))
            let reference = folder.bytes("anim/frame_000\(index).png")
            #expect(PNGFiles.isStoredForm(reference, of: png) && reference != png, "frame \(index)")
        }
        let matched = try AnimationSnapshotCheck(scene: scene, assertion: assertion, options: ComparisonOptions())
        #expect(matched.message == nil && matched.outcomes.count == 4)

        // Another colour: every frame differs, one message names them and the first one's images.
        let changed = try AnimationSnapshotCheck(
            scene: try ShrinkingRow.scene(color: "#FF3B30"), assertion: assertion, options: ComparisonOptions())
        let message = try #require(changed.message)
        #expect(
            message.hasPrefix(
                "4 of 4 frames differ from their references in \(folder.url("anim")) (frames 0, 1, 2, 3); frame 0: image differs"
            ))
        #expect(changed.artifacts.count == 12)  // every failing frame's, on disk
        #expect(
            changed.firstFailureArtifacts.map(\.name) == [
                "frame_0000-expected.png", "frame_0000-actual.png", "frame_0000-diff.png",
            ])

        // A frame past the animation's end fails the check, and `.all` deletes it.
        _ = try folder.write("anim/frame_0004.png", "an old, longer animation's")
        let longer = try AnimationSnapshotCheck(scene: scene, assertion: assertion, options: ComparisonOptions())
        #expect(
            longer.message
                == "the animation has 4 frames, but \(folder.url("anim")) holds 1 reference frame(s) past its end (frame_0004.png); record with .failed or .all to delete them"
        )
        for mode in [RecordMode.failed, .all] {
            _ = try folder.write("anim/frame_0004.png", "an old, longer animation's")
            var rewriting = assertion
            rewriting.mode = mode
            let check = try AnimationSnapshotCheck(scene: scene, assertion: rewriting, options: ComparisonOptions())
            #expect(check.message == nil, "\(mode)")  // the frames match; only the old one goes
            #expect(
                folder.files(under: "anim") == [
                    "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png",
                ],
                "\(mode)")
        }
    }

    /// Frames made in Swift (as `CollectionViewAnimationRecorder.finish()` returns them) are
    /// checked as a scene's are: the same references match, a changed frame fails with the same
    /// message, and a shorter sequence leaves frames past its end that fail it.
    @Test func framesMadeInSwiftAreCheckedAsAScenesAre() throws {
        let folder = try TemporaryFolder()
        let assertion = SnapshotAssertion(reference: folder.url("anim"), artifactName: "animation/anim", mode: .missing)
        let scene = try ShrinkingRow.scene()
        _ = try AnimationSnapshotCheck(scene: scene, assertion: assertion, options: ComparisonOptions())
        let player = try SceneAnimationPlayer(scene: scene)
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        let frames = try (0..<player.frameCount).map { try renderer.render(player.frame($0)) }
        func check(_ frames: [Image]) -> AnimationSnapshotCheck {
            AnimationSnapshotCheck(frameCount: frames.count, assertion: assertion, options: ComparisonOptions()) {
                frames[$0]
            }
        }
        let matched = check(frames)
        #expect(matched.message == nil && matched.outcomes.count == 4)

        var changed = frames
        changed[2] = try Image(
            width: frames[2].width, height: frames[2].height,
            fill: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
        let message = try #require(check(changed).message)
        #expect(
            message.hasPrefix(
                "1 of 4 frames differ from their references in \(folder.url("anim")) (frames 2); frame 2: image differs"
            ),
            "\(message)")

        #expect(
            check(Array(frames.prefix(3))).message
                == "the animation has 3 frames, but \(folder.url("anim")) holds 1 reference frame(s) past its end (frame_0003.png); record with .failed or .all to delete them"
        )
        // Frames made in Swift have no scene for `animate` to show: the advice to record says only to look.
        let recordedFolder = try TemporaryFolder()
        let recording = SnapshotAssertion(
            reference: recordedFolder.url("anim"), artifactName: "animation/anim", mode: .missing)
        #expect(
            AnimationSnapshotCheck(frameCount: frames.count, assertion: recording, options: ComparisonOptions()) {
                frames[$0]
            }.message
                == "recorded 4 of 4 reference frames in \(recordedFolder.url("anim")); look at them, then run again")
        // No frames at all is a failure of its own, not a pass.
        var none: [SnapshotOutcome]?
        withKnownIssue { none = assertAnimationSnapshot(of: [Image](), named: "none", record: .never) }
        #expect(none?.isEmpty == true)
    }

    @Test func aNameMayNotLeaveTheSnapshotsFolder() throws {
        for name in ["../../escaped", "a/b", ""] {
            var outcomes: [SnapshotOutcome]?
            withKnownIssue {
                outcomes = assertAnimationSnapshot(of: try ShrinkingRow.scene(), named: name, record: .all)
            }
            #expect(outcomes?.isEmpty == true, "\(name)")
            var image: SnapshotOutcome?
            withKnownIssue {
                image = assertImageSnapshot(of: try Image(width: 1, height: 1), named: name, record: .all)
            }
            #expect(image?.message?.contains("must be part of a file name") == true, "\(name)")
        }
        let escaped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "__Snapshots__/escaped")
        #expect(!FileManager.default.fileExists(atPath: escaped.path))
    }

    @Test func aStepThatCannotBeAppliedFailsTheTest() throws {
        var scene = try ShrinkingRow.scene()
        scene.animation?.steps[0] = AnimationStep(.deleteItems([IndexPath(item: 9, section: 0)]))
        var outcomes: [SnapshotOutcome]?
        withKnownIssue { outcomes = assertAnimationSnapshot(of: scene, named: "broken", record: .never) }
        #expect(outcomes?.isEmpty == true)
    }
}
