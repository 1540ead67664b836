/// The recorded changes of one batch update and the index-path mapping they imply.
///
/// Built from the item counts before the update and the recorded insertions, deletions and moves
/// of items and sections, with UIKit's rules (UIKitBehaviour.md §5.2): deletions and move sources
/// use pre-update index paths, insertions and move destinations post-update ones. Sections that
/// are not deleted keep their order and fill, in order, the post-update section indices not taken
/// by an inserted section. Within a section, items that are neither deleted nor moved keep their
/// relative order and fill, in order, the post-update slots not taken by an insertion or a move
/// destination. The items of an inserted section are all new; those of a deleted section all gone.
public struct BatchUpdate: Sendable {
    /// The recorded changes, in the order they were made.
    public let updateItems: [CollectionViewUpdateItem]
    /// Item counts per section before the update.
    public let countsBefore: [Int]
    /// Item counts per section after the update.
    public let countsAfter: [Int]
    /// Old section → new section, or -1 if it was deleted.
    private let sectionOldToNew: [Int]
    /// New section → old section, or -1 if it was inserted.
    private let sectionNewToOld: [Int]
    /// For each old section touched by item changes: old item index → new item index (or -1 if
    /// the item was deleted or moved away).
    private let oldToNew: [Int: [Int]]
    /// For each new section touched by item changes: new item index → old index path (nil for an
    /// insertion).
    private let newToOld: [Int: [IndexPath?]]
    /// Move sources per old path → destination (moves across sections land here).
    private let movedTo: [IndexPath: IndexPath]
    /// Reloaded items (pre-update paths): they keep their place, but their cells are replaced.
    private let reloaded: Set<IndexPath>
    /// Start and end attributes of every element visible before or after the update; filled by
    /// `CollectionView.performBatchUpdates(_:)`, sorted by element key.
    public internal(set) var transitions: [ElementTransition] = []

