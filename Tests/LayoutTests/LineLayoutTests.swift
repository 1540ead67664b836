import Geometry
import Testing

@testable import Layout

/// UIKitBehaviour.md §3.2: the seeds' LineLayout.
@Suite struct LineLayoutTests {
    /// 400 × 1000 portrait: the Xamarin insets leave 200 points, so items sit at y = 400.
    private func make(_ count: Int = 10) -> CollectionView {
        makeCollectionView(LineLayout(), size: Size(width: 400, height: 1000), dataSource: TestDataSource([count]))
    }

    @Test func settingsAreTheSeeds() {
        let l = LineLayout()
        #expect(l.itemSize == Size(width: 200, height: 200))
        #expect(l.scrollDirection == .horizontal && l.minimumLineSpacing == 50)
        #expect(l.sectionInset == EdgeInsets(top: 400, left: 0, bottom: 400, right: 0))
        #expect(LineLayout.appleSectionInset == EdgeInsets(top: 200, left: 0, bottom: 200, right: 0))
        #expect(l.activeDistance == 200 && l.zoomFactor == 0.3)
        #expect(l.shouldInvalidateLayout(forBoundsChange: .zero))
    }

    @Test func itemsFormOneCentredLine() {
        let cv = make()
        let f = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 2500, height: 1000))
            .sorted { $0.indexPath < $1.indexPath }.map(\.frame)
        #expect(f.map(\.minX) == [0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2250])
        #expect(f.allSatisfy { $0.minY == 400 && $0.size == Size(width: 200, height: 200) })
        #expect(cv.contentSize == Size(width: 2450, height: 1000))
        // Apple's landscape case: a negative available height still centres the item.
        let l = LineLayout()
        l.sectionInset = LineLayout.appleSectionInset
        let landscape = makeCollectionView(l, size: Size(width: 480, height: 320), dataSource: TestDataSource([3]))
        #expect(landscape.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center.y == 160)
    }

    @Test func zoomWithinTheActiveDistance() {
        let cv = make()
        // Visible mid-x = 200. Item 0: d = 100 → 1.15; item 1: d = −150 → 1.075; item 2: d = −400 → none.
        let a = Dictionary(
            uniqueKeysWithValues: cv.layoutAttributesForElements(in: cv.bounds).map { ($0.indexPath.item, $0) })
        #expect(approx(a[0]!.transform3D.m11, 1.15) && approx(a[0]!.transform3D.m22, 1.15))
        #expect(a[0]!.transform3D.m33 == 1 && a[0]!.zIndex == 1)
        #expect(approx(a[1]!.transform3D.m11, 1.075) && a[1]!.zIndex == 1)
        #expect(a[2] == nil || a[2]!.transform3D.isIdentity)
        // The frame stays untransformed.
        #expect(a[0]!.frame == Rect(x: 0, y: 400, width: 200, height: 200))
        // Dead centre: 1.3. Scroll so item 2 (centre 600) is centred.
        cv.contentOffset = Point(x: 400, y: 0)
        let c = cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!
        #expect(approx(c.transform3D.m11, 1.3) && c.zIndex == 1)
        let far = cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
        #expect(far.transform3D.isIdentity && far.zIndex == 0)
        #expect(LineLayout().zoomScale(forDistance: 200) == nil)
    }

    @Test func snapsToTheNearestItemCentre() {
        let cv = make()
        let l = cv.collectionViewLayout as! LineLayout
        cv.prepareLayoutIfNeeded()
        // Proposed x = 180: centre 380; item 1's centre 350 is nearest → x = 150.
        #expect(
            l.targetContentOffset(
                forProposedContentOffset: Point(x: 180, y: 7), withScrollingVelocity: Point(x: 3, y: 0))
                == Point(x: 150, y: 7))
        #expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: 520, y: 0), withScrollingVelocity: .zero)
                == Point(x: 400, y: 0))
        // No item in the rect: the proposal (the seed would return a huge offset).
        #expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: 100_000, y: 0), withScrollingVelocity: .zero)
                == Point(x: 100_000, y: 0))
    }
}
