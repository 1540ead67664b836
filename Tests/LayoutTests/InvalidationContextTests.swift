import Geometry
import Testing

@testable import Layout

/// Invalidation contexts: a scroll on a layout that asks to be told about bounds changes (the
/// zooming line) does not recompute the flow layout's frames; a change across the scroll
/// direction, new data or `invalidateLayout()` does.
@Suite struct InvalidationContextTests {
    @Test func scrollingTheLineLayoutKeepsItsFramesAndStillZooms() throws {
        let layout = LineLayout()
        let cv = makeCollectionView(layout, size: Size(width: 320, height: 300), dataSource: TestDataSource([40]))
        try cv.layoutSubviews()
        #expect(layout.framePreparationCount == 1)
        let item = IndexPath(item: 1, section: 0)
        let before = try #require(cv.layoutAttributesForItem(at: item))
        cv.contentOffset = Point(x: 120, y: 0)
        try cv.layoutSubviews()
        cv.contentOffset = Point(x: 150, y: 0)
        try cv.layoutSubviews()
        #expect(layout.framePreparationCount == 1)
        // The zoom follows the offset (it is applied at query time) and matches a fresh prepare.
        let scrolled = try #require(cv.layoutAttributesForItem(at: item))
        #expect(scrolled.transform3D != before.transform3D)
        layout.invalidateLayout()
        #expect(cv.layoutAttributesForItem(at: item) == scrolled)
        #expect(layout.framePreparationCount == 2)
    }

    @Test func aChangeAcrossTheScrollDirectionRecomputesTheFrames() throws {
        let layout = CollectionViewFlowLayout()
        let cv = makeCollectionView(layout, dataSource: TestDataSource([30]))
        try cv.layoutSubviews()
        let context = layout.invalidationContext(forBoundsChange: Rect(x: 0, y: 50, width: 320, height: 480))
        let flow = try #require(context as? CollectionViewFlowLayoutInvalidationContext)
        #expect(!flow.invalidateFlowLayoutAttributes && !flow.invalidateEverything)
        cv.frame = Rect(x: 0, y: 0, width: 200, height: 480)
        try cv.layoutSubviews()
        #expect(layout.framePreparationCount == 2)
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minX == 0)
    }

    @Test func theBaseContextInvalidatesNothingUntilToldAndInvalidateLayoutEverything() {
        let context = CollectionViewLayoutInvalidationContext()
        #expect(!context.invalidateEverything && context.invalidatedItemIndexPaths == nil)
        context.invalidateItems(at: [IndexPath(item: 2, section: 0)])
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 2, section: 0)])
        let everything = CollectionViewLayoutInvalidationContext.everything()
        #expect(everything.invalidateEverything && everything.invalidateDataSourceCounts)
    }
}