    /// Validates the changes against `countsBefore` and builds the mapping.
    ///
    /// - Parameter itemCountOfInsertedSection: how many items an inserted section (post-update
    ///   index) holds; the data source's answer.
    /// - Throws: `CollectionViewError.invalidIndexPath` for a deletion / move source outside the old
    ///   data or in a deleted section, an insertion / move destination outside the new counts or in
    ///   an inserted section, or a path or section used twice.
    /// - Complexity: O(u + s + Σ sizes of the sections touched), u = number of update items,
    ///   s = number of sections.
    public init(
        updateItems: [CollectionViewUpdateItem], countsBefore: [Int],
        itemCountOfInsertedSection: (Int) -> Int = { _ in 0 }
    ) throws(CollectionViewError) {
        self.updateItems = updateItems
        self.countsBefore = countsBefore
        var deletedSections = Set<Int>(), insertedSections = Set<Int>()
        for u in updateItems where u.isSectionUpdate {
            if let p = u.indexPathBeforeUpdate {
                guard p.section >= 0, p.section < countsBefore.count else {
                    throw .invalidIndexPath(p, reason: "deletes a section that does not exist before the update")
                }
                guard deletedSections.insert(p.section).inserted else {
                    throw .invalidIndexPath(p, reason: "deletes a section twice in one update")
                }
            } else if let p = u.indexPathAfterUpdate {
                guard p.section >= 0 else { throw .invalidIndexPath(p, reason: "inserts a negative section") }
                guard insertedSections.insert(p.section).inserted else {
                    throw .invalidIndexPath(p, reason: "inserts a section twice in one update")
                }
            }
        }
        let sectionCountAfter = countsBefore.count - deletedSections.count + insertedSections.count
        if let s = insertedSections.max(), s >= sectionCountAfter {
            throw .invalidIndexPath(
                IndexPath(item: CollectionViewUpdateItem.sectionItem, section: s),
                reason: "inserts a section beyond the \(sectionCountAfter) sections after the update")
        }
        var sectionOldToNew = [Int](repeating: -1, count: countsBefore.count)
        var sectionNewToOld = [Int](repeating: -1, count: sectionCountAfter)
        var nextSection = 0
        for s in countsBefore.indices where !deletedSections.contains(s) {
            while insertedSections.contains(nextSection) { nextSection += 1 }
            sectionOldToNew[s] = nextSection
            sectionNewToOld[nextSection] = s
            nextSection += 1
        }
        var after = sectionNewToOld.enumerated().map { new, old in
            old < 0 ? max(0, itemCountOfInsertedSection(new)) : countsBefore[old]
        }
        var removedOld = Set<IndexPath>()
        var fixedNew = [IndexPath: IndexPath?]()  // new path → old path (nil = insertion)
        var movedTo = [IndexPath: IndexPath]()
        func checkOld(_ p: IndexPath) throws(CollectionViewError) {
            guard p.section >= 0, p.section < countsBefore.count, p.item >= 0, p.item < countsBefore[p.section] else {
                throw .invalidIndexPath(p, reason: "does not exist before the update")
            }
            guard sectionOldToNew[p.section] >= 0 else {
                throw .invalidIndexPath(p, reason: "is in a section deleted by the same update")
            }
            guard removedOld.insert(p).inserted else {
                throw .invalidIndexPath(p, reason: "is deleted or moved twice in one update")
            }
        }
        func checkNew(_ p: IndexPath) throws(CollectionViewError) {
            guard p.section >= 0, p.section < sectionCountAfter, p.item >= 0 else {
                throw .invalidIndexPath(p, reason: "is not a valid destination")
            }
            guard sectionNewToOld[p.section] >= 0 else {
                throw .invalidIndexPath(p, reason: "is in a section inserted by the same update")
            }
            guard fixedNew[p] == nil else {
                throw .invalidIndexPath(p, reason: "is inserted or moved to twice in one update")
            }
        }
        var reloaded = Set<IndexPath>()
        for u in updateItems where !u.isSectionUpdate {
            switch u.updateAction {
            case .reload:
                let p = u.indexPathBeforeUpdate!
                guard p.section >= 0, p.section < countsBefore.count, p.item >= 0, p.item < countsBefore[p.section],
                    sectionOldToNew[p.section] >= 0
                else { throw .invalidIndexPath(p, reason: "cannot be reloaded: it does not exist before the update") }
                guard reloaded.insert(p).inserted else {
                    throw .invalidIndexPath(p, reason: "is reloaded twice in one update")
                }
            case .delete:
                let p = u.indexPathBeforeUpdate!
                try checkOld(p)
                after[sectionOldToNew[p.section]] -= 1
            case .insert:
                let p = u.indexPathAfterUpdate!
                try checkNew(p)
                fixedNew[p] = .some(nil)
                after[p.section] += 1
            case .move:
                let from = u.indexPathBeforeUpdate!, to = u.indexPathAfterUpdate!
                try checkOld(from)
                try checkNew(to)
                fixedNew[to] = .some(from)
                movedTo[from] = to
                after[sectionOldToNew[from.section]] -= 1
                after[to.section] += 1
            }
        }
        for (p, _) in fixedNew where p.item >= after[p.section] {
            throw .invalidIndexPath(
                p, reason: "is beyond the \(after[p.section]) items of section \(p.section) after the update")
        }
        if let p = reloaded.intersection(removedOld).min() {
            throw .invalidIndexPath(p, reason: "is reloaded and deleted or moved in one update")
        }
        self.countsAfter = after
        self.movedTo = movedTo
        self.reloaded = reloaded
        self.sectionOldToNew = sectionOldToNew
        self.sectionNewToOld = sectionNewToOld
        // Sections whose items change, and those renumbered, get explicit maps; the rest map item i to i.
        var touched = Set<Int>()  // new section indices
        for p in removedOld { touched.insert(sectionOldToNew[p.section]) }
        for p in fixedNew.keys { touched.insert(p.section) }
        var oldToNew: [Int: [Int]] = [:]
        var newToOld: [Int: [IndexPath?]] = [:]
        for new in touched.sorted() {
            let old = sectionNewToOld[new]
            var o2n = [Int](repeating: -1, count: countsBefore[old])
            var n2o = [IndexPath?](repeating: nil, count: after[new])
            var slot = 0
            for oldItem in 0..<countsBefore[old] {
                let oldPath = IndexPath(item: oldItem, section: old)
                if removedOld.contains(oldPath) { continue }
                while slot < after[new], fixedNew[IndexPath(item: slot, section: new)] != nil { slot += 1 }
                o2n[oldItem] = slot
                n2o[slot] = oldPath
                slot += 1
            }
            for item in 0..<after[new] {
                if let fixed = fixedNew[IndexPath(item: item, section: new)] { n2o[item] = fixed }
            }
            oldToNew[old] = o2n
            newToOld[new] = n2o
        }
        self.oldToNew = oldToNew
        self.newToOld = newToOld
    }

