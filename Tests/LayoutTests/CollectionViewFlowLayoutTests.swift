import Geometry
import Testing

@testable import Layout

/// UIKitBehaviour.md §1, case by case (320-point-wide collection view unless stated).
@Suite struct FlowLayoutTests {
    @Test func defaultsAreUIKits() {
        let l = CollectionViewFlowLayout()
        #expect(l.itemSize == Size(width: 50, height: 50))
        #expect(l.minimumLineSpacing == 10 && l.minimumInteritemSpacing == 10)
        #expect(l.sectionInset == .zero && l.headerReferenceSize == .zero && l.footerReferenceSize == .zero)
        #expect(l.scrollDirection == .vertical)
        #expect(!l.sectionHeadersPinToVisibleBounds && !l.sectionFootersPinToVisibleBounds)
    }

    @Test func fullLineIsJustified() {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([10]))
        let f = frames(cv)
        #expect(f[0..<5].map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(f[0..<5].allSatisfy { $0.minY == 0 && $0.size == Size(width: 50, height: 50) })
        #expect(f[5..<10].map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(f[5..<10].allSatisfy { $0.minY == 60 })
        #expect(cv.contentSize == Size(width: 320, height: 110))
    }

    @Test func lastLineOfUniformSectionSitsOnGridColumns() {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([7]))
        let f = frames(cv)
        #expect(f[5].origin == Point(x: 0, y: 60))
        #expect(f[6].origin == Point(x: 67.5, y: 60))
        // A one-line uniform section also sits on the columns (not stretched, not centred).
        let three = frames(makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([3])))
        #expect(three.map(\.minX) == [0, 67.5, 135])
    }

    @Test func lastLineOfMixedSectionIsLeftAligned() {
        let ds = TestDataSource([7])
        ds.sizes[IndexPath(item: 6, section: 0)] = Size(width: 40, height: 50)
        let f = frames(makeCollectionView(CollectionViewFlowLayout(), dataSource: ds))
        #expect(f[0..<5].map(\.minX) == [0, 67.5, 135, 202.5, 270])
        #expect(f[5].minX == 0 && f[6].minX == 60)
        #expect(f[6].minY == 60)
    }

    @Test func loneItemOnALineIsCentred() {
        // Mixed: [200] cannot share with the next 200 → alone on a full line → centred; the last
        // line [200, 50] is left-aligned.
        let ds = TestDataSource([3])
        ds.sizes[IndexPath(item: 0, section: 0)] = Size(width: 200, height: 40)
        ds.sizes[IndexPath(item: 1, section: 0)] = Size(width: 200, height: 40)
        let f = frames(makeCollectionView(CollectionViewFlowLayout(), dataSource: ds))
        #expect(f[0] == Rect(x: 60, y: 0, width: 200, height: 40))
        // Last line is 50 tall (the default-size item); the 40-tall item is centred in it.
        #expect(f[1].minX == 0 && f[1].minY == 55)
        #expect(f[2].minX == 210 && f[2].minY == 50)
        // Uniform, one item per line: every line (the last too) is centred.
        let l = CollectionViewFlowLayout()
        l.itemSize = Size(width: 200, height: 100)
        let g = frames(makeCollectionView(l, dataSource: TestDataSource([3])))
        #expect(g.map(\.minX) == [60, 60, 60])
        #expect(g.map(\.minY) == [0, 110, 220])
    }

    @Test func itemsAreCentredVerticallyInTheirLine() {
        let ds = TestDataSource([4])
        ds.sizes[IndexPath(item: 0, section: 0)] = Size(width: 50, height: 50)
        ds.sizes[IndexPath(item: 1, section: 0)] = Size(width: 50, height: 100)
        ds.sizes[IndexPath(item: 2, section: 0)] = Size(width: 50, height: 30)
        ds.sizes[IndexPath(item: 3, section: 0)] = Size(width: 300, height: 20)
        let f = frames(makeCollectionView(CollectionViewFlowLayout(), dataSource: ds))
        #expect(f[0].minY == 25 && f[1].minY == 0 && f[2].minY == 35)
        // Line spacing is measured from the tallest item.
        #expect(f[3].minY == 110)
        // Justified full line of three: gap = 10 + (320 − 150 − 20) / 2 = 85.
        #expect(f[0..<3].map(\.minX) == [0, 135, 270])
    }

    @Test func exactFitFitsAndFloatingNoiseIsTolerated() {
        let l = CollectionViewFlowLayout()
        l.minimumInteritemSpacing = 0
        l.itemSize = Size(width: 320.0 / 3, height: 10)
        let f = frames(makeCollectionView(l, dataSource: TestDataSource([3])))
        #expect(f.allSatisfy { $0.minY == 0 })
        // Two 155-point items and a 10-point gap fill 320 exactly (UIKitBehaviour.md §1.3).
        let m = CollectionViewFlowLayout()
        m.itemSize = Size(width: 155, height: 10)
        let g = frames(makeCollectionView(m, dataSource: TestDataSource([2])))
        #expect(g.map(\.minX) == [0, 165] && g.allSatisfy { $0.minY == 0 })
    }

    @Test func oversizedItemGetsItsOwnCentredLine() {
        let ds = TestDataSource([2])
        ds.sizes[IndexPath(item: 0, section: 0)] = Size(width: 400, height: 40)
        let f = frames(makeCollectionView(CollectionViewFlowLayout(), dataSource: ds))
        #expect(f[0].minX == -40)
        #expect(f[1].minY == 50)
    }

    @Test func headerInsetLinesInsetFooterVertical() {
        let l = CollectionViewFlowLayout()
        l.headerReferenceSize = Size(width: 999, height: 40)
        l.footerReferenceSize = Size(width: 1, height: 25)
        l.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let cv = makeCollectionView(l, dataSource: TestDataSource([3, 0]))
        // Available 260 → 4 per line, gap 20 → columns 20, 90, 160.
        #expect(frames(cv).map(\.origin) == [Point(x: 20, y: 50), Point(x: 90, y: 50), Point(x: 160, y: 50)])
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame == Rect(x: 0, y: 0, width: 320, height: 40))
        #expect(header.representedElementCategory == .supplementaryView && header.zIndex == 0)
        let footer = cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 0))!
        #expect(footer.frame == Rect(x: 0, y: 130, width: 320, height: 25))
        // The empty section still has header + insets + footer: 40 + 10 + 30 + 25.
        let header1 = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1))!
        #expect(header1.frame.minY == 155)
        #expect(cv.contentSize == Size(width: 320, height: 155 + 105))
    }

    /// A rect query lists each section's header, its items, then its footer, section by section,
    /// including an empty section met only by its header and footer.
    @Test func rectQueryIsInLayoutOrder() {
        let l = CollectionViewFlowLayout()
        l.headerReferenceSize = Size(width: 1, height: 40)
        l.footerReferenceSize = Size(width: 1, height: 25)
        let cv = makeCollectionView(l, dataSource: TestDataSource([7, 0, 2]))
        let found = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: cv.contentSize.height))
        let names = found.map { a in
            a.representedElementCategory == .cell
                ? "\(a.indexPath.section).\(a.indexPath.item)"
                : "\(a.representedElementKind ?? "?")\(a.indexPath.section)"
        }
        #expect(
            names == [
                "header0", "0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "footer0", "header1", "footer1", "header2",
                "2.0", "2.1", "footer2",
            ])
        // Lines at 40 and 100 (50 high), the footer at 150: a rect from 105 to 165 meets the
        // second line and the footer.
        let lower = l.layoutAttributesForElements(in: Rect(x: 0, y: 105, width: 320, height: 60))
        #expect(lower.map(\.indexPath.item) == [5, 6, 0] && lower.last?.representedElementKind == "footer")
    }

    @Test func headerInsetLinesInsetFooterHorizontal() {
        let l = CollectionViewFlowLayout()
        l.scrollDirection = .horizontal
        l.headerReferenceSize = Size(width: 40, height: 999)
        l.footerReferenceSize = Size(width: 25, height: 1)
        l.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let cv = makeCollectionView(l, dataSource: TestDataSource([3]))
        // Available height 440 → 7 per column, gap 15.
        #expect(frames(cv).map(\.origin) == [Point(x: 60, y: 10), Point(x: 60, y: 75), Point(x: 60, y: 140)])
        let header = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame == Rect(x: 0, y: 0, width: 40, height: 480))
        let footer = cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 0))!
        #expect(footer.frame == Rect(x: 150, y: 0, width: 25, height: 480))
        #expect(cv.contentSize == Size(width: 175, height: 480))
    }

    @Test func horizontalLinesAreColumns() {
        let l = CollectionViewFlowLayout()
        l.scrollDirection = .horizontal
        let cv = makeCollectionView(l, size: Size(width: 480, height: 320), dataSource: TestDataSource([7]))
        let f = frames(cv)
        #expect(f[0..<5].map(\.minY) == [0, 67.5, 135, 202.5, 270])
        #expect(f[5].origin == Point(x: 60, y: 0) && f[6].origin == Point(x: 60, y: 67.5))
        #expect(cv.contentSize == Size(width: 110, height: 320))
    }

    @Test func delegateOverridesPerSection() {
        let ds = TestDataSource([2, 2])
        ds.insets[1] = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        ds.interitemSpacings[1] = 100
        ds.lineSpacings[1] = 0
        ds.headerSizes[1] = Size(width: 0, height: 20)
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: ds)
        #expect(frames(cv, section: 0).map(\.minX) == [0, 67.5])
        // Section 1 starts at 50: header 20, inset 5; spacing 100 → 3 fit? 3·50 + 200 = 350 > 320 → 2 per line.
        #expect(frames(cv, section: 1).map(\.origin) == [Point(x: 0, y: 75), Point(x: 270, y: 75)])
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// Two sections of 20 items (4 lines each, 230 tall) under 40-point headers:
    /// section 0 spans 0…270, section 1 spans 270…540.
    private func pinned(offset: Double) -> CollectionView {
        let l = CollectionViewFlowLayout()
        l.headerReferenceSize = Size(width: 0, height: 40)
        l.sectionHeadersPinToVisibleBounds = true
        let cv = makeCollectionView(l, dataSource: TestDataSource([20, 20]))
        cv.contentOffset = Point(x: 0, y: offset)
        return cv
    }

    @Test(arguments: [
        (0.0, 0.0, 270.0), (100, 100, 270), (250, 230, 270), (300, 230, 300), (520, 230, 500), (-50, 0, 270),
    ])
    func pinnedHeaders(offset: Double, header0: Double, header1: Double) {
        let cv = pinned(offset: offset)
        let h0 = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        let h1 = cv.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1))!
        #expect(h0.frame.minY == header0)
        #expect(h1.frame.minY == header1)
        #expect(h0.zIndex == 1 && h1.zIndex == 1)
        // The rect query returns the header where it is pinned.
        let visible = cv.layoutAttributesForElements(in: cv.bounds).filter { $0.representedElementKind == "header" }
        for h in visible { #expect(h.frame.minY == (h.indexPath.section == 0 ? header0 : header1)) }
    }

    @Test func pinnedFootersStickToTheBottom() {
        let l = CollectionViewFlowLayout()
        l.footerReferenceSize = Size(width: 0, height: 30)
        l.sectionFootersPinToVisibleBounds = true
        let cv = makeCollectionView(l, size: Size(width: 320, height: 200), dataSource: TestDataSource([20, 20]))
        // Section 0: items 0…230, footer 230…260. Section 1: 260…490, footer 490…520.
        let footer0 = IndexPath(item: 0, section: 0)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: footer0)!.frame.minY == 170)
        cv.contentOffset = Point(x: 0, y: 100)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: footer0)!.frame.minY == 230)
        let footer1 = IndexPath(item: 0, section: 1)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: footer1)!.frame.minY == 270)
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "footer", at: footer1)!.zIndex == 1)
    }

    @Test func rectQueryReturnsOnlyIntersectingElements() {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([100]))
        // Rows at y = 60k; the rect (0, 120)…(320, 170) touches row 1's bottom edge only.
        let got = cv.layoutAttributesForElements(in: Rect(x: 0, y: 110, width: 50, height: 60))
        #expect(got.map(\.indexPath.item).sorted() == [10])
        #expect(cv.layoutAttributesForElements(in: Rect(x: 0, y: 110, width: 320, height: 0)).isEmpty)
    }

    /// A rect that meets no section (past the content, or a layout without sections) finds
    /// nothing, with no room to keep for any section's lines.
    @Test func rectQueryMeetingNoSectionIsEmpty() {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([100]))
        #expect(cv.layoutAttributesForElements(in: Rect(x: 0, y: 5_000, width: 320, height: 400)).isEmpty)
        #expect(cv.layoutAttributesForElements(in: Rect(x: 0, y: -900, width: 320, height: 400)).isEmpty)
        let none = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([]))
        #expect(none.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400)).isEmpty)
    }

    @Test func widthChangeInvalidatesScrollingDoesNot() {
        let l = CollectionViewFlowLayout()
        let cv = makeCollectionView(l, dataSource: TestDataSource([10]))
        _ = cv.contentSize
        #expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 100, width: 320, height: 480)))
        #expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 200, height: 480)))
        cv.frame = Rect(x: 0, y: 0, width: 200, height: 480)
        #expect(frames(cv)[3].minY == 60)  // 3 per line now
    }
}
