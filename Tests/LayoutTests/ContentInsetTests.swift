import Geometry
import Testing

@testable import Layout

/// `contentInset` (UIScrollView's) and what depends on it: the scroll range, the flow layout's
/// line width, content size and pinning, the waterfall's columns and `scrollToItem`.
///
/// The collection view is 320 × 480; the flow layout's items are 50 × 50, 10 apart.
@Suite struct ContentInsetTests {
    private func flow(
        _ counts: [Int], inset: EdgeInsets, configure: (CollectionViewFlowLayout) -> Void = { _ in }
    ) -> CollectionView {
        let layout = CollectionViewFlowLayout()
        configure(layout)
        let cv = makeCollectionView(layout, dataSource: TestDataSource(counts))
        cv.contentInset = inset
        return cv
    }

    private func itemFrame(_ cv: CollectionView, _ item: Int, section: Int = 0) -> Rect {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
    }

    /// Lines are laid out in the width less the left and right insets, which is also the
    /// content's width: 280 points hold four items (5 · 50 + 4 · 10 = 290 do not fit), justified.
    @Test func flowLinesUseTheWidthLessTheInsets() {
        let plain = flow([12], inset: .zero)
        #expect(itemFrame(plain, 4).minY == 0)  // five to a line without the inset
        let cv = flow([12], inset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
        #expect(itemFrame(cv, 4).minY == 60)  // item 4 starts the second line
        #expect(itemFrame(cv, 0).minX == 0)
        #expect(itemFrame(cv, 3).maxX == 280)
        #expect(cv.contentSize == Size(width: 280, height: 170))
    }

    /// Headers span the content's width, not the view's.
    @Test func headersSpanTheContentWidth() {
        let cv = flow([4], inset: EdgeInsets(top: 0, left: 15, bottom: 0, right: 25)) {
            $0.headerReferenceSize = Size(width: 0, height: 40)
        }
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame == Rect(x: 0, y: 0, width: 280, height: 40))
    }

    /// Scrolling sideways, the top and bottom insets shorten the columns: 380 points hold six
    /// items (7 · 50 + 6 · 10 = 410 do not fit).
    @Test func horizontalFlowUsesTheHeightLessTheInsets() {
        let cv = flow([14], inset: EdgeInsets(top: 60, left: 0, bottom: 40, right: 0)) {
            $0.scrollDirection = .horizontal
        }
        #expect(itemFrame(cv, 6).minX == 60)
        #expect(cv.contentSize.height == 380)
    }

    /// The view rests anywhere from (−left, −top) to the content's end plus the bottom and right
    /// insets: 60 items four to a line make an 890-point content, so y runs from −50 to
    /// 890 + 30 − 480 = 440; the content is as wide as the view less its insets, so x stays at −20.
    @Test func theScrollRangeGrowsByTheInsets() {
        let cv = flow([60], inset: EdgeInsets(top: 50, left: 20, bottom: 30, right: 20))
        #expect(cv.contentSize == Size(width: 280, height: 890))
        #expect(cv.clampedContentOffset(Point(x: 100, y: -500)) == Point(x: -20, y: -50))
        #expect(cv.clampedContentOffset(Point(x: -100, y: 5000)) == Point(x: -20, y: 440))
        #expect(cv.clampedContentOffset(Point(x: -20, y: 100)) == Point(x: -20, y: 100))
        // Content shorter than the view rests at the top of the range.
        let short = flow([3], inset: EdgeInsets(top: 50, left: 0, bottom: 0, right: 0))
        #expect(short.clampedContentOffset(Point(x: 0, y: 200)) == Point(x: 0, y: -50))
    }

