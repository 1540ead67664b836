import Geometry
import Testing

@testable import Layout

@Suite struct LayoutAttributesTests {
    @Test func defaultsAndFrameCentreSize() {
        var a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 1))
        #expect(a.alpha == 1 && a.zIndex == 0 && !a.isHidden && a.transform3D.isIdentity)
        #expect(a.representedElementCategory == .cell && a.representedElementKind == nil)
        a.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(a.center == Point(x: 25, y: 40) && a.size == Size(width: 30, height: 40))
        a.center = Point(x: 0, y: 0)
        #expect(a.frame == Rect(x: -15, y: -20, width: 30, height: 40))
        a.size = Size(width: 10, height: 10)
        #expect(a.frame == Rect(x: -5, y: -5, width: 10, height: 10))
        a.bounds = Rect(x: 0, y: 0, width: 2, height: 4)
        #expect(a.center == .zero && a.frame == Rect(x: -1, y: -2, width: 2, height: 4))
        a.transform = AffineTransform(scaleX: 2, y: 3)
        #expect(a.transform3D == Transform3D(scaleX: 2, y: 3, z: 1))
        let h = CollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 2))
        #expect(h.representedElementCategory == .supplementaryView && h.representedElementKind == "header")
        let d = CollectionViewLayoutAttributes(
            forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 0))
        #expect(d.representedElementCategory == .decorationView && d.representedElementKind == "background")
        #expect(
            CollectionView.elementKindSectionFooter == "footer" && CollectionView.elementKindSectionHeader == "header")
    }

    @Test func interpolation() {
        var a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        var b = a
        b.frame = Rect(x: 100, y: 50, width: 30, height: 10)
        b.alpha = 0
        b.zIndex = 5
        b.transform3D = Transform3D(scaleX: 3, y: 3, z: 1)
        let m = a.interpolated(to: b, fraction: 0.25)
        #expect(m.center == Point(x: 32.5, y: 17.5) && m.size == Size(width: 15, height: 10))
        #expect(m.alpha == 0.75 && m.transform3D.m11 == 1.5 && m.zIndex == 5)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        // A spring's overshoot extrapolates the geometry but not alpha, which stays in 0…1.
        let over = a.interpolated(to: b, fraction: 1.2), under = a.interpolated(to: b, fraction: -0.2)
        #expect(abs(over.center.x - 137) < 1e-9 && abs(under.center.x - (-17)) < 1e-9)
        #expect(over.alpha == 0 && under.alpha == 1)
    }
}

@Suite struct CollectionViewTests {
    @Test func reuseQueueCreatesOnlyAScreenful() throws {
        let ds = TestDataSource([10_000])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        // 480 / 60 → at most 9 rows of 5 are visible at once.
        #expect(cv.visibleCells.count == 40)
        let height = cv.contentSize.height
        #expect(height == 2000 * 60 - 10)
        var y = 0.0, maxVisible = 0
        while y < height - 480 {
            y += 37
            cv.contentOffset = Point(x: 0, y: y)
            try cv.layoutSubviews()
            maxVisible = max(maxVisible, cv.visibleCells.count)
        }
        #expect(maxVisible <= 45)
        #expect(cv.createdViewCount <= 50)
        #expect(cv.reusedViewCount > 9_000)
        #expect(cv.indexPathsForVisibleItems.last == IndexPath(item: 9_999, section: 0))
        // Every shown cell carries its current attributes.
        for cell in cv.visibleCells { #expect((cell as! TestCell).layoutAttributes!.frame.intersects(cv.bounds)) }
    }

    @Test func unregisteredIdentifierThrows() {
        let cv = CollectionView(
            frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: CollectionViewFlowLayout())
        #expect(throws: CollectionViewError.unregisteredReuseIdentifier("nope", kind: nil)) {
            _ = try cv.dequeueReusableCell(withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
        }
    }

    @Test func indexPathForItemPicksTheTopmost() {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([10]))
        #expect(cv.indexPathForItem(at: Point(x: 70, y: 70)) == IndexPath(item: 6, section: 0))
        #expect(cv.indexPathForItem(at: Point(x: 55, y: 10)) == nil)  // in a gap
        // Overlapping: the Line layout zooms but hit-testing uses frames; give item 1 a higher zIndex.
        let l = LineLayout()
        l.minimumLineSpacing = -100  // items overlap by 100 points
        let line = makeCollectionView(l, size: Size(width: 400, height: 1000), dataSource: TestDataSource([3]))
        // Item 0: x 0…200, item 1: x 100…300; visible mid-x 200 → item 1 (centre 200) zooms more but
        // both get zIndex 1 → the greater index path wins.
        #expect(line.indexPathForItem(at: Point(x: 150, y: 500)) == IndexPath(item: 1, section: 0))
    }

