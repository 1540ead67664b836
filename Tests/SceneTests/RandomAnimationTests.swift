import Animation
import Foundation
import Raster
import TestSupport
import Testing

@testable import Scene

/// Random animations on random small scenes: every layout, every step kind, steps with and
/// without durations. Each plays, every frame renders without trapping, frame 0 is `render` of
/// the scene and the last frame `render` of the final state. (An item pushed out of view by an
/// inserted section once trapped; a hand-written test had not met it.)
@Suite struct RandomAnimationTests {
    /// A scene and its steps, with a model of the item counts so that every step is valid.
    struct Generator {
        var rng: SplitMix64
        var counts: [Int] = []

        init(seed: UInt64) { rng = SplitMix64(seed: seed) }

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

        mutating func layout() -> String {
            switch int(0...4) {
            case 0:
                return #"{"type": "flow", "itemSize": {"width": 40, "height": 30}, "minimumLineSpacing": 6, "#
                    + #""headerReferenceSize": {"width": 0, "height": 16}, "footerReferenceSize": {"width": 0, "height": 10}, "#
                    + #""sectionInset": {"top": 4, "left": 4, "bottom": 4, "right": 4}}"#
            case 1:
                return #"{"type": "flow", "scrollDirection": "horizontal", "itemSize": {"width": 30, "height": 40}, "#
                    + #""headerReferenceSize": {"width": 14, "height": 0}}"#
            case 2: return #"{"type": "circle", "itemSize": {"width": 24, "height": 24}}"#
            case 3: return #"{"type": "line", "itemSize": {"width": 60, "height": 60}}"#
            default:
                return #"{"type": "waterfall", "columnCount": 2, "headerHeight": 12, "footerHeight": 8}"#
            }
        }

        mutating func duration() -> String {
            [", \"duration\": 0.2", ", \"duration\": 0.1", ""][int(0...2)]
        }

        mutating func item() -> String {
            #"{"text": "\#(int(0...99))", "size": {"width": \#(int(20...50)), "height": \#(int(20...60))}}"#
        }

        /// A valid index path of an existing item, or nil when there is none.
        mutating func existing() -> (Int, Int)? {
            let sections = counts.indices.filter { counts[$0] > 0 }
            guard !sections.isEmpty else { return nil }
            let s = sections[int(0...sections.count - 1)]
            return (s, int(0...counts[s] - 1))
        }

        mutating func step() -> String {
            switch int(0...11) {
            case 0 where !counts.isEmpty:
                let s = int(0...counts.count - 1), i = int(0...counts[s])
                counts[s] += 1
                return #"{"insertItems": [[\#(s), \#(i)]]\#(duration())}"#
            case 1:
                guard let (s, i) = existing() else { return #"{"wait": 0.1}"# }
                counts[s] -= 1
                return #"{"deleteItems": [[\#(s), \#(i)]]\#(duration())}"#
            case 2:
                guard let (s, i) = existing() else { return #"{"wait": 0.1}"# }
                counts[s] -= 1
                let t = int(0...counts.count - 1), j = int(0...counts[t])
                counts[t] += 1
                return #"{"moveItem": {"from": [\#(s), \#(i)], "to": [\#(t), \#(j)]}\#(duration())}"#
            case 3:
                let at = int(0...counts.count), n = int(0...4)
                counts.insert(n, at: at)
                return
                    #"{"insertSections": {"at": \#(at), "sections": [{"items": [\#((0..<n).map { _ in item() }.joined(separator: ", "))], "header": {"text": "H"}}]}\#(duration())}"#
            case 4 where counts.count > 1:
                let s = int(0...counts.count - 1)
                counts.remove(at: s)
                return #"{"deleteSections": [\#(s)]\#(duration())}"#
            case 5:
                guard let (s, i) = existing() else { return #"{"wait": 0.1}"# }
                return #"{"reloadItems": [{"at": [\#(s), \#(i)], "item": \#(item())}]\#(duration())}"#
            case 6: return #"{"setLayout": \#(layout())\#(duration())}"#
            case 7: return #"{"scrollTo": {"x": \#(int(0...40)), "y": \#(int(0...120))}\#(duration())}"#
            case 8:
                guard let (s, i) = existing() else { return #"{"wait": 0.1}"# }
                return chance(0.5) ? #"{"select": [\#(s), \#(i)]}"# : #"{"tap": [\#(s), \#(i)]\#(duration())}"#
            case 9:
                guard let (s, i) = existing(), counts.reduce(0, +) > 1 else { return #"{"wait": 0.1}"# }
                let path = (0..<int(1...3)).map { _ in #"{"x": \#(int(0...160)), "y": \#(int(0...200))}"# }
                // The model cannot tell where a drop lands: the counts stay, only the order changes.
                return #"{"drag": {"item": [\#(s), \#(i)], "path": [\#(path.joined(separator: ", "))], "#
                    + #""cancel": \#(chance(0.3)), "settle": \#(chance(0.5) ? 0.1 : 0)}\#(duration())}"#
            case 10: return #"{"rotate": "\#(chance(0.5) ? "landscape" : "portrait")"\#(duration())}"#
            default: return #"{"flick": {"velocity": {"x": 0, "y": \#(int(-800...800))}}}"#
            }
        }

        mutating func scene() -> String {
            counts = (0..<int(1...3)).map { _ in int(0...7) }
            let sections = counts.map { n in
                #"{"items": [\#((0..<n).map { _ in item() }.joined(separator: ", "))], "header": {"text": "S"}, "footer": {"text": "F"}}"#
            }
            let steps = (0..<int(2...5)).map { _ in step() }
            return #"""
                {"canvas": {"width": 160, "height": 200, "background": "#FFFFFF"},
                 "layout": \#(layout()),
                 "cellStyle": {"backgroundColor": "#5856D6", "cornerRadius": 4, "textColor": "#FFFFFF",
                               "selectedBackgroundColor": "#FF9500"},
                 "sections": [\#(sections.joined(separator: ", "))],
                 "animation": {"fps": 10, "steps": [\#(steps.joined(separator: ", "))]}}
                """#
        }
    }

    /// Plays seed `seed`'s scene and checks its frames; false when a step was refused (one clear
    /// line: a tap on an item the layout does not show, say), which is a valid answer too.
    func play(seed: UInt64) throws -> Bool {
        var generator = Generator(seed: seed &* 7919 &+ 17)
        let json = generator.scene()
        let scene = try Scene(json: json)
        let player: SceneAnimationPlayer
        do {
            player = try SceneAnimationPlayer(scene: scene)
        } catch let error as SceneDecodingError {
            #expect(error.description.hasPrefix("animation.steps[") && !error.description.contains("\n"))
            return false
        }
        let renderer = SceneAnimationFrameRenderer(states: player.states, renderer: try SceneRenderer())
        var still = scene
        still.animation = nil
        var last: Image?
        for index in 0..<player.frameCount {
            let image = try renderer.render(player.frame(index))
            if index == 0 { #expect(image == (try SceneRenderer().render(still)), "seed \(seed): \(json)") }
            last = image
        }
        #expect(last == (try SceneRenderer().render(player.finalScene)), "seed \(seed): \(json)")
        return true
    }

    @Test func randomAnimationsPlayAndEndAtTheirFinalStates() throws {
        var played = 0
        for seed: UInt64 in 0..<200 where try play(seed: seed) { played += 1 }
        // Most are played to the end; the rest were refused with a clear error. (200 seeds: with
        // the index-path bug of an inserted section back, the first trap comes within 150.)
        #expect(played >= 160, "only \(played) of 200 played")
    }
}
