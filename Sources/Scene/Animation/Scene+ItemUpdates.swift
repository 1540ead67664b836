import Layout

/// The data side of a batch update: the scene's sections edited as a data source's model is.
extension Scene {
    /// Replaces the items at `replacements`' paths (pre-update) with their new content.
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item that does not exist, one named twice,
    ///   or a design name that is not registered.
    mutating func reloadItems(_ replacements: [AnimationStep.ItemReload], path: String) throws {
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
                message: "cannot insert at section \(index): the scene has \(sections.count) sections")
        }
        guard itemCount + new.reduce(0, { $0 + $1.itemCount }) <= Scene.maximumItemCount else {
            throw SceneDecodingError(
                path: key + ".sections", message: "the scene may hold at most \(Scene.maximumItemCount) items in total")
        }
        for (i, section) in new.enumerated() { try checkDesignNames(in: section, path: key + ".sections[\(i)]") }
        sections.insert(contentsOf: new, at: index)
    }

    /// Deletes the sections at `indices` (pre-update), with their items.
    ///
    /// - Throws: `SceneDecodingError` at `path` for a section that does not exist or is named twice.
    mutating func deleteSections(_ indices: [Int], path: String) throws {
        guard Set(indices).count == indices.count else {
            throw SceneDecodingError(path: path + ".deleteSections", message: "names a section twice")
        }
        for s in indices.sorted().reversed() {
            guard s < sections.count else {
                throw SceneDecodingError(
                    path: path + ".deleteSections",
                    message: "no section \(s) to delete: the scene has \(sections.count) sections")
            }
            sections.remove(at: s)
        }
    }

    /// Inserts default items at `paths` (post-update index paths, applied in ascending order).
    ///
    /// - Throws: `SceneDecodingError` at `path` for a section that does not exist or an item
    ///   index past the end.
    mutating func insertItems(at paths: [IndexPath], path: String) throws {
        guard itemCount + paths.count <= Scene.maximumItemCount else {
            throw SceneDecodingError(
                path: path + ".insertItems",
                message: "the scene may hold at most \(Scene.maximumItemCount) items in total")
        }
        for p in paths.sorted() {
            guard p.section < sections.count, p.item <= sections[p.section].itemCount else {
                throw SceneDecodingError(path: path + ".insertItems", message: "cannot insert an item at \(p)")
            }
            sections[p.section].insert(SceneItem(), at: p.item)
        }
    }

    /// Deletes the items at `paths` (pre-update index paths, removed from the last to the first).
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item that does not exist.
    mutating func deleteItems(at paths: [IndexPath], path: String) throws {
        for p in paths.sorted().reversed() {
            guard p.section < sections.count, p.item < sections[p.section].itemCount else {
                throw SceneDecodingError(path: path + ".deleteItems", message: "no item \(p) to delete")
            }
            sections[p.section].remove(at: p.item)
        }
        selected.removeAll { paths.contains($0) }
    }

    /// Moves the item at `from` (pre-update) to `to` (post-update).
    ///
    /// - Throws: `SceneDecodingError` at `path` for an item or destination that does not exist.
    mutating func moveItem(from: IndexPath, to: IndexPath, path: String) throws {
        guard from.section < sections.count, from.item < sections[from.section].itemCount else {
            throw SceneDecodingError(path: path + ".moveItem.from", message: "no item \(from) to move")
        }
        // The destination counts the section after the removal; nothing changes unless both are valid.
        guard to.section >= 0, to.section < sections.count,
            to.item >= 0, to.item <= sections[to.section].itemCount - (to.section == from.section ? 1 : 0)
        else {
            throw SceneDecodingError(path: path + ".moveItem.to", message: "cannot move an item to \(to)")
        }
        let item = sections[from.section].item(at: from.item)
        sections[from.section].remove(at: from.item)
        sections[to.section].insert(item, at: to.item)
    }
}

extension SceneSection {
    /// Inserts `item` at `index`; a section of default items stays one while `item` is default.
    mutating func insert(_ item: SceneItem, at index: Int) {
        if items == nil && item == SceneItem() {
            itemCount += 1
            return
        }
        var list = items ?? Array(repeating: SceneItem(), count: itemCount)
        list.insert(item, at: index)
        items = list
        itemCount = list.count
    }

    /// Replaces the item at `index` with `item`.
    mutating func replace(at index: Int, with item: SceneItem) {
        var list = items ?? Array(repeating: SceneItem(), count: itemCount)
        list[index] = item
        items = list
    }

    /// Removes the item at `index`.
    mutating func remove(at index: Int) {
        guard var list = items else {
            itemCount -= 1
            return
        }
        list.remove(at: index)
        items = list
        itemCount = list.count
    }
}
