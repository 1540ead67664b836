import Layout
import Support

/// The data side of a batch update: the scene's sections edited as a data source's model is.
extension Scene {
    /// Replaces the items at `replacements`' paths (pre-update) with their new content.
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item that does not exist, one named twice,
    ///   or a design name that is not registered.
    mutating func reloadItems(_ replacements: [AnimationStep.PlacedItem], path: String) throws {
        let key = path + ".reloadItems"
        var seen = Set<IndexPath>()
        for (i, r) in replacements.enumerated() {
            guard r.at.section < sections.count, r.at.item < sections[r.at.section].itemCount else {
                throw SceneDecodingError(path: key + "[\(i)].at", message: "no item \(r.at) to reload")
            }
            guard seen.insert(r.at).inserted else {
                throw SceneDecodingError(path: key + "[\(i)].at", message: "reloads \(r.at) twice")
            }
            try checkDesignName(ofItem: r.item, path: key + "[\(i)].item")
            sections[r.at.section].replace(at: r.at.item, with: r.item)
        }
    }

    /// Inserts `new` so that the first is section `index` after the update.
    ///
    /// - Throws: `SceneDecodingError` at `path` for an index past the end, too many items, or a
    ///   design name that is not registered.
    mutating func insertSections(_ new: [SceneSection], at index: Int, path: String) throws {
        let key = path + ".insertSections"
        guard index <= sections.count else {
            throw SceneDecodingError(
                path: key + ".at",
                message: "cannot insert at section \(index): the scene has \(counted(sections.count, "section"))")
        }
        guard sections.count + new.count <= Scene.maximumSectionCount else {
            throw SceneDecodingError(
                path: key + ".sections", message: "the scene may hold at most \(Scene.maximumSectionCount) sections")
        }
        guard itemCount + new.reduce(0, { $0 + $1.itemCount }) <= Scene.maximumItemCount else {
            throw SceneDecodingError(
                path: key + ".sections", message: "the scene may hold at most \(Scene.maximumItemCount) items in total")
        }
        for (i, section) in new.enumerated() { try checkDesignNames(in: section, path: key + ".sections[\(i)]") }
        sections.insert(contentsOf: new, at: index)
    }

    /// Deletes the sections at `indices` (pre-update), with their items, in one pass over the
    /// sections.
    ///
    /// - Throws: `SceneDecodingError` at `path` for a section that does not exist or is named twice.
    mutating func deleteSections(_ indices: [Int], path: String) throws {
        let doomed = Set(indices)
        guard doomed.count == indices.count else {
            throw SceneDecodingError(path: path + ".deleteSections", message: "names a section twice")
        }
        if let last = indices.max(), last >= sections.count {
            throw SceneDecodingError(
                path: path + ".deleteSections",
                message: "no section \(last) to delete: the scene has \(counted(sections.count, "section"))")
        }
        var kept: [SceneSection] = []
        kept.reserveCapacity(sections.count - doomed.count)
        for (index, section) in sections.enumerated() where !doomed.contains(index) { kept.append(section) }
        sections = kept
    }

    /// Inserts `inserts` at their post-update index paths (applied in ascending order, equal
    /// paths in the order given), each section's in one pass over its items.
    ///
    /// - Throws: `SceneDecodingError` at `path` for a section that does not exist, an item
    ///   index past the end, too many items, or a design name that is not registered.
    mutating func insertItems(_ inserts: [AnimationStep.PlacedItem], path: String) throws {
        let key = path + ".insertItems"
        guard itemCount + inserts.count <= Scene.maximumItemCount else {
            throw SceneDecodingError(
                path: key, message: "the scene may hold at most \(Scene.maximumItemCount) items in total")
        }
        for (i, insert) in inserts.enumerated() { try checkDesignName(ofItem: insert.item, path: key + "[\(i)].item") }
        // Checked one at a time against the section as the inserts before it leave it.
        var placed: [Int: [(position: Int, item: SceneItem)]] = [:]
        for (offset, insert) in inserts.enumerated().sorted(by: {
            ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
        }) {
            let p = insert.at, elementPath = key + "[\(offset)]"
            guard p.section < sections.count else {
                throw SceneDecodingError(
                    path: elementPath,
                    message: "cannot insert an item at \(p): the scene has \(counted(sections.count, "section"))")
            }
            let earlier = placed[p.section]?.count ?? 0, count = sections[p.section].itemCount + earlier
            guard p.item <= count else {
                let with = earlier > 0 ? " (with this step's inserts before it)" : ""
                throw SceneDecodingError(
                    path: elementPath,
                    message: "cannot insert an item at \(p): " + Scene.itemIndexRule(p.section, count, with))
            }
            placed[p.section, default: []].append((p.item, insert.item))
        }
        for (section, items) in placed { sections[section].insertItems(items) }
    }