    /// The post-update index path of the item at pre-update `indexPath`, or nil if it was deleted
    /// (with its section, perhaps) or never existed.
    public func indexPathAfterUpdate(for indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < countsBefore.count, indexPath.item >= 0,
            indexPath.item < countsBefore[indexPath.section]
        else { return nil }
        if let to = movedTo[indexPath] { return to }
        let section = sectionOldToNew[indexPath.section]
        guard section >= 0 else { return nil }
        guard let map = oldToNew[indexPath.section] else { return IndexPath(item: indexPath.item, section: section) }
        let n = map[indexPath.item]
        return n < 0 ? nil : IndexPath(item: n, section: section)
    }

    /// The pre-update index path of the item at post-update `indexPath`, or nil if it was inserted
    /// (with its section, perhaps) or does not exist.
    public func indexPathBeforeUpdate(for indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < countsAfter.count, indexPath.item >= 0,
            indexPath.item < countsAfter[indexPath.section]
        else { return nil }
        let section = sectionNewToOld[indexPath.section]
        guard section >= 0 else { return nil }
        guard let map = newToOld[indexPath.section] else { return IndexPath(item: indexPath.item, section: section) }
        return map[indexPath.item]
    }

    /// The post-update index of pre-update `section`, or nil if it was deleted or never existed.
    public func sectionAfterUpdate(for section: Int) -> Int? {
        guard section >= 0, section < sectionOldToNew.count, sectionOldToNew[section] >= 0 else { return nil }
        return sectionOldToNew[section]
    }

    /// The pre-update index of post-update `section`, or nil if it was inserted or does not exist.
    public func sectionBeforeUpdate(for section: Int) -> Int? {
        guard section >= 0, section < sectionNewToOld.count, sectionNewToOld[section] >= 0 else { return nil }
        return sectionNewToOld[section]
    }

    /// The post-update index paths of inserted items (not counting those of inserted sections),
    /// sorted.
    public var insertedIndexPaths: [IndexPath] {
        updateItems.filter { $0.updateAction == .insert && !$0.isSectionUpdate }.map { $0.indexPathAfterUpdate! }
            .sorted()
    }

    /// The pre-update index paths of deleted items (not counting those of deleted sections), sorted.
    public var deletedIndexPaths: [IndexPath] {
        updateItems.filter { $0.updateAction == .delete && !$0.isSectionUpdate }.map { $0.indexPathBeforeUpdate! }
            .sorted()
    }

    /// The pre-update index paths of reloaded items, sorted.
    public var reloadedIndexPaths: [IndexPath] { reloaded.sorted() }

    /// Whether the item at pre-update `indexPath` was reloaded.
    public func isReloaded(_ indexPath: IndexPath) -> Bool { reloaded.contains(indexPath) }

    /// The post-update indices of inserted sections, sorted.
    public var insertedSections: [Int] {
        updateItems.filter { $0.updateAction == .insert && $0.isSectionUpdate }.map { $0.indexPathAfterUpdate!.section }
            .sorted()
    }

    /// The pre-update indices of deleted sections, sorted.
    public var deletedSections: [Int] {
        updateItems.filter { $0.updateAction == .delete && $0.isSectionUpdate }.map {
            $0.indexPathBeforeUpdate!.section
        }
        .sorted()
    }

    /// The post-update index path of an element at its pre-update index path: a cell's item moves
    /// as the item does; a supplementary or decoration view keeps its item and follows its section.
    /// Nil if the element's item or section is gone.
    public func indexPathAfterUpdate(forElement key: ElementKey) -> IndexPath? {
        if key.category == .cell { return indexPathAfterUpdate(for: key.indexPath) }
        return sectionAfterUpdate(for: key.indexPath.section).map { IndexPath(item: key.indexPath.item, section: $0) }
    }

    /// The pre-update index path of an element at its post-update index path (as
    /// `indexPathAfterUpdate(forElement:)`, the other way). Nil if the element is new.
    public func indexPathBeforeUpdate(forElement key: ElementKey) -> IndexPath? {
        if key.category == .cell { return indexPathBeforeUpdate(for: key.indexPath) }
        return sectionBeforeUpdate(for: key.indexPath.section).map { IndexPath(item: key.indexPath.item, section: $0) }
    }
}
