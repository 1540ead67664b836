/// The recorded changes of one batch update and the index-path mapping they imply.
///
/// Built from the item counts before the update and the recorded insertions, deletions and moves,
/// with UIKit's rules (UIKitBehaviour.md §5.2): deletions and move sources use pre-update paths,
/// insertions and move destinations post-update paths. Items that are neither deleted nor moved
/// keep their relative order and fill, in order, the post-update slots not taken by an insertion
/// or a move destination.
public struct BatchUpdate: Sendable {
    /// The recorded changes, in the order they were made.
    public let updateItems: [CollectionViewUpdateItem]
    /// Item counts per section before the update.
    public let countsBefore: [Int]
    /// Item counts per section after the update.
    public let countsAfter: [Int]
    /// For each section touched by the update: old item index → new item index (or -1 if deleted).
    private let oldToNew: [Int: [Int]]
    /// For each section touched: new item index → old index path (nil for an insertion).
    private let newToOld: [Int: [IndexPath?]]
    /// Move sources per old path → destination (moves across sections land here).
    private let movedTo: [IndexPath: IndexPath]
    /// Start and end attributes of every element visible before or after the update; filled by
    /// `CollectionView.performBatchUpdates(_:)`, sorted by element key.
    public internal(set) var transitions: [ElementTransition] = []

    /// Validates the changes against `countsBefore` and builds the mapping.
    ///
    /// - Throws: `CollectionViewError.invalidIndexPath` for a deletion / move source outside the old
    ///   data, an insertion / move destination outside the new counts, or a path used twice.
    /// - Complexity: O(u + Σ sizes of the sections touched), u = number of update items.
    public init(updateItems: [CollectionViewUpdateItem], countsBefore: [Int]) throws(CollectionViewError) {
        self.updateItems = updateItems
        self.countsBefore = countsBefore
        var after = countsBefore
        var removedOld = Set<IndexPath>()
        var fixedNew = [IndexPath: IndexPath?]()  // new path → old path (nil = insertion)
        var movedTo = [IndexPath: IndexPath]()
        func checkOld(_ p: IndexPath) throws(CollectionViewError) {
            guard p.section >= 0, p.section < countsBefore.count, p.item >= 0, p.item < countsBefore[p.section] else {
                throw .invalidIndexPath(p, reason: "does not exist before the update")
            }
            guard removedOld.insert(p).inserted else {
                throw .invalidIndexPath(p, reason: "is deleted or moved twice in one update")
            }
        }
        func checkNewSection(_ p: IndexPath) throws(CollectionViewError) {
            guard p.section >= 0, p.section < countsBefore.count, p.item >= 0 else {
                throw .invalidIndexPath(p, reason: "is not a valid destination")
            }
            guard fixedNew[p] == nil else {
                throw .invalidIndexPath(p, reason: "is inserted or moved to twice in one update")
            }
        }
        for u in updateItems {
            switch u.updateAction {
            case .delete:
                let p = u.indexPathBeforeUpdate!
                try checkOld(p)
                after[p.section] -= 1
            case .insert:
                let p = u.indexPathAfterUpdate!
                try checkNewSection(p)
                fixedNew[p] = .some(nil)
                after[p.section] += 1
            case .move:
                let from = u.indexPathBeforeUpdate!, to = u.indexPathAfterUpdate!
                try checkOld(from)
                try checkNewSection(to)
                fixedNew[to] = .some(from)
                movedTo[from] = to
                after[from.section] -= 1
                after[to.section] += 1
            }
        }
        for (p, _) in fixedNew where p.item >= after[p.section] {
            throw .invalidIndexPath(
                p, reason: "is beyond the \(after[p.section]) items of section \(p.section) after the update")
        }
        self.countsAfter = after
        self.movedTo = movedTo
        var touched = Set<Int>()
        for p in removedOld { touched.insert(p.section) }
        for p in fixedNew.keys { touched.insert(p.section) }
        var oldToNew: [Int: [Int]] = [:]
        var newToOld: [Int: [IndexPath?]] = [:]
        for s in touched.sorted() {
            var o2n = [Int](repeating: -1, count: countsBefore[s])
            var n2o = [IndexPath?](repeating: nil, count: after[s])
            var slot = 0
            for oldItem in 0..<countsBefore[s] {
                let old = IndexPath(item: oldItem, section: s)
                if removedOld.contains(old) { continue }
                while slot < after[s], fixedNew[IndexPath(item: slot, section: s)] != nil { slot += 1 }
                o2n[oldItem] = slot
                n2o[slot] = old
                slot += 1
            }
            for item in 0..<after[s] {
                if let fixed = fixedNew[IndexPath(item: item, section: s)] { n2o[item] = fixed }
            }
            for (from, to) in movedTo where from.section == s && to.section == s { o2n[from.item] = to.item }
            oldToNew[s] = o2n
            newToOld[s] = n2o
        }
        self.oldToNew = oldToNew
        self.newToOld = newToOld
    }

    /// The post-update index path of the item at pre-update `indexPath`, or nil if it was deleted
    /// (or never existed).
    public func indexPathAfterUpdate(for indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < countsBefore.count, indexPath.item >= 0,
            indexPath.item < countsBefore[indexPath.section]
        else { return nil }
        if let to = movedTo[indexPath] { return to }
        guard let map = oldToNew[indexPath.section] else { return indexPath }
        let n = map[indexPath.item]
        return n < 0 ? nil : IndexPath(item: n, section: indexPath.section)
    }

    /// The pre-update index path of the item at post-update `indexPath`, or nil if it was inserted
    /// (or does not exist).
    public func indexPathBeforeUpdate(for indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section >= 0, indexPath.section < countsAfter.count, indexPath.item >= 0,
            indexPath.item < countsAfter[indexPath.section]
        else { return nil }
        guard let map = newToOld[indexPath.section] else { return indexPath }
        return map[indexPath.item]
    }

    /// The post-update index paths of inserted items, sorted.
    public var insertedIndexPaths: [IndexPath] {
        updateItems.filter { $0.updateAction == .insert }.map { $0.indexPathAfterUpdate! }.sorted()
    }

    /// The pre-update index paths of deleted items, sorted.
    public var deletedIndexPaths: [IndexPath] {
        updateItems.filter { $0.updateAction == .delete }.map { $0.indexPathBeforeUpdate! }.sorted()
    }
}
