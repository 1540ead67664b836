import Animation
import Foundation
import Geometry
import Layout
import Raster
import TestSupport
import Testing

@testable import Scene

/// Playing a scene's animation: the first frame is `render` of the scene, the last frame is
/// `render` of the final state, steps decode with clear errors, and frames are pure data.
@Suite struct SceneAnimationTests {
    static let grid = """
        {"canvas": {"width": 240, "height": 300, "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                    "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
         "cellStyle": {"backgroundColor": "#007AFF", "cornerRadius": 6, "textColor": "#FFFFFF"},
         "sections": [{"items": [{"text": "0"}, {"text": "1"}, {"text": "2"}, {"text": "3"}, {"text": "4"},
                                 {"text": "5"}, {"text": "6"}, {"text": "7"}]}]
        """

    func scene(_ steps: String, fps: Int = 10) throws -> Scene {
        try Scene(json: Self.grid + #", "animation": {"fps": \#(fps), "steps": [\#(steps)]}}"#)
    }

    /// Steps that change the items keep a copy of the items given one by one; steps that lay
    /// the view out again count its items. Past either budget the step is an error, so that a
    /// scene within every other limit cannot exhaust memory or run for hours (the defaults are
    /// 4 million and 50 million; these budgets are small so the test is quick).
    @Test func theStepsStayWithinTheirBudget() throws {
        // 8 items; each insert keeps 9, 10, 11, 12, …: 9 + 10 + 11 = 30 ≤ 40 < 30 + 12.
        let insert = #"{"insertItems": [{"at": [0, 0], "item": {"text": "n"}}]}"#
        let inserts = try scene(Array(repeating: insert, count: 6).joined(separator: ", "))
        let copies = thrownMessage(SceneDecodingError.self) {
            _ = try SceneAnimationPlayer(scene: inserts, budget: AnimationStateBudget(itemCopies: 40))
        }
        #expect(
            copies?.hasPrefix("animation.steps[3]: the animation's steps keep more than 40 items in all") == true,
            "\(copies ?? "no error")")
        #expect(throws: Never.self) {
            try SceneAnimationPlayer(
                scene: inserts, budget: AnimationStateBudget(itemCopies: 9 + 10 + 11 + 12 + 13 + 14))
        }
        // Layout changes count the items (8 each); scrolls, touches and waits do not.
        let steps = try scene(
            #"{"wait": 0.1}, {"setLayout": {"type": "circle"}}, {"scrollTo": {"x": 0, "y": 0}}, {"select": [0, 1]}, "#
                + #"{"setLayout": {"type": "flow"}}, {"setLayout": {"type": "circle"}}"#)
        let layouts = thrownMessage(SceneDecodingError.self) {
            _ = try SceneAnimationPlayer(scene: steps, budget: AnimationStateBudget(itemLayouts: 20))
        }
        #expect(
            layouts?.hasPrefix("animation.steps[5]: the animation lays out more than 20 items in all") == true,
            "\(layouts ?? "no error")")
        // Layout changes keep no copy of the items, and the defaults are far from these scenes.
        #expect(throws: Never.self) {
            try SceneAnimationPlayer(scene: steps, budget: AnimationStateBudget(itemCopies: 0))
        }
        #expect(throws: Never.self) { try SceneAnimationPlayer(scene: inserts) }
    }

    /// The one-line error of playing a scene with these steps, or nil if it plays.
    func stepError(_ steps: String) -> String? {
        thrownMessage(SceneDecodingError.self) { _ = try SceneAnimationPlayer(scene: try scene(steps)) }
    }

    func render(_ player: SceneAnimationPlayer, _ index: Int) throws -> Image {
        try SceneAnimationFrameRenderer(states: player.states, renderer: SceneRenderer()).render(player.frame(index))
    }

    /// Cells are configured from the data as it is when they are shown: an item an animation
    /// inserts shows its own cell design, and `{index}` counts the items as they are then.
    @Test func insertedItemsShowTheirOwnDesignAndPlace() throws {
        let head = #"""
            {"canvas": {"width": 240, "height": 140, "background": "#FFFFFF"},
             "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                        "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "cell": {"backgroundView": {"backgroundColor": "#007AFF"}, "contentView": {"label": {"text": "{index}"}}},
             "cells": {"special": {"backgroundView": {"backgroundColor": "#FF3B30"}}},
            """#
        let player = try SceneAnimationPlayer(
            scene: try Scene(
                json: head + #"""
                     "sections": [{"items": [{}, {}]}, {"items": [{}, {}]}],
                     "animation": {"fps": 10, "steps": [{"insertItems": [{"at": [0, 0], "item": {"cell": "special"}},
                                                                         {"at": [1, 0], "item": {}}], "duration": 0.2}]}}
                    """#))
        let final = try Scene(
            json: head + #"""
                 "sections": [{"items": [{"cell": "special"}, {}, {}]}, {"items": [{}, {}, {}]}]}
                """#)
        let last = try render(player, player.frameCount - 1)
        let expected = try SceneRenderer().render(final)
        let same = last == expected
        #expect(same, "the last frame shows the final data as a still render does")
    }

    @Test func theFirstFrameIsTheSceneAndTheLastTheFinalState() throws {
        let steps = #"""
            {"setLayout": {"type": "circle"}, "duration": 0.3}, {"deleteItems": [[0, 2]], "duration": 0.3},
            {"insertItems": [[0, 0]], "curve": "easeOut", "duration": 0.3},
            {"moveItem": {"from": [0, 1], "to": [0, 5]}, "duration": 0.3},
            {"select": [0, 3]}, {"setLayout": {"type": "flow", "itemSize": {"width": 40, "height": 40}}, "duration": 0.3}
            """#
        let player = try SceneAnimationPlayer(scene: try scene(steps))
        #expect(player.frameCount == 16)
        let still = try SceneRenderer().render(try Scene(json: Self.grid + "}"))
        #expect(try render(player, 0) == still)
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(player.finalScene)))
        // The final state, written by hand, renders the same as the last frame.
        let final = try Scene(
            json: #"""
                {"canvas": {"width": 240, "height": 300, "background": "#FFFFFF"},
                 "layout": {"type": "flow", "itemSize": {"width": 40, "height": 40}},
                 "cellStyle": {"backgroundColor": "#007AFF", "cornerRadius": 6, "textColor": "#FFFFFF"},
                 "sections": [{"items": [{}, {"text": "1"}, {"text": "3"}, {"text": "4"}, {"text": "5"},
                                         {"text": "0"}, {"text": "6"}, {"text": "7"}]}],
                 "selected": [[0, 3]]}
                """#)
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(final)))
    }

    /// A rotation's frames between its two canvas sizes can be larger in area than either: the
    /// first frame past the limits is an error at the step, for every command alike.
    @Test func aRotationWhoseFramesPassTheLimitsIsAnError() throws {
        func play(_ width: Int, _ height: Int) -> String? {
            thrownMessage(SceneDecodingError.self) {
                _ = try SceneAnimationPlayer(
                    scene: try Scene(
                        json:
                            #"{"canvas": {"width": \#(width), "height": \#(height)}, "sections": [{"itemCount": 3}], "#
                            + #""animation": {"fps": 10, "steps": [{"rotate": "portrait", "duration": 0.5}]}}"#))
            }
        }
        // 16,000 × 4,000 and 4,000 × 16,000 are within the limits (64 Mpx); 15,021 × 4,980 is not.
        #expect(
            play(16_000, 4000)
                == "animation.steps[0].rotate: its frame at 0.1 s would be 15021x4980 pixels, more than an image may have (16384 per side, 67108864 in all)"
        )
        #expect(play(8000, 4000) == nil)
    }

    /// A layout change answers the new layout's questions from its own spec: a waterfall's
    /// `cellSizes` size its cells from the change on (they were square until a later update).
    @Test func aLayoutChangeUsesTheNewLayoutsCellSizes() throws {
        let sizes = #"[{"width": 100, "height": 30}, {"width": 100, "height": 200}, {"width": 100, "height": 50}]"#
        let player = try SceneAnimationPlayer(
            scene: try scene(
                #"{"setLayout": {"type": "waterfall", "cellSizes": \#(sizes)}, "duration": 0.3}, {"wait": 0.2}"#))
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        let final = try SceneRenderer().render(player.finalScene)
        // The end of the change and the wait after it draw the final state.
        #expect(try renderer.render(player.frame(3)) == final)
        #expect(try renderer.render(player.frame(player.frameCount - 1)) == final)
        let tall = try #require(
            player.frame(player.frameCount - 1).elements.first {
                $0.attributes.representedElementCategory == .cell
                    && $0.attributes.indexPath == IndexPath(item: 1, section: 0)
            })
        #expect(tall.attributes.frame.height > tall.attributes.frame.width)
    }

    @Test func itemsPushedOutOfViewByAnInsertedSectionAreDrawnAsTheyWere() throws {
        // Section 1's items are pushed below the canvas by the new section: they leave the view as
        // the elements of the state before, at their old index paths (drawing them at their new
        // index paths in that state trapped).
        let player = try SceneAnimationPlayer(
            scene: try Scene(
                json: #"""
                    {"canvas": {"width": 200, "height": 200}, "sections": [{"itemCount": 6}, {"itemCount": 3}],
                     "animation": {"steps": [{"insertSections": {"at": 1, "sections": [{"itemCount": 6}]},
                                              "duration": 0.3}]}}
                    """#))
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        var leaving = 0
        for index in 0..<player.frameCount {
            let frame = player.frame(index)
            for e in frame.elements where e.state == 0 {
                #expect(player.states[0].sections.indices.contains(e.attributes.indexPath.section))
                leaving += 1
            }
            _ = try renderer.render(frame)
        }
        #expect(leaving > 0)
        #expect(
            try renderer.render(player.frame(player.frameCount - 1)) == (try SceneRenderer().render(player.finalScene)))
    }

    @Test func aStepWithoutADurationTakesNone() throws {
        // Only the wait takes time: frames at 0, 0.1 and 0.2.
        let steps = #"""
            {"deleteItems": [[0, 2]]}, {"wait": 0.2}, {"moveItem": {"from": [0, 1], "to": [0, 5]}},
            {"insertItems": [[0, 0]]}, {"tap": [0, 1]}, {"setLayout": {"type": "circle"}}, {"rotate": "landscape"}
            """#
        let player = try SceneAnimationPlayer(scene: try scene(steps))
        #expect(player.timeline.duration == 0.2 && player.frameCount == 3)
        #expect(player.timeline.segments.map(\.duration) == [0, 0.2, 0, 0, 0, 0, 0, 0])
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        // Frame 0 is the scene as it starts; the delete is in effect from the next frame on.
        #expect(try render(player, 0) == (try SceneRenderer().render(try Scene(json: Self.grid + "}"))))
        #expect(player.frame(1).state == 2 && player.frame(1).elements.count == 7)
        #expect(try renderer.render(player.frame(1)) == (try SceneRenderer().render(player.states[1])))
        #expect(try renderer.render(player.frame(2)) == (try SceneRenderer().render(player.finalScene)))
        #expect(player.finalScene.layout.typeName == "circle" && player.finalScene.canvas.width == 300)

        // A spring gives the step its settling time, a flick its deceleration; a duration wins.
        let spring = try SceneAnimationPlayer(
            scene: try scene(
                #"{"moveItem": {"from": [0, 1], "to": [0, 5]}, "curve": {"spring": {"dampingRatio": 1, "response": 0.3}}}"#
            ))
        #expect(spring.timeline.duration > 0.3 && spring.timeline.duration < 2)
        let timed = try SceneAnimationPlayer(scene: try scene(#"{"insertItems": [[0, 0]], "duration": 0.4}"#))
        #expect(abs(timed.timeline.duration - 0.4) < 1e-12 && timed.frameCount == 5)
    }

    /// An animation made in Swift plays as the same block read from a file does, and is held to
    /// the same limits before it plays: a frame rate, a step count, a duration or a frame count
    /// past them is an error naming the place, not hours of work or a huge allocation.
    @Test func anAnimationMadeInSwiftPlaysAsTheSameBlockReadAndKeepsItsLimits() throws {
        let steps = [
            AnimationStep(.deleteItems([IndexPath(item: 0, section: 0)]), duration: 0.3),
            AnimationStep(.wait, duration: 0.2),
        ]
        var made = try Scene(json: Self.grid + "}")
        made.animation = SceneAnimation(fps: 10, steps: steps)
        let read = try scene(#"{"deleteItems": [[0, 0]], "duration": 0.3}, {"wait": 0.2}"#)
        #expect(made == read)
        let player = try SceneAnimationPlayer(scene: made)
        #expect(player.frameCount == 6)
        #expect(try render(player, 3) == (try render(try SceneAnimationPlayer(scene: read), 3)))

        func playError(fps: Double = 10, _ steps: [AnimationStep]) -> String? {
            var scene = made
            scene.animation = SceneAnimation(fps: fps, steps: steps)
            return thrownMessage(SceneDecodingError.self) { _ = try SceneAnimationPlayer(scene: scene) }
        }
        #expect(playError(fps: 1000, steps) == "animation.fps: must be above 0 and at most 240, got 1000")
        #expect(playError(fps: 0, steps) == "animation.fps: must be above 0 and at most 240, got 0")
        #expect(
            playError([AnimationStep(.wait, duration: 0.1), AnimationStep(.wait, duration: -1)])
                == "animation.steps[1].duration: must be from 0 to 60 seconds, got -1")
        #expect(
            playError([AnimationStep(.wait, duration: .nan)])
                == "animation.steps[0].duration: must be from 0 to 60 seconds, got nan")
        #expect(
            playError(fps: 240, Array(repeating: AnimationStep(.wait, duration: 60), count: 2))
                == "animation: would have 28801 frames (duration × fps + 1); at most 20000 are allowed")
        #expect(
            playError(Array(repeating: AnimationStep(.wait, duration: 0), count: SceneAnimation.maximumSteps + 1))
                == "animation.steps: may hold at most 10000 steps, got 10001")
    }

    @Test func anAnimationOfInstantStepsHasTheSceneAndItsFinalStateAsItsTwoFrames() throws {
        let player = try SceneAnimationPlayer(scene: try scene(#"{"deleteItems": [[0, 0], [0, 1]]}"#))
        #expect(player.timeline.duration == 0 && player.frameCount == 2)
        #expect(player.timeline.time(ofFrame: 0) == 0 && player.timeline.time(ofFrame: 1) == 0)
        #expect(try render(player, 0) == (try SceneRenderer().render(try Scene(json: Self.grid + "}"))))
        #expect(try render(player, 1) == (try SceneRenderer().render(player.finalScene)))
        #expect(player.frame(1).elements.count == 6)
        // Asked by time, t = 0 is the scene and any later time the final state.
        #expect(player.frame(at: 0).elements.count == 8 && player.frame(at: 0.01).elements.count == 6)
        // No steps at all: one frame, the scene.
        #expect(try SceneAnimationPlayer(scene: try scene("")).frameCount == 1)
    }

    @Test func withTheDebugOverlayTheFirstAndLastFramesAreStillTheRenders() throws {
        let json =
            Self.grid + #", "debug": true, "animation": {"fps": 10, "steps": [{"scrollTo": {"x": 0, "y": 60}}]}}"#
        let player = try SceneAnimationPlayer(scene: try Scene(json: json))
        #expect(try render(player, 0) == (try SceneRenderer().render(player.scene)))
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(player.finalScene)))
    }

    /// The overlay's still collection view is made once for the frames that share a state and
    /// an offset: one renderer drawing every frame in turn gives each frame the pixels a fresh
    /// renderer gives it, through a pause, a batch update, a scroll and a layout change.
    @Test func withTheDebugOverlayASharedStillGivesEveryFrameItsOwnPixels() throws {
        let steps = #"""
            {"wait": 0.2}, {"deleteItems": [[0, 1]], "duration": 0.2}, {"scrollTo": {"x": 0, "y": 40}, "duration": 0.2},
            {"setLayout": {"type": "flow", "itemSize": {"width": 40, "height": 40}}, "duration": 0.2}
            """#
        let json = Self.grid + #", "debug": true, "animation": {"fps": 20, "steps": ["# + steps + "]}}"
        let player = try SceneAnimationPlayer(scene: try Scene(json: json))
        let shared = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        #expect(player.frameCount > 12)
        for i in 0..<player.frameCount {
            #expect(try shared.render(player.frame(i)) == (try render(player, i)), "frame \(i)")
        }
    }

    @Test func framesInTheMiddleMoveAndDeletedItemsFadeAsTheyWere() throws {
        let player = try SceneAnimationPlayer(scene: try scene(#"{"deleteItems": [[0, 0]], "duration": 0.4}"#))
        let middle = player.frame(2)
        // Item 0 (text "0") is still drawn, half faded, with the state from before the delete.
        let fading = try #require(middle.elements.first { $0.state == 0 && $0.attributes.indexPath.item == 0 })
        #expect(fading.attributes.alpha > 0 && fading.attributes.alpha < 1)
        // Item 1 slides from x 70 towards item 0's place at x 10 (centres 95 → 35).
        let sliding = try #require(middle.elements.first { $0.state == 1 && $0.attributes.indexPath.item == 0 })
        #expect(sliding.attributes.center.x > 35 && sliding.attributes.center.x < 95)
        #expect(player.frame(4).elements.allSatisfy { $0.state == 1 })
    }

    @Test func framesAreTakenUpToAndIncludingTheEnd() throws {
        // 0.25 s at 10 fps: t = 0, 0.1, 0.2 and the end at 0.25.
        let player = try SceneAnimationPlayer(scene: try scene(#"{"scrollTo": {"x": 0, "y": 40}, "duration": 0.25}"#))
        #expect(player.frameCount == 4)
        #expect((0..<4).map(player.timeline.time(ofFrame:)) == [0, 0.1, 0.2, 0.25])
        #expect(player.frame(3).contentOffset == Point(x: 0, y: 40))
        #expect(player.frame(0).contentOffset == .zero)
        // A select without a duration takes effect at its time; frame 0 is still the scene itself.
        let tap = try SceneAnimationPlayer(scene: try scene(#"{"select": [0, 1]}, {"wait": 0.1}, {"select": [0, 2]}"#))
        #expect(tap.frameCount == 2 && tap.frame(0).state == 0 && tap.frame(1).state == 3)
        #expect(tap.finalScene.selected == [IndexPath(item: 2, section: 0)])
    }

    /// Deleting the end of a list scrolled to its end scrolls it back with the animation, as
    /// UIKit does: the view ends inside the shorter content, and the frames between are on the way.
    @Test func contentThatShrinksUnderTheViewScrollsBackWithTheUpdate() throws {
        let items = (0..<30).map { #"{"text": "\#($0)"}"# }.joined(separator: ", ")
        let deleted = (15..<30).map { "[0, \($0)]" }.joined(separator: ", ")
        let json = #"""
            {"canvas": {"width": 240, "height": 300},
             "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                        "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
             "contentOffset": {"x": 0, "y": 310},
             "sections": [{"items": [\#(items)]}],
             "animation": {"fps": 10, "steps": [{"deleteItems": [\#(deleted)], "duration": 0.3}]}}
            """#
        let player = try SceneAnimationPlayer(scene: try Scene(json: json))
        // Ten rows of three are 610 points tall, and the view shows their last 300; five rows are 310.
        #expect(player.frame(0).contentOffset == Point(x: 0, y: 310))
        #expect(player.frame(player.frameCount - 1).contentOffset == Point(x: 0, y: 10))
        let middle = player.frame(1).contentOffset.y
        #expect(middle > 10 && middle < 310)
        #expect(player.finalScene.contentOffset == Point(x: 0, y: 10))
        // Content that still fills the view keeps its offset.
        let fewer = try Scene(json: json.replacingOccurrences(of: deleted, with: "[0, 29]"))
        #expect(try SceneAnimationPlayer(scene: fewer).finalScene.contentOffset == Point(x: 0, y: 310))
    }

    @Test func sectionsAreInsertedAndDeletedAndTheLastFrameIsTheFinalState() throws {
        let steps = #"""
            {"insertSections": {"at": 0, "sections": [{"items": [{"text": "N"}], "header": {"text": "New"}}]},
             "duration": 0.3},
            {"deleteSections": [1], "duration": 0.2}
            """#
        let player = try SceneAnimationPlayer(scene: try scene(steps))
        #expect(player.states[1].sections.count == 2 && player.finalScene.sections.count == 1)
        #expect(player.finalScene.sections[0].items?.map(\.text) == ["N"])
        // Half-way through the insert the old items have moved down a section; "N" is fading in.
        let middle = player.frame(1)
        let new = try #require(
            middle.elements.first { $0.state == 1 && $0.attributes.indexPath == IndexPath(item: 0, section: 0) })
        #expect(new.attributes.alpha > 0 && new.attributes.alpha < 1)
        #expect(middle.elements.contains { $0.state == 1 && $0.attributes.indexPath == IndexPath(item: 7, section: 1) })
        let final = try Scene(
            json: #"""
                {"canvas": {"width": 240, "height": 300, "background": "#FFFFFF"},
                 "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                            "sectionInset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
                 "cellStyle": {"backgroundColor": "#007AFF", "cornerRadius": 6, "textColor": "#FFFFFF"},
                 "sections": [{"items": [{"text": "N"}], "header": {"text": "New"}}]}
                """#)
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(final)))
        #expect(
            stepError(#"{"insertSections": {"at": 2, "sections": [{}]}}"#)
                == "animation.steps[0].insertSections.at: cannot insert at section 2: the scene has 1 section")
        #expect(
            stepError(#"{"insertSections": {"at": 0, "sections": [{"cell": "tile"}]}}"#)
                == #"animation.steps[0].insertSections.sections[0].cell: no design "tile" in "cells""#)
        #expect(
            stepError(#"{"insertSections": {"at": 0, "sections": [{"itemCount": -1}]}}"#)
                == "animation.steps[0].insertSections.sections[0].itemCount: must be a non-negative integer, got -1")
        #expect(
            stepError(#"{"deleteSections": [3]}"#)
                == "animation.steps[0].deleteSections: no section 3 to delete: the scene has 1 section")
        #expect(stepError(#"{"deleteSections": [0, 0]}"#) == "animation.steps[0].deleteSections: names a section twice")
    }

    @Test func aRotationAnimatesTheBoundsAndReLaysOut() throws {
        let player = try SceneAnimationPlayer(scene: try scene(#"{"rotate": "landscape", "duration": 0.2}"#))
        #expect(player.frameCount == 3)
        #expect(player.frame(0).boundsSize == nil)
        #expect(player.frame(1).boundsSize.map { $0.width > 240 && $0.width < 300 } == true)
        #expect(player.frame(2).boundsSize == Size(width: 300, height: 240))
        #expect(player.finalScene.canvas.width == 300 && player.finalScene.canvas.height == 240)
        #expect(player.pixelSize() == (300, 300))
        // Four items fit a line 300 wide (10 + 4 × 50 + 3 × 10 + 10), three one 240 wide: item 3
        // moves up to the first line.
        let start = try #require(player.frame(0).elements.first { $0.attributes.indexPath.item == 3 })
        #expect(start.attributes.frame.minY == 70)
        let end = try #require(player.frame(2).elements.first { $0.attributes.indexPath.item == 3 })
        #expect(end.attributes.frame.minY == 10)
        let still = try SceneRenderer().render(try Scene(json: Self.grid + "}"))
        #expect(try render(player, 0) == still)
        let last = try render(player, 2)
        #expect(last.width == 300 && last.height == 240)
        #expect(last == (try SceneRenderer().render(player.finalScene)))
        let turned = try SceneAnimationPlayer(scene: try scene(#"{"rotate": "portrait", "duration": 0.3}"#))
        #expect(turned.finalScene.canvas.width == 240 && turned.frameCount == 4)
        #expect(
            thrownMessage(SceneDecodingError.self) { _ = try scene(#"{"rotate": "sideways"}"#) }
                == #"animation.steps[0].rotate: must be "portrait" or "landscape", got "sideways""#)
    }

    @Test func aReloadCrossFadesTheItemsNewContent() throws {
        let player = try SceneAnimationPlayer(
            scene: try scene(#"{"reloadItems": [{"at": [0, 2], "item": {"text": "R"}}], "duration": 0.2}"#))
        #expect(player.finalScene.sections[0].items?[2].text == "R")
        // Half-way, the old cell (state 0) and the new one (state 1) are both drawn at item 2, half faded.
        let middle = player.frame(1).elements.filter { $0.attributes.indexPath == IndexPath(item: 2, section: 0) }
        #expect(Set(middle.map(\.state)) == [0, 1])
        #expect(middle.allSatisfy { $0.attributes.alpha > 0.4 && $0.attributes.alpha < 0.6 })
        let final = try Scene(
            json: Self.grid.replacingOccurrences(of: #"{"text": "2"}"#, with: #"{"text": "R"}"#) + "}")
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(final)))
        #expect(
            stepError(#"{"reloadItems": [{"at": [0, 9], "item": {}}]}"#)
                == "animation.steps[0].reloadItems[0].at: no item [0, 9] to reload")
        #expect(
            stepError(#"{"reloadItems": [{"at": [0, 1], "item": {"cell": "card"}}]}"#)
                == #"animation.steps[0].reloadItems[0].item.cell: no design "card" in "cells""#)
        #expect(
            stepError(#"{"reloadItems": [{"at": [0, 1], "item": {"txt": "A"}}]}"#)?.hasPrefix(
                #"animation.steps[0].reloadItems[0].item: unknown key "txt""#) == true)
    }

    @Test func insertedItemsCanCarryTheirContent() throws {
        let player = try SceneAnimationPlayer(
            scene: try scene(
                ##"{"insertItems": [[0, 8], {"at": [0, 1], "item": {"text": "N", "style": {"backgroundColor": "#FF9500"}}}]}"##
            ))
        let items = try #require(player.finalScene.sections[0].items)
        #expect(items.map { $0.text ?? "-" } == ["0", "N", "1", "2", "3", "4", "5", "6", "-", "7"])
        #expect(items[1].style?.backgroundColor != nil)
        let final = try Scene(
            json: Self.grid.replacingOccurrences(
                of: #"{"text": "0"}, {"text": "1"}"#,
                with: ##"{"text": "0"}, {"text": "N", "style": {"backgroundColor": "#FF9500"}}, {"text": "1"}"##
            )
            .replacingOccurrences(of: #"{"text": "6"}, {"text": "7"}"#, with: #"{"text": "6"}, {}, {"text": "7"}"#)
                + "}")
        #expect(try render(player, player.frameCount - 1) == (try SceneRenderer().render(final)))
        #expect(
            stepError(#"{"insertItems": [{"at": [0, 1], "item": {"cell": "card"}}]}"#)
                == #"animation.steps[0].insertItems[0].item.cell: no design "card" in "cells""#)
        #expect(
            stepError(#"{"insertItems": [{"at": [0, 1]}]}"#)
                == #"animation.steps[0].insertItems[0]: missing key "item""#)
        #expect(
            stepError(#"{"insertItems": [{"at": [0, 12], "item": {}}]}"#)
                == "animation.steps[0].insertItems[0]: cannot insert an item at [0, 12]: section 0 has 8 items, so the item index must be 0 to 8"
        )
        // Checked in the order the inserts go in, each against the section the ones before it
        // leave; the path names the element as written.
        #expect(
            stepError(#"{"insertItems": [[0, 10], [0, 8]]}"#)
                == "animation.steps[0].insertItems[0]: cannot insert an item at [0, 10]: section 0 has 9 items (with this step's inserts before it), so the item index must be 0 to 9"
        )
        #expect(
            stepError(#"{"insertItems": [[0, 0], [2, 0]]}"#)
                == "animation.steps[0].insertItems[1]: cannot insert an item at [2, 0]: the scene has 1 section")
        #expect(
            stepError(#"{"moveItem": {"from": [0, 0], "to": [0, 8]}}"#)
                == "animation.steps[0].moveItem.to: cannot move an item to [0, 8]: section 0 has 7 items once the item has left it, so the item index must be 0 to 7"
        )
        #expect(
            stepError(#"{"moveItem": {"from": [0, 0], "to": [1, 0]}}"#)
                == "animation.steps[0].moveItem.to: cannot move an item to [1, 0]: the scene has 1 section")
        #expect(
            stepError(#"{"insertItems": ["a"]}"#)
                == #"animation.steps[0].insertItems[0]: must be an index path [section, item] or {"at": …, "item": …}"#)
    }

    @Test func waterfallCellSizesStayWithThePlaceSoAMovedItemTakesItsNewSize() throws {
        let json = #"""
            {"canvas": {"width": 220, "height": 300, "background": "#FFFFFF"},
             "layout": {"type": "waterfall", "columnCount": 2,
                        "cellSizes": [{"width": 105, "height": 40}, {"width": 105, "height": 60},
                                      {"width": 105, "height": 120}]},
             "sections": [{"items": [{"text": "a"}, {"text": "b"}, {"text": "c"}]}],
             "animation": {"steps": [{"moveItem": {"from": [0, 0], "to": [0, 2]}}]}}
            """#
        let player = try SceneAnimationPlayer(scene: try Scene(json: json))
        func height(_ frame: AnimationFrame, item: Int) -> Double? {
            frame.elements.first { $0.attributes.indexPath.item == item }?.attributes.size.height
        }
        let first = player.frame(0), last = player.frame(player.frameCount - 1)
        #expect(height(first, item: 0) == 40 && height(last, item: 2) == 120)
        // "a" now sits at index 2: it is drawn 120 high, as the seed's drop makes it.
        #expect(player.finalScene.sections[0].items?.map(\.text) == ["b", "c", "a"])
        #expect(
            thrownMessage(SceneDecodingError.self) {
                _ = try Scene(
                    json: #"{"canvas": {"width": 10, "height": 10}, "layout": {"type": "waterfall", "cellSizes": [1]}}"#
                )
            }?.hasPrefix("layout.cellSizes[0]:") == true)
    }

    @Test func stepsDecodeWithClearErrors() {
        #expect(
            stepError(#"{"wait": 1, "select": [0, 1]}"#)
                == "animation.steps[0]: has 2 actions (wait, select); give one per step")
        #expect(stepError(#"{"duration": 1}"#)?.hasPrefix(#"animation.steps[0]: needs one of "setLayout""#) == true)
        // A misspelt action is named, with a suggestion.
        #expect(stepError(#"{"wiat": 1}"#) == #"animation.steps[0]: unknown key "wiat"; did you mean "wait"?"#)
        #expect(
            stepError(#"{"insertItem": [[0, 0]], "duration": 1}"#)
                == #"animation.steps[0]: unknown key "insertItem"; did you mean "insertItems"?"#)
        #expect(stepError(#"{"wait": 61}"#) == "animation.steps[0].wait: must be at most 60 seconds, got 61")
        #expect(stepError(#"{"drag": {"item": [0, 1]}}"#) == #"animation.steps[0].drag: missing key "path""#)
        #expect(
            stepError(#"{"drag": {"item": [0, 9], "path": [{"x": 0, "y": 0}]}}"#)
                == "animation.steps[0].drag.item: no item [0, 9] to drag")
        #expect(
            stepError(#"{"flick": {"velocity": {"x": 0, "y": 1e6}}}"#)
                == "animation.steps[0].flick.velocity: must be at most 100000 points per second, got 1000000")
        // The block itself: steps that are not an array say what they were; none at all is a missing key.
        let notAnArray = thrownMessage(SceneDecodingError.self) {
            _ = try Scene(json: Self.grid + #", "animation": {"steps": {"wait": 1}}}"#)
        }
        #expect(notAnArray == "animation.steps: must be an array of steps, got an object")
        let missing = thrownMessage(SceneDecodingError.self) {
            _ = try Scene(json: Self.grid + #", "animation": {"fps": 10}}"#)
        }
        #expect(missing == #"animation: missing key "steps""#)
        #expect(stepError(#"{"deleteItems": [[0, 9]]}"#) == "animation.steps[0].deleteItems: no item [0, 9] to delete")
        #expect(
            stepError(#"{"scrollTo": {"x": 0, "y": 1}, "curve": "bouncy"}"#)
                == #"animation.steps[0].curve: must be "linear", "easeIn", "easeOut", "easeInOut", {"cubicBezier": [x1, y1, x2, y2]} or {"spring": {"dampingRatio": ζ, "response": seconds}}, got "bouncy""#
        )
        #expect(
            stepError(#"{"scrollTo": {"x": 0, "y": 1}, "curve": {"spring": {"dampingRatio": 0, "response": 1}}}"#)
                == "animation.steps[0].curve.spring.dampingRatio: must be a positive number, got 0")
        let tooMany = thrownMessage(SceneDecodingError.self) {
            _ = try Scene(json: Self.grid + #", "animation": {"fps": 240, "steps": [{"wait": 60}, {"wait": 60}]}}"#)
        }
        #expect(tooMany == "animation: would have 28801 frames (duration × fps + 1); at most 20000 are allowed")
    }

    @Test func aFlickDeceleratesAndTheLineLayoutSnapsToTheNearestCentre() throws {
        let json = """
            {"canvas": {"width": 300, "height": 200},
             "layout": {"type": "line", "itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 20,
                        "sectionInset": {"top": 50, "left": 100, "bottom": 50, "right": 100}},
             "sections": [{"itemCount": 20}],
             "animation": {"fps": 30, "steps": [{"flick": {"velocity": {"x": 1000, "y": 0}}}]}}
            """
        let player = try SceneAnimationPlayer(scene: try Scene(json: json))
        // 1000 pt/s at 0.998/ms: it stops when half a point is left to travel, at a speed of
        // 0.5 · 1000 · −ln 0.998 (about 1 pt/s), after about 3.45 s; about 499.5 points proposed.
        let stopSpeed = 0.5 * 1000 * -log(0.998)
        #expect(abs(player.timeline.duration - log(stopSpeed / 1000) / (1000 * log(0.998))) < 1e-12)
        #expect(abs(player.timeline.duration - 3.45) < 0.01)
        let proposed = 1000 / (1000 * -log(0.998))
        #expect(abs(proposed - 499.5) < 0.1)
        // Items are 120 apart with centres at 150 + 120k; the view's centre is offset + 150, so a
        // resting offset is a multiple of 120: 480 is the one nearest 499.5.
        let end = player.frame(player.frameCount - 1).contentOffset
        #expect(end == Point(x: 480, y: 0))
        // It decelerates: each frame moves less than the one before.
        let xs = (0..<player.frameCount).map { player.frame($0).contentOffset.x }
        let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 } && zip(steps.dropFirst(), steps).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(player.finalScene.contentOffset == end)
    }

    /// A flick comes to rest inside the range the content inset widens: past the content's top
    /// by the top inset, past its end by the bottom inset.
    @Test func aFlickRestsInsideTheContentInset() throws {
        func end(_ velocity: Double) throws -> Point {
            let json = """
                {"canvas": {"width": 320, "height": 200}, "contentInset": {"top": 50, "bottom": 30},
                 "sections": [{"itemCount": 60}],
                 "animation": {"fps": 30, "steps": [{"flick": {"velocity": {"x": 0, "y": \(velocity)}}}]}}
                """
            let player = try SceneAnimationPlayer(scene: try Scene(json: json))
            #expect(player.frame(0).contentOffset == Point(x: 0, y: -50))
            return player.frame(player.frameCount - 1).contentOffset
        }
        // Twelve lines of 50, 10 apart: 710 points of content, so the view rests at most at
        // 710 + 30 − 200 = 540.
        #expect(try end(-3000) == Point(x: 0, y: -50))
        #expect(try end(5000) == Point(x: 0, y: 540))
    }

    @Test func aTapIsHighlightedFirstThenSelected() throws {
        // 0.3 s at 10 fps: pressed during [0, 0.15), selected from 0.15 on.
        let player = try SceneAnimationPlayer(scene: try scene(#"{"tap": [0, 2], "duration": 0.3}"#))
        #expect(player.frameCount == 4 && player.frame(0).state == 0)
        let pressed = player.states[player.frame(1).state]
        #expect(pressed.highlighted == [IndexPath(item: 2, section: 0)] && pressed.selected.isEmpty)
        let done = player.states[player.frame(2).state]
        #expect(done.highlighted.isEmpty && done.selected == [IndexPath(item: 2, section: 0)])
    }

    static let reorder = """
        {"canvas": {"width": 390, "height": 420},
         "layout": {"type": "flow", "itemSize": {"width": 60, "height": 60}, "minimumInteritemSpacing": 8,
                    "minimumLineSpacing": 8, "sectionInset": {"top": 16, "left": 16, "bottom": 16, "right": 16}},
         "sections": [{"items": [\((0..<30).map { "{\"text\": \"\($0)\"}" }.joined(separator: ", "))]}],
        """

    func drag(cancel: Bool, settle: Double = 0.25) throws -> SceneAnimationPlayer {
        let steps = """
            "animation": {"fps": 10, "steps": [{"drag": {"item": [0, 3], "cancel": \(cancel), "settle": \(settle),
              "path": [{"x": 269.5, "y": 46}, {"x": 200, "y": 150}, {"x": 120, "y": 250}, {"x": 60, "y": 318}]},
              "duration": 1.5}]}}
            """
        return try SceneAnimationPlayer(scene: try Scene(json: Self.reorder + steps))
    }

    func texts(_ scene: Scene) -> [String] {
        (0..<scene.sections[0].itemCount).map { scene.sections[0].item(at: $0).text ?? "" }
    }

    @Test func aDragFollowsThePathTheOthersMakeRoomAndTheDataSourceMovesTheItem() throws {
        let player = try drag(cancel: false)
        // 1.5 s of dragging, then 0.25 s of settling.
        #expect(abs(player.timeline.duration - 1.75) < 1e-12)
        // The moving item (data [0, 3]) is shown at its target index path, under the finger.
        func target(at t: Double) -> (IndexPath, Point)? {
            let frame = player.frame(at: t)
            let moving = frame.elements.first {
                ($0.dataIndexPath ?? $0.attributes.indexPath) == IndexPath(item: 3, section: 0)
            }
            return moving.map { ($0.attributes.indexPath, $0.attributes.center) }
        }
        #expect(target(at: 0.001)?.0 == IndexPath(item: 3, section: 0))
        let middle = try #require(target(at: 0.75))
        #expect(middle.1 == Point(x: 160, y: 200))  // half-way along the path's three legs
        #expect(middle.0.item > 3 && middle.0.item < 20)
        #expect(target(at: 1.499)?.0 == IndexPath(item: 20, section: 0))
        // Along the way the target stays between where the item started and where it lands, and
        // changes with the finger (the others make room), several times.
        let items = stride(from: 0.0, through: 1.45, by: 0.05).compactMap { target(at: $0)?.0.item }
        #expect(items.allSatisfy { (3...20).contains($0) } && Set(items).count >= 4)
        // At the end the data source moved the item: 3 now follows 20.
        var expected = (0..<30).map(String.init)
        expected.remove(at: 3)
        expected.insert("3", at: 20)
        #expect(texts(player.finalScene) == expected)
        // The last frame is the final state.
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        #expect(
            try renderer.render(player.frame(player.frameCount - 1)) == (try SceneRenderer().render(player.finalScene)))
    }

    @Test func withoutASettleTheItemDropsBetweenTwoFramesAndWithoutADurationAtOnce() throws {
        let settled = try drag(cancel: false)
        let dropped = try drag(cancel: false, settle: 0)
        // The step takes its duration and nothing more: frames at 0, 0.1, …, 1.5.
        #expect(abs(dropped.timeline.duration - 1.5) < 1e-12 && dropped.frameCount == 16)
        #expect(dropped.finalScene.sections == settled.finalScene.sections)
        let renderer = SceneAnimationFrameRenderer(states: dropped.states, renderer: try SceneRenderer())
        let final = try SceneRenderer().render(dropped.finalScene)
        // Up to the end the finger holds the item; at the end it is in its slot.
        #expect(try renderer.render(dropped.frame(14)) != final)
        #expect(try renderer.render(dropped.frame(15)) == final)
        #expect(try renderer.render(dropped.frame(15)) == (try renderer.render(settled.frame(settled.frameCount - 1))))

        // Without a duration the finger is at the path's end at once: two frames, both at t = 0,
        // the scene and then the item moved where the path ends.
        let instant = try SceneAnimationPlayer(
            scene: try Scene(
                json: Self.reorder + """
                    "animation": {"steps": [{"drag": {"item": [0, 3],
                      "path": [{"x": 269.5, "y": 46}, {"x": 200, "y": 150}, {"x": 60, "y": 318}]}}]}}
                    """))
        #expect(instant.timeline.duration == 0 && instant.frameCount == 2)
        #expect(texts(instant.finalScene) == texts(settled.finalScene))
        let instantRenderer = SceneAnimationFrameRenderer(states: instant.states, renderer: try SceneRenderer())
        let still = try SceneRenderer().render(try Scene(json: String(Self.reorder.dropLast(1)) + "}"))
        #expect(try instantRenderer.render(instant.frame(0)) == still)
        #expect(try instantRenderer.render(instant.frame(1)) == (try SceneRenderer().render(instant.finalScene)))
    }

    @Test func aCancelledDragPutsTheItemBack() throws {
        let player = try drag(cancel: true)
        #expect(texts(player.finalScene) == (0..<30).map(String.init))
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        #expect(
            try renderer.render(player.frame(player.frameCount - 1)) == (try SceneRenderer().render(player.finalScene)))
        let still = try SceneRenderer().render(try Scene(json: String(Self.reorder.dropLast(1)) + "}"))
        #expect(try renderer.render(player.frame(player.frameCount - 1)) == still)
    }
}
