import Geometry
import Testing

@testable import Layout

/// UIKitBehaviour.md §4: CHTCollectionViewWaterfallLayout's behaviour.
@Suite struct WaterfallLayoutTests {
    /// Items 100 wide with heights 100, 50, 80, 60, 40 (scaled to the 155-point column width).
    private func make(_ direction: ItemRenderDirection) -> (CollectionView, WaterfallLayout) {
        let ds = TestDataSource([5])
        for (i, h) in [100.0, 50, 80, 60, 40].enumerated() {
            ds.sizes[IndexPath(item: i, section: 0)] = Size(width: 100, height: h)
        }
        let l = WaterfallLayout()
        l.itemRenderDirection = direction
        return (makeCollectionView(l, dataSource: ds), l)
    }

    @Test func defaultsAreCHTs() {
        let l = WaterfallLayout()
        #expect(l.columnCount == 2 && l.minimumColumnSpacing == 10 && l.minimumInteritemSpacing == 10)
        #expect(l.headerHeight == 0 && l.footerHeight == 0 && l.sectionInset == .zero)
        #expect(l.itemRenderDirection == .shortestFirst && l.minimumContentHeight == 0 && l.displayScale == 1)
    }

    @Test func shortestFirst() {
        let (cv, l) = make(.shortestFirst)
        #expect(l.itemWidth(inSection: 0) == 155)
        // Heights: floor(h · 155 / 100) = 155, 77, 124, 93, 62.
        let f = frames(cv)
        #expect(f.map(\.minX) == [0, 165, 165, 0, 165])
        #expect(f.map(\.minY) == [0, 0, 87, 165, 221])
        #expect(f.map(\.height) == [155, 77, 124, 93, 62])
        #expect(f.allSatisfy { $0.width == 155 })
        #expect(cv.contentSize == Size(width: 320, height: 283))
    }

    /// Insets wider than the view leave no room for the columns: the items are 0 wide and 0
    /// high, in place at the top of their columns, not of a negative size climbing above them.
    @Test func insetsWiderThanTheViewGiveItemsOfNoSize() throws {
        let (cv, l) = make(.shortestFirst)
        l.sectionInset = EdgeInsets(top: 0, left: 200, bottom: 0, right: 200)
        try cv.layoutIfNeeded()
        #expect(l.itemWidth(inSection: 0) == 0)
        let f = frames(cv)
        #expect(f.count == 5)
        #expect(f.allSatisfy { $0.width == 0 && $0.height == 0 && $0.minY >= 0 })
        #expect(f.map(\.minX) == [200, 210, 200, 210, 200])
    }

    @Test func leftToRight() {
        let (cv, _) = make(.leftToRight)
        let f = frames(cv)
        #expect(f.map(\.minX) == [0, 165, 0, 165, 0])
        #expect(f.map(\.minY) == [0, 0, 165, 87, 299])
    }

    @Test func rightToLeft() {
        let (cv, _) = make(.rightToLeft)
        let f = frames(cv)
        #expect(f.map(\.minX) == [165, 0, 165, 0, 165])
        #expect(f.map(\.minY) == [0, 0, 165, 87, 299])
    }

