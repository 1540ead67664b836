import Animation
import Foundation
import Geometry
import Layout
import Raster
import Rendering
import Testing

@testable import Scene

/// Animations recorded from Swift code with `CollectionViewAnimationRecorder` are, frame for
/// frame and byte for byte, what a scene file's animation with the same steps gives.
@Suite struct CollectionViewAnimationRecorderTests {
    static let grid = """
        {"canvas": {"width": 240, "height": 300, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                    "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
         "cellStyle": {"backgroundColor": "#007AFF", "selectedBackgroundColor": "#FF9500", "cornerRadius": 6,
                       "textColor": "#FFFFFF"},
         "sections": [{"items": [\((0..<30).map { $0 == 2 ? #"{"text": "2", "canMove": false}"# : "{\"text\": \"\($0)\"}" }.joined(separator: ", "))]}],
         "selected": [[0, 4]]
        """

    /// The scene's own frames, and a recorder on the same collection view and renderer.
    static func setUp(steps: String, fps: Int = 10) throws -> (
        expected: [Image], times: [Double], recorder: CollectionViewAnimationRecorder, cv: SceneCollectionView
    ) {
        let scene = try Scene(json: grid + #", "animation": {"fps": \#(fps), "steps": [\#(steps)]}}"#)
        let player = try SceneAnimationPlayer(scene: scene)
        let sceneRenderer = try SceneRenderer()
        let frames = SceneAnimationFrameRenderer(states: player.states, renderer: sceneRenderer)
        let expected = try (0..<player.frameCount).map { try frames.render(player.frame($0)) }
        var still = scene
        still.animation = nil
        let images = SceneImages(sceneFolder: nil)
        let cv = sceneRenderer.makeCollectionView(for: still, images: images)
        let recorder = try CollectionViewAnimationRecorder(
            collectionView: cv, renderer: sceneRenderer.makeRenderer(for: still, images: images), fps: Double(fps))
        return (expected, (0..<player.frameCount).map { player.frame($0).time }, recorder, cv)
    }

    /// The items' texts in the data source's order.
    static func texts(_ cv: SceneCollectionView) -> [String?] {
        (cv.sceneDataSource.scene.sections[0].items ?? []).map(\.text)
    }

    /// Changes the scene the data source serves, as an app changes its model.
    static func edit(_ cv: SceneCollectionView, _ change: (inout Scene) throws -> Void) rethrows {
        var scene = cv.sceneDataSource.scene
        try change(&scene)
        cv.sceneDataSource.scene = scene
    }

    /// Requests the recorder cannot carry out are errors that name the argument, thrown before
    /// the collection view changes; and a finished recording refuses more.
    @Test func badRequestsAreErrorsThatChangeNothing() throws {
        let (_, _, recorder, cv) = try Self.setUp(steps: #"{"wait": 0.1}"#)
        let renderer = recorder.renderer
        for fps in [0, -1, 241, .nan, .infinity] {
            #expect(throws: AnimationRecorderError.self) {
                try CollectionViewAnimationRecorder(collectionView: cv, renderer: renderer, fps: fps)
            }
        }
        #expect(
            AnimationRecorderError.invalidArgument("fps", rule: "must be more than 0 and at most 240, not 241.0")
                .description == "fps must be more than 0 and at most 240, not 241.0")
        #expect(
            throws: AnimationRecorderError.invalidArgument(
                "duration", rule: "must be a finite number of seconds, 0 or more, not -1.0")
        ) {
            try recorder.scroll(to: Point(x: 0, y: 100), duration: -1)
        }
        #expect(throws: AnimationRecorderError.invalidArgument("along", rule: "needs at least one point")) {
            try recorder.drag(itemAt: IndexPath(item: 0, section: 0), along: [], duration: 1)
        }
        #expect(throws: AnimationRecorderError.self) {
            try recorder.rotate(to: Size(width: 300, height: 240), duration: .nan)
        }
        #expect(cv.contentOffset == .zero && cv.bounds.size == Size(width: 240, height: 300))
        #expect(recorder.frames.count == 1 && recorder.duration == 0)
        try recorder.finish()
        let layout = cv.collectionViewLayout
        #expect(throws: AnimationRecorderError.finished) {
            try recorder.setCollectionViewLayout(SceneLayout.circle(.init()).makeLayout(displayScale: 1))
        }
        #expect(throws: AnimationRecorderError.finished) { try recorder.tap(itemAt: IndexPath(item: 1, section: 0)) }
        #expect(cv.collectionViewLayout === layout && cv.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    }

    /// A recording stops at its byte limit with an error, keeping the frames taken before it.
    @Test func theFramesStopAtTheByteLimit() throws {
        let (_, _, recorder, _) = try Self.setUp(steps: #"{"wait": 0.1}"#)
        let frameBytes = recorder.frames[0].pixels.count
        recorder.frameByteLimit = 3 * frameBytes
        #expect(throws: AnimationRecorderError.framesTooLarge(limit: 3 * frameBytes)) {
            try recorder.scroll(to: Point(x: 0, y: 200), duration: 1)
        }
        #expect(recorder.frames.count == 3)
        #expect(
            AnimationRecorderError.framesTooLarge(limit: 4 << 30).description
                == "the recording's frames would take more than 4096 MiB: record less time, at a lower fps or "
                + "scale, or raise frameByteLimit")
    }

    /// Scrolling to an item records the frames of a `scrollTo` step to the offset that puts it
    /// there: three items a line, lines 60 apart from y = 10, so item 12's centre is at 275, and
    /// centred in the 300-point view the offset is 125.
    @Test func scrollingToAnItemIsAScrollToItsOffset() throws {
        let (expected, _, recorder, cv) = try Self.setUp(steps: #"{"scrollTo": {"x": 0, "y": 125}, "duration": 0.2}"#)
        try recorder.scroll(toItemAt: IndexPath(item: 12, section: 0), at: .centeredVertically, duration: 0.2)
        let frames = try recorder.finish()
        #expect(cv.contentOffset == Point(x: 0, y: 125))
        #expect(frames.count == 3 && frames == expected)
    }

    @Test func recordedFramesAreTheSceneAnimationsFrames() throws {
        let (expected, times, recorder, cv) = try Self.setUp(
            steps: #"""
                {"scrollTo": {"x": 0, "y": 120}, "duration": 0.2},
                {"deleteItems": [[0, 9], [0, 12]], "duration": 0.25},
                {"insertItems": [[0, 10]]},
                {"setLayout": {"type": "circle"}, "duration": 0.3, "curve": "easeOut"},
                {"wait": 0.12}
                """#)
        try recorder.scroll(to: Point(x: 0, y: 120), duration: 0.2)
        let deleted = [IndexPath(item: 9, section: 0), IndexPath(item: 12, section: 0)]
        try recorder.performBatchUpdates(duration: 0.25) {
            try Self.edit(cv) { try $0.deleteItems(at: deleted, path: "") }
            try cv.deleteItems(at: deleted)
        }
        try recorder.performBatchUpdates(duration: 0) {
            try Self.edit(cv) { try $0.insertItems([.init(at: IndexPath(item: 10, section: 0))], path: "") }
            try cv.insertItems(at: [IndexPath(item: 10, section: 0)])
        }
        try recorder.setCollectionViewLayout(
            SceneLayout.circle(.init()).makeLayout(displayScale: 1), duration: 0.3, curve: .easeOut)
        try recorder.wait(0.12)
        let frames = try recorder.finish()
        // 0.87 s at 10 fps: frames at 0, 0.1, …, 0.8 and one at 0.87.
        #expect(frames.count == 10 && expected.count == 10)
        #expect(recorder.frameTimes == times)
        let differing = zip(frames, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [], "frames that differ from the scene animation's")
        // The deleted items fade out as they were: frame 4 (t = 0.4, mid-update) differs from both ends.
        let midUpdate = frames[4] != frames[3] && frames[4] != frames[5]
        #expect(midUpdate)
        let again = try recorder.finish() == frames
        #expect(again)
    }

    @Test func dragsAreTheSceneDragsFrameForFrame() throws {
        // A drag dropped over 0.3 s, one cancelled and dropped at once, and one of the item that
        // cannot move: the data source moves the item at the end of the first only.
        let (expected, times, recorder, cv) = try Self.setUp(
            steps: #"""
                {"drag": {"item": [0, 3], "path": [{"x": 85, "y": 35}, {"x": 150, "y": 120}, {"x": 100, "y": 180}],
                          "settle": 0.3}, "duration": 0.6},
                {"drag": {"item": [0, 0], "path": [{"x": 35, "y": 35}, {"x": 200, "y": 240}], "cancel": true},
                 "duration": 0.4},
                {"drag": {"item": [0, 2], "path": [{"x": 150, "y": 35}, {"x": 30, "y": 200}]}, "duration": 0.3}
                """#)
        let moved = Self.texts(cv)
        try recorder.drag(
            itemAt: IndexPath(item: 3, section: 0),
            along: [Point(x: 85, y: 35), Point(x: 150, y: 120), Point(x: 100, y: 180)], duration: 0.6, settle: 0.3)
        let afterFirst = Self.texts(cv)
        try recorder.drag(
            itemAt: IndexPath(item: 0, section: 0), along: [Point(x: 35, y: 35), Point(x: 200, y: 240)],
            duration: 0.4, cancel: true)
        let afterCancel = Self.texts(cv)
        try recorder.drag(
            itemAt: IndexPath(item: 2, section: 0), along: [Point(x: 150, y: 35), Point(x: 30, y: 200)], duration: 0.3)
        #expect(Self.texts(cv) == afterCancel)
        // An item that does not exist: an error, and nothing recorded.
        #expect(throws: CollectionViewError.self) {
            try recorder.drag(itemAt: IndexPath(item: 30, section: 0), along: [Point(x: 0, y: 0)], duration: 0.1)
        }
        let frames = try recorder.finish()
        #expect(frames.count == expected.count)
        #expect(recorder.frameTimes == times)
        let differing = zip(frames, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [], "frames that differ from the scene animation's")
        // The first drag moved item 3 (to where the finger let go); the cancelled one moved nothing.
        #expect(afterFirst != moved && afterFirst.firstIndex(of: "3") != 3 && afterCancel == afterFirst)
        // The item follows the finger: the frames of the first drag all differ.
        let moving = Set(frames[0..<7].map(\.pixels)).count == 7
        #expect(moving)
        // The item that cannot move leaves the last frames alone.
        let still = Set(frames.suffix(3).map(\.pixels)).count == 1
        #expect(still)
    }

    @Test func rotationsAreTheSceneRotationsFrameForFrame() throws {
        let (expected, times, recorder, _) = try Self.setUp(
            steps: #"""
                {"scrollTo": {"x": 0, "y": 100}, "duration": 0},
                {"rotate": "landscape", "duration": 0.3},
                {"wait": 0.1},
                {"rotate": "portrait", "duration": 0.25, "curve": "linear"}
                """#)
        try recorder.scroll(to: Point(x: 0, y: 100), duration: 0)
        try recorder.rotate(to: Size(width: 300, height: 240), duration: 0.3)
        try recorder.wait(0.1)
        try recorder.rotate(to: Size(width: 240, height: 300), duration: 0.25, curve: .linear)
        let frames = try recorder.finish()
        #expect(frames.count == expected.count)
        #expect(recorder.frameTimes == times)
        let differing = zip(frames, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [], "frames that differ from the scene animation's")
        // The frames are as big as the bounds at their time: 240x300, wider and lower, 300x240, back.
        let sizes = frames.map { "\($0.width)x\($0.height)" }
        #expect(sizes.first == "240x300" && sizes[4] == "300x240" && sizes.last == "240x300")
        #expect(frames[2].width > 240 && frames[2].width < 300)
    }

    @Test func flicksAndTapsAreTheScenesFrameForFrame() throws {
        let (expected, times, recorder, cv) = try Self.setUp(
            steps: #"""
                {"tap": [0, 1], "duration": 0.3},
                {"flick": {"velocity": {"x": 0, "y": 900}}},
                {"tap": [0, 16]},
                {"flick": {"velocity": {"x": 0, "y": -400}}, "duration": 0.2, "curve": "easeOut"}
                """#)
        try recorder.tap(itemAt: IndexPath(item: 1, section: 0), duration: 0.3)
        let afterTap = cv.indexPathsForSelectedItems
        try recorder.flick(velocity: Point(x: 0, y: 900))
        let afterFlick = cv.contentOffset
        try recorder.tap(itemAt: IndexPath(item: 16, section: 0))
        try recorder.flick(velocity: Point(x: 0, y: -400), duration: 0.2, curve: .easeOut)
        // Item 0 is scrolled out of sight: no finger can tap it, and nothing is recorded.
        #expect(throws: CollectionViewError.self) { try recorder.tap(itemAt: IndexPath(item: 0, section: 0)) }
        let frames = try recorder.finish()
        #expect(frames.count == expected.count)
        #expect(recorder.frameTimes == times)
        let differing = zip(frames, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [], "frames that differ from the scene animation's")
        // The tap selected item 1 in place of item 4; the flick went down about 450 points, within the content.
        #expect(afterTap == [IndexPath(item: 1, section: 0)])
        #expect(afterFlick.y > 200 && afterFlick == cv.clampedContentOffset(afterFlick))
        // The finger is down for the first half of the tap: item 1 is highlighted in frame 1, not in frame 0.
        let pressed = frames[1] != frames[0]
        #expect(pressed)
    }

    @Test func aChangeWithNoDurationShowsFromTheNextFrame() throws {
        // Only changes that take no time: two frames, both at t = 0, as a scene's animation.
        let (expected, times, recorder, cv) = try Self.setUp(steps: #"{"deleteItems": [[0, 0]]}"#)
        try recorder.performBatchUpdates(duration: 0) {
            try Self.edit(cv) { try $0.deleteItems(at: [IndexPath(item: 0, section: 0)], path: "") }
            try cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(recorder.frames.count == 1)
        let frames = try recorder.finish()
        let same = frames == expected
        #expect(same && recorder.frameTimes == times && times == [0, 0])
        let moved = frames[0] != frames[1]
        #expect(moved)
    }

    @Test func anInvalidUpdateRecordsNothing() throws {
        let (_, _, recorder, cv) = try Self.setUp(steps: #"{"wait": 0.1}"#)
        #expect(throws: CollectionViewError.self) {
            try recorder.performBatchUpdates(duration: 0.3) {
                try cv.deleteItems(at: [IndexPath(item: 99, section: 0)])
            }
        }
        #expect(recorder.frames.count == 1 && recorder.duration == 0)
        try recorder.wait(0.1)
        #expect(try recorder.finish().count == 2)
    }
}