    /// The positions are taken in the part of the view the insets leave visible.
    @Test func scrollToItemAllowsForTheInsets() throws {
        let cv = flow([60], inset: EdgeInsets(top: 50, left: 0, bottom: 30, right: 0))
        // Five to a line (no side insets): item 15's line is at 180…230.
        try cv.scrollToItem(at: IndexPath(item: 15, section: 0), at: .top, animated: false)
        #expect(cv.contentOffset.y == 130)
        // Item 40's line is at 480…530: its bottom at 480 − 30.
        try cv.scrollToItem(at: IndexPath(item: 40, section: 0), at: .bottom, animated: false)
        #expect(cv.contentOffset.y == 530 - 480 + 30)
        // The visible part is 50…450 of the view: centre 250 over the line's centre 205.
        try cv.scrollToItem(at: IndexPath(item: 15, section: 0), at: .centeredVertically, animated: false)
        #expect(cv.contentOffset.y == 205 - 250)
        // The first item at the top goes to the top of the range, not past it.
        try cv.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        #expect(cv.contentOffset.y == -50)
    }

    /// `setContentOffset(_:animated:)` moves at once, animated or not, and, like the setter
    /// (and UIScrollView's method), does not clamp the offset to the scrollable range.
    @Test func setContentOffsetMovesAtOnceAndDoesNotClamp() {
        let cv = flow([60], inset: EdgeInsets(top: 50, left: 0, bottom: 30, right: 0))
        cv.setContentOffset(Point(x: 0, y: 130), animated: true)
        #expect(cv.contentOffset == Point(x: 0, y: 130))
        cv.setContentOffset(Point(x: 0, y: 5000), animated: false)
        #expect(cv.contentOffset == Point(x: 0, y: 5000))
        cv.setContentOffset(.zero, animated: false)
        #expect(cv.contentOffset == .zero && cv.bounds.origin == .zero)
    }

    /// A pinned header stops below the top inset, a pinned footer above the bottom one.
    @Test func pinnedHeadersAndFootersStayInsideTheInsets() {
        let cv = flow([20, 20], inset: EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)) {
            $0.headerReferenceSize = Size(width: 0, height: 40)
            $0.footerReferenceSize = Size(width: 0, height: 20)
            $0.sectionHeadersPinToVisibleBounds = true
            $0.sectionFootersPinToVisibleBounds = true
        }
        // Section 0: header 0…40, lines 40…270, footer 270…290; section 1: header 290…330,
        // lines 330…560, footer 560…580.
        let first = IndexPath(item: 0, section: 0), second = IndexPath(item: 0, section: 1)
        func minY(_ kind: String, _ at: IndexPath) -> Double {
            cv.layoutAttributesForSupplementaryElement(ofKind: kind, at: at)!.frame.minY
        }
        // At the top of the range the content's top is at the inset: the header where it lies;
        // the visible part ends at −50 + 480 − 30 = 400, so section 1's footer pins at 380.
        cv.contentOffset = Point(x: 0, y: -50)
        #expect(minY("header", first) == 0)
        #expect(minY("footer", first) == 270)
        #expect(minY("footer", second) == 380)
        // Scrolled to 100, the visible part is 150…550.
        cv.contentOffset = Point(x: 0, y: 100)
        #expect(minY("header", first) == 150)
        #expect(minY("footer", second) == 530)
    }

    /// Setting the inset invalidates the layout and, as UIScrollView's setter, leaves the offset.
    @Test func settingTheInsetRelaysOutAndKeepsTheOffset() {
        let cv = flow([12], inset: .zero)
        cv.contentOffset = Point(x: 0, y: 10)
        #expect(itemFrame(cv, 4).minY == 0)
        cv.contentInset = EdgeInsets(top: 50, left: 20, bottom: 0, right: 20)
        #expect(itemFrame(cv, 4).minY == 60)
        #expect(cv.contentOffset == Point(x: 0, y: 10))
        #expect(cv.adjustedContentInset == cv.contentInset)
    }

    /// The waterfall's columns share the width less the left and right insets (CHT's Swift
    /// version); its headers and content keep the whole width.
    @Test func waterfallColumnsShareTheWidthLessTheInsets() {
        let layout = WaterfallLayout()
        layout.headerHeight = 30
        let cv = makeCollectionView(layout, dataSource: TestDataSource([4]))
        cv.contentInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        // (320 − 20 − 10) / 2 = 145.
        #expect(layout.itemWidth(inSection: 0) == 145)
        #expect(itemFrame(cv, 1).minX == 155)
        #expect(itemFrame(cv, 1).width == 145)
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame.width == 320)
        #expect(cv.contentSize.width == 320)
    }
}