    @Test func tapRunsTheDelegateSequenceInUIKitsOrder() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        try cv.tapItem(at: IndexPath(item: 2, section: 0))
        #expect(
            ds.events == [
                "shouldHighlight [0, 2]", "didHighlight [0, 2]", "didUnhighlight [0, 2]", "shouldSelect [0, 2]",
                "didSelect [0, 2]",
            ])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0))!.isSelected)
        ds.events = []
        try cv.tapItem(at: IndexPath(item: 4, section: 0))
        #expect(
            ds.events == [
                "shouldHighlight [0, 4]", "didHighlight [0, 4]", "didUnhighlight [0, 4]", "shouldSelect [0, 4]",
                "didDeselect [0, 2]", "didSelect [0, 4]",
            ])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(!cv.cellForItem(at: IndexPath(item: 2, section: 0))!.isSelected)
    }

    @Test func highlightStateWhileTouching() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        #expect(cv.beginTouch(at: Point(x: 10, y: 10)) == IndexPath(item: 0, section: 0))
        #expect(cv.isItemHighlighted(at: IndexPath(item: 0, section: 0)))
        #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0))!.isHighlighted)
        cv.cancelTouch()
        #expect(!cv.isItemHighlighted(at: IndexPath(item: 0, section: 0)))
        #expect(cv.indexPathsForSelectedItems.isEmpty)
        #expect(ds.events == ["shouldHighlight [0, 0]", "didHighlight [0, 0]", "didUnhighlight [0, 0]"])
    }

    @Test func shouldHighlightFalseSkipsSelection() throws {
        let ds = TestDataSource([10])
        ds.shouldHighlight = false
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(ds.events == ["shouldHighlight [0, 1]"])
        #expect(cv.indexPathsForSelectedItems.isEmpty)
    }

    @Test func multipleSelectionTogglesWithShouldDeselect() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        cv.allowsMultipleSelection = true
        try cv.tapItem(at: IndexPath(item: 1, section: 0))
        try cv.tapItem(at: IndexPath(item: 3, section: 0))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        ds.events = []
        try cv.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(ds.events.suffix(2) == ["shouldDeselect [0, 1]", "didDeselect [0, 1]"])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    }

    @Test func programmaticSelectionCallsNoDelegate() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.selectItem(at: IndexPath(item: 5, section: 0))
        try cv.selectItem(at: IndexPath(item: 6, section: 0))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
        cv.deselectItem(at: IndexPath(item: 6, section: 0))
        #expect(ds.events.isEmpty && cv.indexPathsForSelectedItems.isEmpty)
        #expect(throws: CollectionViewError.self) { try cv.selectItem(at: IndexPath(item: 10, section: 0)) }
        cv.allowsSelection = false
        try cv.selectItem(at: IndexPath(item: 1, section: 0))
        #expect(cv.indexPathsForSelectedItems.isEmpty)
        #expect(cv.tap(at: Point(x: 10, y: 10)) == nil)
    }

    @Test func menus() {
        let ds = TestDataSource([3])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        #expect(cv.menuActions(forItemAt: IndexPath(item: 0, section: 0)).isEmpty)
        ds.menuActions = [.copy, .paste]
        #expect(cv.menuActions(forItemAt: IndexPath(item: 0, section: 0)) == [.copy, .paste])
        #expect(!cv.performMenuAction(.cut, forItemAt: IndexPath(item: 0, section: 0)))
        #expect(cv.performMenuAction(.copy, forItemAt: IndexPath(item: 0, section: 0)))
        #expect(ds.performed == [.copy])
    }
}

