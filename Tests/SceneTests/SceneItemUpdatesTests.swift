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

    /// Items inserted at distinct post-update positions give the items that inserting them one
    /// at a time in ascending order gives, each at its position.
    @Test func insertsInOnePassMatchOneAtATime() {
        var random = SplitMix64(seed: 7)
        for trial in 0..<300 {
            let count = Int.random(in: 0..<12, using: &random)
            let added = Int.random(in: 0..<8, using: &random)
            // Distinct positions among the count after the update, as a batch update requires.
            let positions = Array(Array(0..<(count + added)).shuffled(using: &random).prefix(added)).sorted()
            // Every other trial inserts items with their own text, the rest default items.
            let inserts = positions.enumerated().map { i, p in
                (position: p, item: trial.isMultiple(of: 2) ? SceneItem(text: "new \(i)") : SceneItem())
            }
            var oneByOne = listed(count)
            for (p, item) in inserts { oneByOne.insert(item, at: p) }
            var onePass = listed(count)
            onePass.insertItems(inserts)
            #expect(onePass == oneByOne, "trial \(trial): \(count) items, inserts at \(positions)")
            for (p, item) in inserts { #expect(onePass.items?[p] == item) }
        }
        // Default items named twice or more (a scene's own count check allows it) stay a count.
        var defaults = SceneSection(itemCount: 5)
        defaults.insertItems([0, 5, 5].map { ($0, SceneItem()) })
        #expect(defaults.items == nil && defaults.itemCount == 8)
        defaults.insertItems([(1, SceneItem(text: "given"))])
        #expect(defaults.itemCount == 9 && defaults.items?[1].text == "given" && defaults.items?[0] == SceneItem())
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
