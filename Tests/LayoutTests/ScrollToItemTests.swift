import Geometry
import Testing

@testable import Layout

/// `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)`, as UIKit's.
///
/// The collection view is 320 × 480 over one section of 60 items of 50 × 50: five to a line,
/// lines 60 apart, so item i's line starts at y = 60 · (i / 5), and the content is 710 tall
/// (the offset rests between 0 and 230).
@Suite struct ScrollToItemTests {
    private func sixtyItems() -> CollectionView {
        makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([60]))
    }

    private func offset(_ cv: CollectionView, _ item: Int, _ position: CollectionView.ScrollPosition) throws -> Double {
        try cv.scrollToItem(at: IndexPath(item: item, section: 0), at: position, animated: false)
        return cv.contentOffset.y
    }

    @Test func eachVerticalPositionPutsTheItemThere() throws {
        let cv = sixtyItems()
        #expect(try offset(cv, 15, .top) == 180)  // line 3's top at the view's top
        #expect(try offset(cv, 25, .centeredVertically) == 85)  // centre 325 at 240
        #expect(try offset(cv, 50, .bottom) == 170)  // bottom 650 at 480
    }

    /// An item near either end stops where the content does: the view never rests past it.
    @Test func theOffsetStaysInTheContent() throws {
        let cv = sixtyItems()
        #expect(try offset(cv, 59, .top) == 230)
        #expect(try offset(cv, 0, .bottom) == 0)
        #expect(try offset(cv, 2, .centeredVertically) == 0)
        // The content is as wide as the view: no horizontal position moves it.
        try cv.scrollToItem(at: IndexPath(item: 4, section: 0), at: [.centeredVertically, .right], animated: true)
        #expect(cv.contentOffset == Point(x: 0, y: 0))
    }

    /// The empty position does not scroll (Apple: "Don't scroll the item into view"), and an axis
    /// the position does not name keeps its offset.
    @Test func anEmptyPositionDoesNotScroll() throws {
        let cv = sixtyItems()
        cv.contentOffset = Point(x: 0, y: 77)
        #expect(try offset(cv, 55, []) == 77)
        // Scrolling sideways: eight items a column, columns 60 apart, 470 wide in all.
        let flow = CollectionViewFlowLayout()
        flow.scrollDirection = .horizontal
        let sideways = makeCollectionView(flow, dataSource: TestDataSource([60]))
        sideways.contentOffset = Point(x: 40, y: 0)
        try sideways.scrollToItem(at: IndexPath(item: 58, section: 0), at: .bottom, animated: false)
        #expect(sideways.contentOffset == Point(x: 40, y: 0))
        try sideways.scrollToItem(at: IndexPath(item: 17, section: 0), at: .left, animated: false)
        #expect(sideways.contentOffset == Point(x: 120, y: 0))
    }

    /// Two positions on one axis, unknown bits and missing items are errors, and nothing moves.
    @Test func impossibleRequestsAreErrors() {
        let cv = sixtyItems()
        let item = IndexPath(item: 1, section: 0)
        #expect(throws: CollectionViewError.self) {
            try cv.scrollToItem(at: item, at: [.top, .bottom], animated: false)
        }
        #expect(throws: CollectionViewError.self) {
            try cv.scrollToItem(at: item, at: [.left, .centeredHorizontally], animated: false)
        }
        #expect(throws: CollectionViewError.self) {
            try cv.scrollToItem(at: item, at: CollectionView.ScrollPosition(rawValue: 64), animated: false)
        }
        #expect(
            throws: CollectionViewError.invalidIndexPath(
                IndexPath(item: 60, section: 0), reason: "there is no such item")
        ) {
            try cv.scrollToItem(at: IndexPath(item: 60, section: 0), at: .top, animated: false)
        }
        #expect(cv.contentOffset == .zero)
        #expect(
            CollectionViewError.invalidScrollPosition(5, reason: "it names more than one vertical position").description
                == "scroll position 5 cannot be used: it names more than one vertical position (at most one of top, "
                + "centeredVertically and bottom, and one of left, centeredHorizontally and right)")
    }

    @Test func selectingScrollsToTheItemAndNilClearsTheSelection() throws {
        let cv = sixtyItems()
        cv.allowsMultipleSelection = true
        try cv.selectItem(at: IndexPath(item: 3, section: 0))
        try cv.selectItem(at: IndexPath(item: 45, section: 0), animated: true, scrollPosition: .centeredVertically)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0), IndexPath(item: 45, section: 0)])
        #expect(cv.contentOffset.y == 230)  // centre 565 − 240 = 325, past the end
        try cv.selectItem(at: IndexPath(item: 20, section: 0), animated: false, scrollPosition: [])
        #expect(cv.contentOffset.y == 230 && cv.isItemSelected(at: IndexPath(item: 20, section: 0)))
        cv.deselectItem(at: IndexPath(item: 3, section: 0), animated: true)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 20, section: 0), IndexPath(item: 45, section: 0)])
        try cv.selectItem(at: nil, animated: false, scrollPosition: .top)
        #expect(cv.indexPathsForSelectedItems.isEmpty && cv.contentOffset.y == 230)
    }

    /// With selection off, selecting neither selects nor scrolls; a bad request is still an error.
    @Test func selectingWhereSelectionIsOffChangesNothing() throws {
        let cv = sixtyItems()
        cv.allowsSelection = false
        try cv.selectItem(at: IndexPath(item: 30, section: 0), animated: false, scrollPosition: .top)
        #expect(cv.indexPathsForSelectedItems.isEmpty && cv.contentOffset == .zero)
        #expect(throws: CollectionViewError.self) {
            try cv.selectItem(at: IndexPath(item: 99, section: 0), animated: false, scrollPosition: .top)
        }
    }
}