@Suite struct BatchUpdateTests {
    @Test func mappingFollowsUIKitsRules() throws {
        // Old A…J; delete C (2), move F (5) → 8, insert X at 0 → X A B D E G H I F J.
        let update = try BatchUpdate(
            updateItems: [
                .delete(IndexPath(item: 2, section: 0)),
                .move(from: IndexPath(item: 5, section: 0), to: IndexPath(item: 8, section: 0)),
                .insert(IndexPath(item: 0, section: 0)),
            ], countsBefore: [10])
        let after = (0..<10).map { update.indexPathAfterUpdate(for: IndexPath(item: $0, section: 0))?.item ?? -1 }
        #expect(after == [1, 2, -1, 3, 4, 8, 5, 6, 7, 9])
        let before = (0..<10).map { update.indexPathBeforeUpdate(for: IndexPath(item: $0, section: 0))?.item ?? -1 }
        #expect(before == [-1, 0, 1, 3, 4, 6, 7, 8, 5, 9])
        #expect(update.countsAfter == [10])
    }

    @Test func invalidUpdatesThrow() {
        #expect(throws: CollectionViewError.self) {
            _ = try BatchUpdate(updateItems: [.delete(IndexPath(item: 5, section: 0))], countsBefore: [5])
        }
        #expect(throws: CollectionViewError.self) {
            _ = try BatchUpdate(updateItems: [.insert(IndexPath(item: 6, section: 0))], countsBefore: [5])
        }
    }

    @Test func sectionUpdatesRenumberSectionsAndTheirItems() throws {
        // Old sections A(3) B(2) C(4): delete A, insert N (5 items) at 1, delete B's item 0,
        // insert an item at C's new index 0 → B(1) N(5) C(5).
        let update = try BatchUpdate(
            updateItems: [
                .deleteSection(0), .insertSection(1),
                .delete(IndexPath(item: 0, section: 1)), .insert(IndexPath(item: 0, section: 2)),
            ], countsBefore: [3, 2, 4], itemCountOfInsertedSection: { $0 == 1 ? 5 : -1 })
        #expect(update.countsAfter == [1, 5, 5])
        #expect(update.insertedSections == [1] && update.deletedSections == [0])
        #expect(update.insertedIndexPaths == [IndexPath(item: 0, section: 2)])
        #expect((0..<3).map { update.sectionAfterUpdate(for: $0) } == [nil, 0, 2])
        #expect((0..<3).map { update.sectionBeforeUpdate(for: $0) } == [1, nil, 2])
        #expect(update.indexPathAfterUpdate(for: IndexPath(item: 2, section: 0)) == nil)
        #expect(update.indexPathAfterUpdate(for: IndexPath(item: 0, section: 1)) == nil)
        #expect(update.indexPathAfterUpdate(for: IndexPath(item: 1, section: 1)) == IndexPath(item: 0, section: 0))
        #expect(update.indexPathAfterUpdate(for: IndexPath(item: 3, section: 2)) == IndexPath(item: 4, section: 2))
        #expect(update.indexPathBeforeUpdate(for: IndexPath(item: 4, section: 1)) == nil)
        #expect(update.indexPathBeforeUpdate(for: IndexPath(item: 0, section: 2)) == nil)
        #expect(update.indexPathBeforeUpdate(for: IndexPath(item: 1, section: 2)) == IndexPath(item: 0, section: 2))
        let header = ElementKey(category: .supplementaryView, kind: "header", indexPath: IndexPath(item: 0, section: 2))
        #expect(update.indexPathBeforeUpdate(forElement: header) == IndexPath(item: 0, section: 2))
        #expect(update.indexPathAfterUpdate(forElement: header) == IndexPath(item: 0, section: 2))
        let oldHeader = ElementKey(
            category: .supplementaryView, kind: "header", indexPath: IndexPath(item: 0, section: 1))
        #expect(update.indexPathAfterUpdate(forElement: oldHeader) == IndexPath(item: 0, section: 0))
    }

    @Test func invalidSectionUpdatesThrow() {
        #expect(throws: CollectionViewError.self) {  // a section that does not exist
            _ = try BatchUpdate(updateItems: [.deleteSection(2)], countsBefore: [1, 1])
        }
        #expect(throws: CollectionViewError.self) {  // past the new section count
            _ = try BatchUpdate(updateItems: [.insertSection(3)], countsBefore: [1, 1])
        }
        #expect(throws: CollectionViewError.self) {  // an item of a deleted section
            _ = try BatchUpdate(
                updateItems: [.deleteSection(0), .delete(IndexPath(item: 0, section: 0))], countsBefore: [1, 1])
        }
        #expect(throws: CollectionViewError.self) {  // an item into an inserted section
            _ = try BatchUpdate(
                updateItems: [.insertSection(0), .insert(IndexPath(item: 0, section: 0))], countsBefore: [1])
        }
    }

    @Test func collectionViewInsertsAndDeletesSections() throws {
        let ds = TestDataSource([4, 4])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        try cv.selectItem(at: IndexPath(item: 1, section: 1))
        #expect(throws: CollectionViewError.sectionCountChanged(expected: 3, actual: 2)) {
            try cv.insertSections([0])
        }
        try cv.selectItem(at: IndexPath(item: 1, section: 1))
        let update = try cv.performBatchUpdates {
            ds.counts = [2, 4, 4]
            try cv.insertSections([0])
        }
        #expect(cv.numberOfSections == 3)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 2)])
        // The new section's items fade in where they end; the old items move down a section.
        let new = update.transitions.filter { $0.key.indexPath.section == 0 && $0.change == .appearing }
        #expect(new.count == 2 && new.allSatisfy { $0.start.alpha == 0 && $0.start.frame == $0.end.frame })
        let moved = update.transitions.first { $0.key.indexPath == IndexPath(item: 0, section: 1) }!
        #expect(moved.change == .persisting && moved.start.frame.minY < moved.end.frame.minY)
        try cv.layoutSubviews()
        let deletion = try cv.performBatchUpdates {
            ds.counts = [4]
            try cv.deleteSections([0, 1])
        }
        #expect(cv.numberOfSections == 1)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(cv.indexPathsForVisibleItems.allSatisfy { $0.section == 0 })
        // Items of the deleted sections fade out where they were.
        let gone = deletion.transitions.filter { $0.change == .disappearing }
        #expect(gone.count == 6 && gone.allSatisfy { $0.end.alpha == 0 && $0.end.frame == $0.start.frame })
    }

    @Test func aReloadKeepsThePlaceAndCrossFadesANewCell() throws {
        let update = try BatchUpdate(
            updateItems: [.reload(IndexPath(item: 3, section: 0)), .delete(IndexPath(item: 0, section: 0))],
            countsBefore: [6])
        #expect(update.isReloaded(IndexPath(item: 3, section: 0)) && update.countsAfter == [5])
        #expect(update.indexPathAfterUpdate(for: IndexPath(item: 3, section: 0)) == IndexPath(item: 2, section: 0))
        #expect(throws: CollectionViewError.self) {
            _ = try BatchUpdate(
                updateItems: [.reload(IndexPath(item: 1, section: 0)), .delete(IndexPath(item: 1, section: 0))],
                countsBefore: [6])
        }
        let ds = TestDataSource([6])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        let oldCell = try #require(cv.cellForItem(at: IndexPath(item: 3, section: 0)) as? TestCell)
        let reusesBefore = oldCell.reuseCount
        let reload = try cv.performBatchUpdates { try cv.reloadItems(at: [IndexPath(item: 3, section: 0)]) }
        let pair = reload.transitions.filter { $0.key.indexPath == IndexPath(item: 3, section: 0) }
        #expect(pair.map(\.change) == [.appearing, .disappearing])
        #expect(pair.allSatisfy { $0.start.frame == $0.end.frame })
        #expect(
            pair[0].start.alpha == 0 && pair[0].end.alpha == 1 && pair[1].start.alpha == 1 && pair[1].end.alpha == 0)
        #expect(reload.transitions.filter { $0.change == .persisting }.count == 5)
        try cv.layoutSubviews()
        // The old cell went back to the queue and was dequeued again for the item: prepared for reuse.
        let newCell = try #require(cv.cellForItem(at: IndexPath(item: 3, section: 0)) as? TestCell)
        #expect(newCell !== oldCell || oldCell.reuseCount == reusesBefore + 1)
        #expect(cv.reusedViewCount >= 1)
    }

    @Test func aSectionReloadFadesItsOldElementsOutAndItsNewOnesIn() throws {
        let ds = TestDataSource([3, 2])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        let update = try cv.performBatchUpdates {
            ds.counts = [3, 4]
            try cv.reloadSections([1])
        }
        #expect(cv.numberOfItems(inSection: 1) == 4)
        let section1 = update.transitions.filter { $0.key.indexPath.section == 1 }
        #expect(section1.filter { $0.change == .disappearing }.count == 2)
        #expect(section1.filter { $0.change == .appearing }.count == 4)
        #expect(section1.allSatisfy { $0.change != .persisting })
        #expect(update.transitions.filter { $0.key.indexPath.section == 0 }.allSatisfy { $0.change == .persisting })
    }

    /// UIKit starts an item that was off screen and comes into view from its old place (its
    /// collection view keeps the old layout's attributes), so items pulled up by a deletion slide
    /// in from below the edge instead of popping in over the item leaving their place.
    @Test func itemsPulledIntoViewSlideInFromTheirOldPlace() throws {
        // 320 × 480, 50 × 50 items, 5 per row, 60 pt per row: items 0–39 are visible.
        let ds = TestDataSource([200])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        let oneGone = try cv.performBatchUpdates {
            ds.counts[0] = 199
            try cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }
        let entered = try #require(oneGone.transitions.first { $0.key.indexPath.item == 39 })
        #expect(entered.change == .appearing)
        #expect(entered.start.frame == Rect(x: 0, y: 480, width: 50, height: 50) && entered.start.alpha == 1)
        #expect(entered.start.indexPath == IndexPath(item: 39, section: 0))
        #expect(entered.end.frame == Rect(x: 270, y: 420, width: 50, height: 50) && entered.end.alpha == 1)

        // From within a screen of the edge: old item 56 (row 11, y 660) becomes item 36 (row 7).
        try cv.layoutSubviews()
        let rowsGone = try cv.performBatchUpdates {
            ds.counts[0] = 179
            try cv.deleteItems(at: (0..<20).map { IndexPath(item: $0, section: 0) })
        }
        let fromBelow = try #require(rowsGone.transitions.first { $0.key.indexPath.item == 36 })
        #expect(fromBelow.change == .appearing && fromBelow.start.frame.minY == 660 && fromBelow.start.alpha == 1)

        // From farther than a screen beyond the edge: its old place is not known, so it fades in.
        try cv.layoutSubviews()
        let farGone = try cv.performBatchUpdates {
            ds.counts[0] = 79
            try cv.deleteItems(at: (0..<100).map { IndexPath(item: $0, section: 0) })
        }
        let faded = farGone.transitions.filter { $0.change == .appearing }
        #expect(faded.count == 40)
        #expect(faded.allSatisfy { $0.start.alpha == 0 && $0.start.frame == $0.end.frame })
    }

    @Test func collectionViewChecksCountsAndMovesSelection() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        try cv.selectItem(at: IndexPath(item: 6, section: 0))
        #expect(throws: CollectionViewError.inconsistentUpdate(section: 0, expected: 11, actual: 10)) {
            try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        try cv.selectItem(at: IndexPath(item: 6, section: 0))
        try cv.layoutSubviews()
        let update = try cv.performBatchUpdates {
            ds.counts[0] = 10
            try cv.deleteItems(at: [IndexPath(item: 2, section: 0)])
            try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(update.updateItems.count == 2)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
        // Flow default: the inserted item fades in at its final place, the deleted one fades out at its old one.
        let inserted = update.transitions.first { $0.key.indexPath.item == 0 && $0.change == .appearing }!
        #expect(inserted.start.alpha == 0 && inserted.start.frame == inserted.end.frame)
        let deleted = update.transitions.first { $0.change == .disappearing }!
        #expect(deleted.end.alpha == 0 && deleted.end.frame == Rect(x: 135, y: 0, width: 50, height: 50))
        let moved = update.transitions.first { $0.key.indexPath.item == 1 }!
        #expect(moved.change == .persisting && moved.start.frame.minX == 0 && moved.end.frame.minX == 67.5)
    }
}

