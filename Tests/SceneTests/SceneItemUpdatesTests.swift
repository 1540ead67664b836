import TestSupport
import Testing

@testable import Scene

/// A batch update's edits to a section's items, each section's in one pass, against the same
/// edits made one at a time.
@Suite struct SceneItemUpdatesTests {
    /// A section of `count` listed items, each with its own text.
    private func listed(_ count: Int) -> SceneSection {
        SceneSection(itemCount: count, items: (0..<count).map { SceneItem(text: "item \($0)") })
    }

    /// Default items inserted at ascending post-update positions, some named twice or more,
    /// give the items that inserting them one at a time in that order gives.
    @Test func insertsInOnePassMatchOneAtATime() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<300 {
            let count = Int.random(in: 0..<12, using: &random)
            var positions: [Int] = []
            for _ in 0..<Int.random(in: 0..<8, using: &random) {
                // At most the count so far, as the scene's check requires.
                positions.append(Int.random(in: 0..<(count + positions.count + 1), using: &random))
            }
            positions.sort()
            var oneByOne = listed(count)
            for p in positions { oneByOne.insert(SceneItem(), at: p) }
            var onePass = listed(count)
            onePass.insertDefaultItems(at: positions)
            #expect(onePass == oneByOne, "trial \(trial): \(count) items, inserts at \(positions)")
        }
        var defaults = SceneSection(itemCount: 5)
        defaults.insertDefaultItems(at: [0, 5, 5])
        #expect(defaults.items == nil && defaults.itemCount == 8)
    }

    /// Items removed by a set of pre-update indices give what removing them one at a time,
    /// from the last to the first, gives.
    @Test func removalsInOnePassMatchOneAtATime() {
        var random = SplitMix64(seed: 11)
        for trial in 0..<300 {
            let count = 1 + Int.random(in: 0..<12, using: &random)
            var doomed = Set<Int>()
            for _ in 0..<Int.random(in: 0..<(count + 1), using: &random) {
                doomed.insert(Int.random(in: 0..<count, using: &random))
            }
            var oneByOne = listed(count)
            for i in doomed.sorted().reversed() { oneByOne.remove(at: i) }
            var onePass = listed(count)
            onePass.removeItems(at: doomed)
            #expect(onePass == oneByOne, "trial \(trial): \(count) items, removing \(doomed.sorted())")
        }
        var defaults = SceneSection(itemCount: 5)
        defaults.removeItems(at: [0, 4])
        #expect(defaults.items == nil && defaults.itemCount == 3)
    }

    /// A reload replaces one item and leaves the others; a section of default items is written
    /// out first.
    @Test func aReloadReplacesOneItem() {
        var section = SceneSection(itemCount: 3)
        section.replace(at: 1, with: SceneItem(text: "new"))
        #expect(section.items == [SceneItem(), SceneItem(text: "new"), SceneItem()] && section.itemCount == 3)
    }
}
