import Geometry
import Testing

@testable import Layout

/// The optional background decorations of `CollectionViewFlowLayout` (off by default, as UIKit's has none).
@Suite struct FlowLayoutDecorationTests {
    func make(vertical: Bool = true) -> (CollectionView, CollectionViewFlowLayout) {
        let flow = CollectionViewFlowLayout()
        flow.itemSize = Size(width: 100, height: 50)
        flow.sectionInset = EdgeInsets(all: 10)
        flow.headerReferenceSize = Size(width: 30, height: 30)
        flow.footerReferenceSize = Size(width: 20, height: 20)
        if !vertical { flow.scrollDirection = .horizontal }
        let cv = makeCollectionView(flow, size: Size(width: 320, height: 480), dataSource: TestDataSource([4, 2]))
        cv.prepareLayoutIfNeeded()
        return (cv, flow)
    }

    @Test func noDecorationsByDefault() {
        let (cv, flow) = make()
        let all = flow.layoutAttributesForElements(in: Rect(origin: .zero, size: flow.collectionViewContentSize))
        #expect(!all.contains { $0.representedElementCategory == .decorationView })
        #expect(
            cv.layoutAttributesForElements(in: cv.bounds).allSatisfy {
                $0.representedElementCategory != .decorationView
            })
    }

    @Test func backgroundCoversTheContentBehindEverything() throws {
        let (cv, flow) = make()
        defer { withExtendedLifetime(cv) {} }
        flow.backgroundDecorationKind = "background"
        flow.prepare()
        let content = flow.collectionViewContentSize
        let a = try #require(
            flow.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 0)))
        #expect(a.frame == Rect(origin: .zero, size: content))
        #expect(a.zIndex == -2)
        let inRect = flow.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(inRect.contains { $0.representedElementKind == "background" })
        #expect(flow.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 1)) == nil)
    }

    /// The whole-content background is at [0, 0] before and after an update that deletes the
    /// first section; mapped by section its old key does not exist, which must not make it fade
    /// in while the old one fades out (both at half alpha mid-way).
    @Test func theBackgroundStaysOpaqueWhenTheFirstSectionIsDeleted() throws {
        let (cv, flow) = make()
        flow.backgroundDecorationKind = "background"
        let data = try #require(cv.dataSource as? TestDataSource)
        try cv.layoutSubviews()
        let update = try cv.performBatchUpdates {
            data.counts = [2]
            try cv.deleteSections([0])
        }
        let backgrounds = update.transitions.filter { $0.key.kind == "background" }
        let new = try #require(backgrounds.first { $0.change == .appearing })
        #expect(new.start.alpha == 1 && new.end.alpha == 1)
    }

    @Test func sectionBackgroundSpansFromHeaderToFooter() throws {
        let (cv, flow) = make()
        defer { withExtendedLifetime(cv) {} }
        flow.sectionBackgroundDecorationKind = "section"
        flow.prepare()
        // Section 0: header 0…30, inset 10, two lines of 50 with spacing 10, inset 10, footer 20.
        let s0 = try #require(
            flow.layoutAttributesForDecorationView(ofKind: "section", at: IndexPath(item: 0, section: 0)))
        #expect(s0.frame == Rect(x: 0, y: 30, width: 320, height: 130))
        #expect(s0.zIndex == -1)
        // Section 1 starts after section 0's footer at 180: header to 210, one line: 210…280.
        let s1 = try #require(
            flow.layoutAttributesForDecorationView(ofKind: "section", at: IndexPath(item: 0, section: 1)))
        #expect(s1.frame == Rect(x: 0, y: 210, width: 320, height: 70))
        // A query over section 1 only returns section 1's background.
        let found = flow.layoutAttributesForElements(in: Rect(x: 0, y: 250, width: 320, height: 10))
            .filter { $0.representedElementCategory == .decorationView }
        #expect(found.map(\.indexPath) == [IndexPath(item: 0, section: 1)])
    }

    @Test func horizontalSectionBackgroundsRunAcross() throws {
        let (cv, flow) = make(vertical: false)
        defer { withExtendedLifetime(cv) {} }
        flow.sectionBackgroundDecorationKind = "section"
        flow.prepare()
        let s0 = try #require(
            flow.layoutAttributesForDecorationView(ofKind: "section", at: IndexPath(item: 0, section: 0)))
        #expect(s0.frame.minX == 30)
        #expect(s0.frame.height == flow.collectionViewContentSize.height)
    }
}