    /// Deletes the items at `paths` (pre-update index paths), each section's in one pass over its
    /// items.
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item that does not exist.
    mutating func deleteItems(at paths: [IndexPath], path: String) throws {
        // Checked from the last to the first, against the section as the deletions after it
        // leave it. A path named twice is left for the batch update to reject.
        var doomed: [Int: Set<Int>] = [:]
        var named: [Int: Int] = [:]
        for p in paths.sorted().reversed() {
            guard p.section < sections.count, p.item < sections[p.section].itemCount - named[p.section, default: 0]
            else {
                throw SceneDecodingError(path: path + ".deleteItems", message: "no item \(p) to delete")
            }
            named[p.section, default: 0] += 1
            doomed[p.section, default: []].insert(p.item)
        }
        for (section, items) in doomed { sections[section].removeItems(at: items) }
        let removed = Set(paths)
        selected.removeAll { removed.contains($0) }
    }

    /// Where an item may go in a section of `count` items, for an insert or a move past its end:
    /// `section S has N items<note>, so the item index must be 0 to N`.
    static func itemIndexRule(_ section: Int, _ count: Int, _ note: String) -> String {
        "section \(section) has \(counted(count, "item"))\(note), so the item index must be 0 to \(count)"
    }

    /// Moves the item at `from` (pre-update) to `to` (post-update).
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item or destination that does not exist.
    mutating func moveItem(from: IndexPath, to: IndexPath, path: String) throws {
        guard from.section < sections.count, from.item < sections[from.section].itemCount else {
            throw SceneDecodingError(path: path + ".moveItem.from", message: "no item \(from) to move")
        }
        // The destination counts the section after the removal; nothing changes unless both are valid.
        guard to.section >= 0, to.section < sections.count else {
            throw SceneDecodingError(
                path: path + ".moveItem.to",
                message: "cannot move an item to \(to): the scene has \(counted(sections.count, "section"))")
        }
        let count = sections[to.section].itemCount - (to.section == from.section ? 1 : 0)
        guard to.item >= 0, to.item <= count else {
            let left = to.section == from.section ? " once the item has left it" : ""
            throw SceneDecodingError(
                path: path + ".moveItem.to",
                message: "cannot move an item to \(to): " + Scene.itemIndexRule(to.section, count, left))
        }
        let item = sections[from.section].item(at: from.item)
        sections[from.section].remove(at: from.item)
        sections[to.section].insert(item, at: to.item)
    }
}

extension SceneSection {
    /// Takes the items out (the defaults written out for a section of default items), leaving
    /// the section without them, so that the caller holds the only reference and can edit the
    /// array in place; the caller puts them back.
    private mutating func takeItems() -> [SceneItem] {
        let list = items ?? Array(repeating: SceneItem(), count: itemCount)
        items = nil
        return list
    }

    /// Inserts `item` at `index`; a section of default items stays one while `item` is default.
    mutating func insert(_ item: SceneItem, at index: Int) {
        if items == nil && item == SceneItem() {
            itemCount += 1
            return
        }
        var list = takeItems()
        list.insert(item, at: index)
        items = list
        itemCount = list.count
    }

    /// Inserts items so that they are at their positions after all of them (ascending, each at
    /// most the count before it plus the inserts before it), as inserting them one at a time in
    /// that order would, in one pass. A section of default items stays a count when every
    /// inserted item is a default one.
    mutating func insertItems(_ inserts: [(position: Int, item: SceneItem)]) {
        if items == nil && inserts.allSatisfy({ $0.item == SceneItem() }) {
            itemCount += inserts.count
            return
        }
        let old = takeItems()
        var list: [SceneItem] = []
        list.reserveCapacity(old.count + inserts.count)
        var next = 0
        for (position, item) in inserts {
            // Past the last insert's position everything is inserted items, so an insert at or
            // before the end of what is built so far is an append.
            while list.count < position {
                list.append(old[next])
                next += 1
            }
            list.append(item)
        }
        list.append(contentsOf: old[next...])
        items = list
        itemCount = list.count
    }

    /// Replaces the item at `index` with `item`.
    mutating func replace(at index: Int, with item: SceneItem) {
        var list = takeItems()
        list[index] = item
        items = list
    }

    /// Removes the item at `index`.
    mutating func remove(at index: Int) {
        guard items != nil else {
            itemCount -= 1
            return
        }
        var list = takeItems()
        list.remove(at: index)
        items = list
        itemCount = list.count
    }

    /// Removes the items at `indices`, in one pass.
    mutating func removeItems(at indices: Set<Int>) {
        guard items != nil else {
            itemCount -= indices.count
            return
        }
        let old = takeItems()
        var list: [SceneItem] = []
        list.reserveCapacity(old.count - indices.count)
        for (index, item) in old.enumerated() where !indices.contains(index) { list.append(item) }
        items = list
        itemCount = list.count
    }
}
