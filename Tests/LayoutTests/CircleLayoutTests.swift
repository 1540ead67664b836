import Geometry
import TestSupport
import Testing

@testable import Layout

/// UIKitBehaviour.md §3.1: Apple's CircleLayout.
@Suite struct CircleLayoutTests {
    @Test func geometryOf320By480() {
        let cv = makeCollectionView(CircleLayout(), dataSource: TestDataSource([20]))
        let l = cv.collectionViewLayout as! CircleLayout
        #expect(cv.contentSize == Size(width: 320, height: 480))
        #expect(l.radius == 128 && l.circleCenter == Point(x: 160, y: 240))
        let a0 = cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        #expect(a0.center == Point(x: 288, y: 240) && a0.size == Size(width: 70, height: 70))
        // A quarter of the way round is 6 o'clock (clockwise on screen).
        let a5 = cv.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!
        #expect(approx(a5.center.x, 160) && approx(a5.center.y, 368))
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 20, section: 0)) == nil)
        #expect(cv.layoutAttributesForElements(in: cv.bounds).count == 20)
        // Only elements meeting the rect: the right-hand side holds item 0 (x 253…323) but not item 10.
        let right = cv.layoutAttributesForElements(in: Rect(x: 250, y: 0, width: 70, height: 480)).map(\.indexPath.item)
        #expect(right.contains(0) && !right.contains(10))
    }

    /// A rect query gives exactly the items whose frames intersect the rect, in item order: the
    /// centres tested before any attributes are made leave out no item that touches it (rects
    /// of every size, thin and empty ones too, and items of odd sizes, against every item's
    /// attributes tested one by one).
    @Test func aRectQueryGivesExactlyTheItemsItMeets() {
        var random = SplitMix64(seed: 12_345)
        func next() -> Double { Double.random(in: 0..<1, using: &random) }
        for itemSize in [Size(width: 70, height: 70), Size(width: 0.5, height: 33), Size(width: 120, height: 0)] {
            let layout = CircleLayout()
            layout.itemSize = itemSize
            let cv = makeCollectionView(layout, dataSource: TestDataSource([157]))
            cv.prepareLayoutIfNeeded()
            let all = (0..<157).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }
            for _ in 0..<400 {
                let rect = Rect(
                    x: next() * 400 - 40, y: next() * 560 - 40, width: next() < 0.1 ? 0 : next() * 120 - 20,
                    height: next() * 90)
                let expected = all.filter { $0.frame.intersects(rect) }.map(\.indexPath)
                #expect(cv.layoutAttributesForElements(in: rect).map(\.indexPath) == expected, "\(rect)")
            }
        }
    }

    /// A subclass that places an item elsewhere gets it back from a rect around where it put
    /// it: the query tests every item through its `layoutAttributesForItem(at:)`.
    @Test func aSubclassPlacingItsItemsElsewhereIsAskedForEveryItem() {
        final class Shifted: CircleLayout {
            override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
                guard var a = super.layoutAttributesForItem(at: indexPath) else { return nil }
                if indexPath.item == 3 { a.center.x += 500 }
                return a
            }
        }
        let cv = makeCollectionView(Shifted(), dataSource: TestDataSource([20]))
        let moved = cv.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!
        #expect(moved.center.x > 500)
        #expect(cv.layoutAttributesForElements(in: moved.frame).map(\.indexPath) == [IndexPath(item: 3, section: 0)])
    }

    @Test func insertedItemsGrowFromTheCentreDeletedShrinkIntoIt() throws {
        let ds = TestDataSource([5])
        let cv = makeCollectionView(CircleLayout(), dataSource: ds)
        try cv.layoutSubviews()
        let update = try cv.performBatchUpdates {
            ds.counts[0] = 5
            try cv.insertItems(at: [IndexPath(item: 0, section: 0)])
            try cv.deleteItems(at: [IndexPath(item: 4, section: 0)])
        }
        let inserted = update.transitions.first { $0.change == .appearing && $0.key.indexPath.item == 0 }!
        #expect(inserted.start.center == Point(x: 160, y: 240) && inserted.start.alpha == 0)
        #expect(inserted.end.center == Point(x: 288, y: 240) && inserted.end.alpha == 1)
        let deleted = update.transitions.first { $0.change == .disappearing }!
        #expect(deleted.key.indexPath == IndexPath(item: 4, section: 0))
        #expect(deleted.end.center == Point(x: 160, y: 240) && deleted.end.alpha == 0)
        #expect(deleted.end.transform3D == Transform3D(scaleX: 0.1, y: 0.1, z: 1))
        // Items that merely move keep the default: they slide from the old slot to the new one.
        let moved = update.transitions.first { $0.change == .persisting && $0.key.indexPath.item == 1 }!
        #expect(moved.start.center == Point(x: 288, y: 240))
        // After finalize, a hook call for the same path returns the default again.
        let l = cv.collectionViewLayout as! CircleLayout
        #expect(l.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func optionalBackgroundDecoration() throws {
        let l = CircleLayout()
        let cv = makeCollectionView(l, dataSource: TestDataSource([3]))
        #expect(cv.layoutAttributesForElements(in: cv.bounds).allSatisfy { $0.representedElementCategory == .cell })
        l.backgroundDecorationKind = CircleLayout.backgroundKind
        let d = cv.layoutAttributesForElements(in: cv.bounds).filter {
            $0.representedElementCategory == .decorationView
        }
        #expect(d.count == 1)
        #expect(d[0].representedElementKind == "background" && d[0].zIndex == -1)
        #expect(d[0].frame == Rect(x: 0, y: 0, width: 320, height: 480))
        cv.register({ TestReusableView() }, forDecorationViewOfKind: CircleLayout.backgroundKind)
        try cv.layoutSubviews()
        let first = cv.visibleViewsInDrawingOrder.first as? TestReusableView
        #expect(first?.layoutAttributes?.representedElementCategory == .decorationView)
    }
}