    @Test func headersFootersAndInsets() {
        let ds = TestDataSource([2, 0])
        let l = WaterfallLayout()
        l.headerHeight = 30
        l.footerHeight = 20
        l.headerInset = EdgeInsets(top: 5, left: 7, bottom: 3, right: 9)
        l.footerInset = EdgeInsets(top: 2, left: 0, bottom: 4, right: 0)
        l.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 6, right: 20)
        let cv = makeCollectionView(l, dataSource: ds)
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame == Rect(x: 7, y: 5, width: 304, height: 30))
        // Items (no delegate size → itemSize 50 × 50, square): width floor((280 − 10) / 2) = 135 at
        // x 20 and 165, y = 5 + 30 + 3 + 10 = 48.
        let f = frames(cv)
        #expect(f == [Rect(x: 20, y: 48, width: 135, height: 135), Rect(x: 165, y: 48, width: 135, height: 135)])
        let footer = cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 0))!
        // Footer: 193 − 10 + 6 = 189, + footerInset.top 2.
        #expect(footer.frame == Rect(x: 0, y: 191, width: 320, height: 20))
        // Empty section: 215 + 5 → header at 220; 263 − 10 + 6 + 2 → footer at 261; end 285.
        let header1 = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1))!
        #expect(header1.frame.minY == 220)
        let footer1 = cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 1))!
        #expect(footer1.frame.minY == 261)
        #expect(cv.contentSize.height == 285)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "other", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 9)) == nil)
    }

    @Test func floorsToPixelsAtTheDisplayScale() {
        let l = WaterfallLayout()
        l.columnCount = 4
        l.minimumColumnSpacing = 7
        let cv = makeCollectionView(l, dataSource: TestDataSource([1]))
        _ = cv.contentSize
        #expect(l.itemWidth(inSection: 0) == 74)  // (320 − 21) / 4 = 74.75
        l.displayScale = 2
        #expect(l.itemWidth(inSection: 0) == 74.5)
        l.displayScale = 4
        #expect(l.itemWidth(inSection: 0) == 74.75)
    }

    @Test func minimumContentHeightAndInvalidation() {
        let l = WaterfallLayout()
        l.minimumContentHeight = 1000
        let cv = makeCollectionView(l, dataSource: TestDataSource([3]))
        #expect(cv.contentSize == Size(width: 320, height: 1000))
        #expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 320, height: 100)))
        #expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 300, height: 480)))
        let empty = makeCollectionView(WaterfallLayout(), dataSource: TestDataSource([]))
        #expect(empty.contentSize == .zero)
    }

    @Test func unionQueryFindsItemsInTheMiddleOfAGroup() {
        // Xamarin bug 3/4: groups of 20 whose middle items sit in another column.
        let ds = TestDataSource([100])
        for i in 0..<100 { ds.sizes[IndexPath(item: i, section: 0)] = Size(width: 100, height: i % 2 == 0 ? 300 : 20) }
        let l = WaterfallLayout()
        l.itemRenderDirection = .leftToRight
        let cv = makeCollectionView(l, dataSource: ds)
        _ = cv.contentSize
        let all = l.allLayoutAttributes()
        for y in stride(from: 0.0, to: cv.contentSize.height, by: 97) {
            let r = Rect(x: 0, y: y, width: 320, height: 120)
            #expect(
                Set(l.layoutAttributesForElements(in: r).map(\.indexPath))
                    == Set(all.filter { $0.frame.intersects(r) }.map(\.indexPath)))
        }
    }

    @Test func withoutADelegateEveryItemHasTheItemSize() {
        let l = WaterfallLayout()
        l.itemSize = Size(width: 50, height: 20)
        let cv = makeCollectionView(l, dataSource: TestDataSource([3]))
        cv.delegate = nil
        l.invalidateLayout()
        // floor(20 · 155 / 50) = 62, shortest column first.
        let f = frames(cv)
        #expect(f.map(\.height) == [62, 62, 62])
        #expect(f.map(\.minX) == [0, 165, 0] && f.map(\.minY) == [0, 0, 72])
    }

    /// A layout prepared again (it keeps its storage) gives what a new layout gives.
    @Test func preparingAgainEqualsAFreshLayout() {
        let (cv, l) = make(.shortestFirst)
        _ = frames(cv)
        let ds = cv.dataSource as! TestDataSource
        ds.counts = [3]
        cv.reloadData()
        let again = frames(cv)
        l.invalidateLayout()
        let fresh = makeCollectionView(WaterfallLayout(), dataSource: ds)
        #expect(again.count == 3 && again == frames(fresh))
    }

    /// While an item is moved, every presented item is sized by the data item it shows.
    @Test func aMovingItemKeepsItsSize() throws {
        let (cv, l) = make(.leftToRight)
        let before = frames(cv)
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        cv.updateInteractiveMovementTargetPosition(Point(x: before[3].midX, y: before[3].midY))
        let target = try #require(cv.interactiveMovementTargetIndexPath)
        #expect(target != IndexPath(item: 0, section: 0))
        _ = cv.contentSize
        for item in 0..<5 {
            let shown = IndexPath(item: item, section: 0)
            let data = cv.dataIndexPath(forPresentedIndexPath: shown)
            let frame = try #require(l.layoutAttributesForItem(at: shown)).frame
            #expect(frame.height == before[data.item].height, "item \(item) shows data item \(data.item)")
        }
    }

    /// The delegate's inset and item spacing for a section replace the layout's for that section
    /// only (CHT's `insetForSectionAtIndex` and `minimumInteritemSpacingForSectionAtIndex`).
    @Test func aDelegateGivesASectionItsOwnInsetAndItemSpacing() {
        final class SecondSection: WaterfallLayoutDelegate {
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                insetForSectionAt section: Int
            ) -> EdgeInsets {
                section == 1
                    ? EdgeInsets(top: 30, left: 20, bottom: 6, right: 40)
                    : (collectionViewLayout as! WaterfallLayout).sectionInset
            }
            func collectionView(
                _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
                minimumInteritemSpacingForSectionAt section: Int
            ) -> Double { section == 1 ? 25 : (collectionViewLayout as! WaterfallLayout).minimumInteritemSpacing }
        }
        func layout(delegate: SecondSection?) -> CollectionView {
            let l = WaterfallLayout()
            l.itemRenderDirection = .leftToRight
            let cv = makeCollectionView(l, dataSource: TestDataSource([4, 4]))
            cv.delegate = delegate
            l.invalidateLayout()
            return cv
        }
        let delegate = SecondSection()
        let plain = layout(delegate: nil), custom = layout(delegate: delegate)
        // Section 0 is laid out as without the delegate.
        #expect(frames(custom, section: 0) == frames(plain, section: 0))
        // Section 1: columns (320 − 20 − 40 − 10) / 2 = 125 wide from x = 20, the first row 30
        // below the end of section 0, the second 25 below the first.
        let f = frames(custom, section: 1)
        let top = frames(plain, section: 0).map(\.maxY).max()! + 30
        #expect(f.map(\.minX) == [20, 155, 20, 155] && f.allSatisfy { $0.width == 125 })
        #expect(f[0].minY == top && f[1].minY == top)
        #expect(f[2].minY == f[0].maxY + 25 && f[3].minY == f[1].maxY + 25)
        // The content ends 6 below the last item.
        #expect(custom.collectionViewLayout.collectionViewContentSize.height == f.map(\.maxY).max()! + 6)
        withExtendedLifetime(delegate) {}
    }

    /// A delegate that sizes each item from the one before it, asked of the layout while it
    /// prepares, gets the frames laid out so far.
    @Test func aDelegateMayReadTheItemsLaidOutSoFar() {
        final class PreviousPlusTen: WaterfallLayoutDelegate {
            func collectionView(
                _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
            ) -> Size {
                let before = IndexPath(item: indexPath.item - 1, section: indexPath.section)
                guard indexPath.item > 0, let previous = layout.layoutAttributesForItem(at: before) else {
                    return Size(width: 100, height: 10)
                }
                return Size(width: previous.size.width, height: previous.size.height + 10)
            }
        }
        let sizes = PreviousPlusTen()
        let l = WaterfallLayout()
        l.itemRenderDirection = .leftToRight
        let cv = makeCollectionView(l, dataSource: TestDataSource([4]))
        cv.delegate = sizes
        l.invalidateLayout()
        // floor(10 · 155 / 100) = 15, then each 10 taller than the one before.
        #expect(frames(cv).map(\.height) == [15, 25, 35, 45])
        withExtendedLifetime(sizes) {}
    }

    /// Room for every section's elements is made once, before the first is laid out: a
    /// delegate asked for each item's size sees the same storage throughout. (Made section by
    /// section, each reservation copied every element laid out before it: 1,000 sections of
    /// 1,000 items took seconds.)
    @Test func storageIsReservedOnceForEverySection() {
        final class CapacityWatcher: WaterfallLayoutDelegate {
            var capacities: Set<Int> = []
            func collectionView(
                _ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath
            ) -> Size {
                let waterfall = layout as! WaterfallLayout
                capacities.insert(waterfall.elementCapacity)
                return waterfall.itemSize
            }
        }
        let watcher = CapacityWatcher()
        let l = WaterfallLayout()
        l.headerHeight = 20
        l.footerHeight = 10
        let cv = makeCollectionView(l, dataSource: TestDataSource([Int](repeating: 30, count: 200)))
        cv.delegate = watcher
        l.invalidateLayout()
        _ = cv.contentSize
        #expect(watcher.capacities.count == 1)
        #expect(watcher.capacities.first! >= 200 * 30 + 2 * 200)
        // Every header, cell and footer is there, with its kind and index path.
        let all = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: cv.contentSize.height))
        #expect(all.count == 200 * 32)
        #expect(all.filter { $0.representedElementKind == CollectionView.elementKindSectionHeader }.count == 200)
        #expect(all.filter { $0.representedElementKind == CollectionView.elementKindSectionFooter }.count == 200)
        let last = cv.layoutAttributesForItem(at: IndexPath(item: 29, section: 199))
        #expect(last?.indexPath == IndexPath(item: 29, section: 199) && last?.representedElementCategory == .cell)
        withExtendedLifetime(watcher) {}
    }

    /// An element is a frame and two 32-bit integers: 40 bytes, not the 56 a role byte and two
    /// `Int`s took, so a million of them touch 30% fewer fresh pages.
    @Test func anElementTakesFortyBytes() {
        #expect(MemoryLayout<WaterfallLayout.Element>.stride == 40)
        let header = WaterfallLayout.Element(role: .header, section: 7, item: 0, frame: .zero)
        let footer = WaterfallLayout.Element(role: .footer, section: 7, item: 0, frame: .zero)
        let cell = WaterfallLayout.Element(role: .cell, section: 3, item: Int(Int32.max), frame: .zero)
        #expect(header.role == .header && header.section == 7 && header.item == 0)
        #expect(footer.role == .footer && footer.section == 7 && footer.item == 0)
        #expect(cell.role == .cell && cell.section == 3 && cell.item == Int(Int32.max))
    }

    /// Many sections without headers or footers keep the room made for them: the storage is
    /// measured against what a prepare asks for, so a prepare again neither gives it back nor
    /// makes it anew.
    @Test func manySectionsWithoutBandsKeepTheirRoom() {
        var counts = [Int](repeating: 0, count: 40_000)
        for s in stride(from: 0, to: 40_000, by: 4) { counts[s] = 1 }
        let l = WaterfallLayout()
        let cv = makeCollectionView(l, dataSource: TestDataSource(counts))
        _ = cv.contentSize
        let room = l.elementCapacity
        #expect(room >= 10_000 + 80_000)
        l.invalidateLayout()
        _ = cv.contentSize
        #expect(l.elementCapacity == room)
    }

    /// The element storage is reused by the next prepare, but given back when far too large.
    @Test func storageIsReusedAndGivenBack() {
        let ds = TestDataSource([100_000])
        let l = WaterfallLayout()
        let cv = makeCollectionView(l, dataSource: ds)
        _ = cv.contentSize
        let large = l.elementCapacity
        #expect(large >= 100_000)
        l.invalidateLayout()
        _ = cv.contentSize
        #expect(l.elementCapacity == large)
        ds.counts = [10]
        cv.reloadData()
        _ = cv.contentSize
        #expect(l.elementCapacity < 1000 && frames(cv).count == 10)
    }
}