@Suite struct InteractiveMovementTests {
    @Test func dragReordersAndCallsTheDataSourceOnEnd() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        let target = Point(x: 227.5, y: 25)  // item 3's centre
        cv.updateInteractiveMovementTargetPosition(target)
        #expect(cv.interactiveMovementTargetIndexPath == IndexPath(item: 3, section: 0))
        #expect(
            cv.dataIndexPath(forPresentedIndexPath: IndexPath(item: 3, section: 0)) == IndexPath(item: 0, section: 0))
        #expect(
            cv.dataIndexPath(forPresentedIndexPath: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 0))
        #expect(
            cv.presentedIndexPath(forDataIndexPath: IndexPath(item: 4, section: 0)) == IndexPath(item: 4, section: 0))
        try cv.layoutSubviews()
        let moving = cv.appliedLayoutAttributesForItem(at: IndexPath(item: 3, section: 0))!
        #expect(moving.center == target && moving.zIndex == Int.max)
        #expect((cv.visibleViewsInDrawingOrder.last as! TestReusableView).layoutAttributes!.zIndex == Int.max)
        cv.endInteractiveMovement()
        #expect(
            ds.moves.count == 1 && ds.moves[0].0 == IndexPath(item: 0, section: 0)
                && ds.moves[0].1 == IndexPath(item: 3, section: 0))
        #expect(cv.interactiveMovementTargetIndexPath == nil)
    }

    @Test func theDataSourceMayRefuseAMoveAndTheDelegateRedirectIt() throws {
        let ds = TestDataSource([10])
        ds.immovable = [IndexPath(item: 1, section: 0)]
        // The delegate keeps the item out of the first row (items 0–3): it goes to item 4 at least.
        ds.redirectMove = { $0.item < 4 ? IndexPath(item: 4, section: 0) : $0 }
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        #expect(cv.interactiveMovementTargetIndexPath == nil)
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 6, section: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(x: 82.5, y: 25))  // item 1's centre
        #expect(ds.moveProposals.count == 1 && ds.moveProposals[0].original == IndexPath(item: 6, section: 0))
        #expect(ds.moveProposals[0].proposed == IndexPath(item: 1, section: 0))
        #expect(cv.interactiveMovementTargetIndexPath == IndexPath(item: 4, section: 0))
        // A redirect to an item that does not exist is ignored: the target stays.
        ds.redirectMove = { _ in IndexPath(item: 99, section: 0) }
        cv.updateInteractiveMovementTargetPosition(Point(x: 25, y: 145))
        #expect(cv.interactiveMovementTargetIndexPath == IndexPath(item: 4, section: 0))
        cv.endInteractiveMovement()
        #expect(
            ds.moves.count == 1 && ds.moves[0].0 == IndexPath(item: 6, section: 0)
                && ds.moves[0].1 == IndexPath(item: 4, section: 0))
    }

    @Test func cancelLeavesTheDataAlone() throws {
        let ds = TestDataSource([10])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(x: 25, y: 85))
        #expect(cv.interactiveMovementTargetIndexPath == IndexPath(item: 5, section: 0))
        cv.cancelInteractiveMovement()
        try cv.layoutSubviews()
        #expect(ds.moves.isEmpty)
        #expect(cv.appliedLayoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.frame.minX == 135)
    }
}

/// The iOS 9 additions around supplementary views, interactive movement and layout changes.
@Suite struct IOS9AdditionsTests {
    @Test func visibleSupplementaryViewsAreListedByKind() throws {
        let ds = TestDataSource([3, 3, 40])
        for s in 0..<3 { ds.headerSizes[s] = Size(width: 0, height: 30) }
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        try cv.layoutSubviews()
        // 320 × 480: the first two sections and the top of the third are shown.
        let headers = cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader)
        #expect(
            headers == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2)])
        let views = cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader)
        #expect(views.count == 3)
        #expect(views.map { ($0 as! TestReusableView).layoutAttributes!.indexPath } == headers)
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionFooter).isEmpty)
        // Section 0's header (0–30) scrolls out at 100, the others by 400.
        cv.contentOffset = Point(x: 0, y: 100)
        try cv.layoutSubviews()
        #expect(
            cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader)
                == [IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2)])
        cv.contentOffset = Point(x: 0, y: 400)
        try cv.layoutSubviews()
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader).isEmpty)
        #expect(cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).isEmpty)
    }

    /// A flow layout that keeps every context it is invalidated with.
    final class RecordingLayout: CollectionViewFlowLayout {
        var contexts: [CollectionViewLayoutInvalidationContext] = []
        override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
            contexts.append(context)
            super.invalidateLayout(with: context)
        }
    }

    @Test func anInteractiveMovementInvalidatesWithItsContexts() throws {
        let ds = TestDataSource([10])
        let layout = RecordingLayout()
        let cv = makeCollectionView(layout, dataSource: ds)
        try cv.layoutSubviews()
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        layout.contexts = []
        let finger = Point(x: 227.5, y: 25)  // item 3's centre
        cv.updateInteractiveMovementTargetPosition(finger)
        let moving = try #require(layout.contexts.last as? CollectionViewFlowLayoutInvalidationContext)
        #expect(layout.contexts.count == 1 && !moving.invalidateEverything && !moving.invalidateDataSourceCounts)
        #expect(moving.previousIndexPathsForInteractivelyMovingItems == [IndexPath(item: 0, section: 0)])
        #expect(moving.targetIndexPathsForInteractivelyMovingItems == [IndexPath(item: 3, section: 0)])
        #expect(moving.interactiveMovementTarget == finger)
        #expect(moving.invalidatedItemIndexPaths == [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)])
        // The same target again invalidates nothing.
        cv.updateInteractiveMovementTargetPosition(Point(x: 228, y: 26))
        #expect(layout.contexts.count == 1)
        // The others made room: item 1 is where item 0 was.
        try cv.layoutSubviews()
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.minX == 0)
        cv.endInteractiveMovement()
        let end = try #require(layout.contexts.last)
        #expect(end.invalidateDataSourceCounts && !end.interactiveMovementCancelled)
        // Both the final index path and the last one reported while moving.
        #expect(end.targetIndexPathsForInteractivelyMovingItems == [IndexPath(item: 3, section: 0)])
        #expect(end.previousIndexPathsForInteractivelyMovingItems == [IndexPath(item: 3, section: 0)])

        // A cancelled movement ends with the item back where it started.
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(x: 25, y: 25))
        cv.cancelInteractiveMovement()
        let cancel = try #require(layout.contexts.last)
        #expect(cancel.interactiveMovementCancelled)
        #expect(cancel.targetIndexPathsForInteractivelyMovingItems == [IndexPath(item: 5, section: 0)])
        #expect(cancel.previousIndexPathsForInteractivelyMovingItems == [IndexPath(item: 0, section: 0)])
    }

    /// With no cell under the centre the middle cell shown is kept in view; with none shown at
    /// all, the offset stays.
    @Test func aLayoutChangeCentresTheMiddleCellWhenNoneIsAtTheCentre() throws {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([12]))
        try cv.layoutSubviews()
        #expect(cv.indexPathForItem(at: Point(x: 160, y: 240)) == nil)  // 12 cells fill the top rows only
        #expect(cv.indexPathsForVisibleItems.count == 12)
        let strip = CollectionViewFlowLayout()
        strip.scrollDirection = .horizontal
        strip.itemSize = Size(width: 300, height: 100)
        let transition = cv.setCollectionViewLayout(strip, animated: true)
        let middle = try #require(strip.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))).frame
        #expect(transition.toContentOffset == Point(x: middle.midX - 160, y: 0))
        #expect(cv.contentOffset == transition.toContentOffset)

        let empty = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([0]))
        try empty.layoutSubviews()
        #expect(empty.setCollectionViewLayout(strip, animated: true).toContentOffset == .zero)
    }

    /// An update asks the layout and the delegate where the content rests, with the offset before
    /// as the proposal, and keeps the answer inside the new scroll range: deleting the end of a
    /// list scrolled to its end scrolls it back.
    @Test func anUpdateThatShrinksTheContentScrollsBackInsideIt() throws {
        // 320 × 480, 50 × 50 items, 5 a row, 60 pt a row: 200 items are 2,390 pt tall.
        let ds = TestDataSource([200])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        cv.contentOffset = Point(x: 0, y: 1910)
        try cv.layoutSubviews()
        let update = try cv.performBatchUpdates {
            ds.counts[0] = 150
            try cv.deleteItems(at: (150..<200).map { IndexPath(item: $0, section: 0) })
        }
        // 150 items are 1,790 pt tall: the view rests at their last screen.
        #expect(cv.contentOffset == Point(x: 0, y: 1310))
        // The elements shown at the end are those of the new bounds; the deleted ones fade where they were.
        let shown = update.transitions.filter { $0.change != .disappearing }.map(\.end.indexPath.item)
        #expect(Set(shown) == Set(110..<150))
        let gone = update.transitions.filter { $0.change == .disappearing }
        #expect(gone.count == 40 && gone.allSatisfy { $0.end.alpha == 0 && $0.end.frame == $0.start.frame })
        // The delegate is asked with the offset before; its answer stands where the content allows.
        let delegate = OffsettingDelegate(shift: -20)
        cv.delegate = delegate
        try cv.layoutSubviews()
        cv.contentOffset = Point(x: 0, y: 600)
        _ = try cv.performBatchUpdates {
            ds.counts[0] = 149
            try cv.deleteItems(at: [IndexPath(item: 148, section: 0)])
        }
        #expect(delegate.proposals == [Point(x: 0, y: 600)] && cv.contentOffset == Point(x: 0, y: 580))
        withExtendedLifetime(delegate) {}
    }

    @Test func theDelegateHasTheLastWordOnALayoutChangesContentOffset() throws {
        let ds = TestDataSource([60])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        let delegate = OffsettingDelegate(shift: 100)
        cv.delegate = delegate
        try cv.layoutSubviews()
        cv.contentOffset = Point(x: 0, y: 40)
        let centre = try #require(cv.indexPathForItem(at: Point(x: cv.bounds.midX, y: cv.bounds.midY)))
        let bigger = CollectionViewFlowLayout()
        bigger.itemSize = Size(width: 100, height: 100)
        _ = cv.setCollectionViewLayout(bigger, animated: true)
        // The proposal centres the item that was at the centre; the delegate moves it 100
        // further, within the content.
        let frame = try #require(bigger.layoutAttributesForItem(at: centre)).frame
        let proposal = Point(x: 0, y: frame.midY - cv.bounds.height / 2)
        #expect(proposal.y > 40 && delegate.proposals == [proposal])
        #expect(cv.contentOffset == Point(x: 0, y: proposal.y + 100))
        // Clamped to the content: a proposal past the end stops at the last full screen.
        cv.contentOffset = Point(x: 0, y: cv.collectionViewLayout.collectionViewContentSize.height - 480)
        _ = cv.setCollectionViewLayout(CollectionViewFlowLayout(), animated: true)
        #expect(cv.contentOffset.y == cv.collectionViewLayout.collectionViewContentSize.height - 480)
        withExtendedLifetime(delegate) {}
    }
}

/// A delegate that moves every proposed content offset `shift` points down and records the
/// proposals it got.
private final class OffsettingDelegate: CollectionViewDelegate {
    let shift: Double
    var proposals: [Point] = []

    init(shift: Double) { self.shift = shift }

    func collectionView(
        _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
    ) -> Point {
        proposals.append(proposed)
        return Point(x: proposed.x, y: proposed.y + shift)
    }
}

@Suite struct VisibleElementLimitTests {
    @Test func theLimitIsCheckedExactly() throws {
        #expect(throws: Never.self) {
            try CollectionView.checkVisibleElementCount(CollectionView.maximumVisibleElementCount)
        }
        #expect(throws: CollectionViewError.tooManyVisibleElements(100_001, limit: 100_000)) {
            try CollectionView.checkVisibleElementCount(100_001)
        }
    }

    @Test func aLayoutShowingTooManyElementsMakesNoView() throws {
        // 1-point items on a 400×300 view: 120,000 on screen at once.
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 1, height: 1)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        let cv = makeCollectionView(layout, size: Size(width: 400, height: 300), dataSource: TestDataSource([130_000]))
        #expect(cv.shownElementCount(in: cv.bounds) == 120_000)
        #expect(throws: CollectionViewError.tooManyVisibleElements(120_000, limit: 100_000)) {
            try cv.layoutSubviews()
        }
        #expect(cv.createdViewCount == 0 && cv.visibleCells.isEmpty)
        #expect(
            "\(CollectionViewError.tooManyVisibleElements(120_000, limit: 100_000))"
                == "120000 elements (cells, supplementary and decoration views) would be shown at once, more than the 100000 one frame may show: make the items larger, or show fewer at a time"
        )
        // Scrolled to the last 10,000 items, the view shows them.
        cv.contentOffset = Point(x: 0, y: 300)
        try cv.layoutSubviews()
        #expect(cv.visibleCells.count == 10_000)
    }
}
