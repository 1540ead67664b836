import Geometry
import Testing

@testable import Layout

/// The safe area: how `contentInsetAdjustmentBehavior` adds it to the content inset, the
/// adjusted inset kept up to date with the content size, and the flow layout's
/// `sectionInsetReference`.
///
/// The collection view is 320 × 480; the flow layout's items are 50 × 50, 10 apart, so 5 fit a
/// line and 40 items make 8 lines, 470 points: shorter than the view. 60 items make 710.
@Suite struct SafeAreaTests {
    /// An iPhone's safe area upright: the sensor housing above, the home indicator below.
    static let upright = EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    /// Turned: the housing at both sides, the home indicator below.
    static let turned = EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)

    private func flow(
        _ count: Int, size: Size = Size(width: 320, height: 480), safeArea: EdgeInsets,
        configure: (CollectionView, CollectionViewFlowLayout) -> Void = { _, _ in }
    ) -> (CollectionView, CollectionViewFlowLayout) {
        let layout = CollectionViewFlowLayout()
        let cv = makeCollectionView(layout, size: size, dataSource: TestDataSource([count]))
        cv.safeAreaInsets = safeArea
        configure(cv, layout)
        cv.prepareLayoutIfNeeded()
        return (cv, layout)
    }

    private func itemFrame(_ cv: CollectionView, _ item: Int) -> Rect {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
    }

    /// `.never` keeps the content inset; `.always` adds every edge of the safe area, whatever
    /// the content's size.
    @Test func neverAndAlwaysIgnoreTheContentSize() {
        let inset = EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        let (never, _) = flow(3, safeArea: Self.upright) { cv, _ in
            cv.contentInset = inset
            cv.contentInsetAdjustmentBehavior = .never
        }
        #expect(never.adjustedContentInset == inset)
        let (always, _) = flow(3, safeArea: Self.turned) { cv, _ in
            cv.contentInset = inset
            cv.contentInsetAdjustmentBehavior = .always
        }
        #expect(always.adjustedContentInset == EdgeInsets(top: 5, left: 65, bottom: 28, right: 67))
    }

    /// `.automatic` (the default) and `.scrollableAxes` add the top and bottom only when the
    /// content is taller than the view, or the view always bounces vertically.
    @Test func scrollableAxesAddTheTopAndBottomOnlyWhenTheContentScrolls() {
        for behaviour in [CollectionView.ContentInsetAdjustmentBehavior.automatic, .scrollableAxes] {
            let (short, _) = flow(40, safeArea: Self.upright) { cv, _ in cv.contentInsetAdjustmentBehavior = behaviour }
            #expect(short.contentSize.height == 470)
            #expect(short.adjustedContentInset == .zero, "\(behaviour)")
            let (tall, _) = flow(60, safeArea: Self.upright) { cv, _ in cv.contentInsetAdjustmentBehavior = behaviour }
            #expect(tall.adjustedContentInset == Self.upright, "\(behaviour)")
            let (bouncing, _) = flow(40, safeArea: Self.upright) { cv, _ in
                cv.contentInsetAdjustmentBehavior = behaviour
                cv.alwaysBounceVertical = true
            }
            #expect(bouncing.adjustedContentInset == Self.upright, "\(behaviour)")
        }
        #expect(
            CollectionView(frame: .zero, collectionViewLayout: CollectionViewLayout()).contentInsetAdjustmentBehavior
                == .automatic)
    }

    /// A view turned on its side that scrolls vertically keeps its left and right edges under
    /// the housing: its content is never wider than the view. Scrolling sideways, the content
    /// that runs past the view adds the left and right instead, and not the top and bottom.
    @Test func theSidesAreAddedOnlyWhenTheContentScrollsSideways() {
        let wide = Size(width: 480, height: 320)
        let (vertical, _) = flow(60, size: wide, safeArea: Self.turned)
        #expect(vertical.adjustedContentInset == EdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        let (horizontal, _) = flow(60, size: wide, safeArea: Self.turned) { _, layout in
            layout.scrollDirection = .horizontal
        }
        #expect(horizontal.contentSize.width > 480)
        #expect(horizontal.adjustedContentInset == EdgeInsets(top: 0, left: 59, bottom: 0, right: 59))
        let (bouncing, _) = flow(3, size: wide, safeArea: Self.turned) { cv, layout in
            layout.scrollDirection = .horizontal
            cv.alwaysBounceHorizontal = true
        }
        #expect(bouncing.adjustedContentInset == EdgeInsets(top: 0, left: 59, bottom: 0, right: 59))
    }

    /// The adjusted inset follows the content: items added until it scrolls bring the safe area
    /// in, and the scroll range with it; the view then rests from −(top inset + 59).
    @Test func theAdjustedInsetFollowsTheContentSize() {
        let source = TestDataSource([40])
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: source)
        cv.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        cv.safeAreaInsets = Self.upright
        #expect(cv.clampedContentOffset(Point(x: 0, y: -200)) == Point(x: 0, y: -10))
        source.counts = [60]
        cv.reloadData()
        // 710 + 34 − 480 = 264 at the far end.
        #expect(cv.clampedContentOffset(Point(x: 0, y: -200)) == Point(x: 0, y: -69))
        #expect(cv.clampedContentOffset(Point(x: 0, y: 900)) == Point(x: 0, y: 264))
        #expect(cv.adjustedContentInset == EdgeInsets(top: 69, left: 0, bottom: 34, right: 0))
    }

    /// A horizontally scrolling view that always bounces vertically: the top and bottom
    /// shorten its columns, so more of them are needed, and content that only then runs past
    /// the view's width brings the sides in, in a second pass.
    @Test func insetsThatTheNewContentSizeBringsAreLaidOutAgain() {
        let safeArea = EdgeInsets(top: 100, left: 7, bottom: 100, right: 7)
        func sideways(_ count: Int) -> (CollectionView, CollectionViewFlowLayout) {
            flow(count, safeArea: safeArea) { cv, layout in
                layout.scrollDirection = .horizontal
                cv.alwaysBounceVertical = true
            }
        }
        // 480 − 200 = 280 points hold 4 items a column: 20 items make 5 columns, 290 points,
        // not wider than the view, so one pass and no sides.
        let (narrow, narrowLayout) = sideways(20)
        #expect(narrow.contentSize == Size(width: 290, height: 280))
        #expect(narrow.adjustedContentInset == EdgeInsets(top: 100, left: 0, bottom: 100, right: 0))
        #expect(narrowLayout.framePreparationCount == 1)
        // 24 items make 6 columns, 350 points: wider than the view, so the sides come in and
        // the layout runs again with them.
        let (wide, wideLayout) = sideways(24)
        #expect(wide.contentSize == Size(width: 350, height: 280))
        #expect(wide.adjustedContentInset == safeArea)
        #expect(wideLayout.framePreparationCount == 2)
    }

    /// A layout whose content scrolls only without the safe area would flip for ever; the
    /// collection view stops after `adjustmentRounds` passes.
    @Test func contentThatFlipsStopsAfterAFewPasses() {
        final class Flipping: CollectionViewLayout {
            var passes = 0
            override func prepare() {
                super.prepare()
                passes += 1
            }
            override var collectionViewContentSize: Size {
                Size(width: 320, height: (collectionView?.adjustedContentInset.top ?? 0) > 0 ? 100 : 1000)
            }
        }
        let layout = Flipping()
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.safeAreaInsets = Self.upright
        cv.prepareLayoutIfNeeded()
        #expect(layout.passes == CollectionView.adjustmentRounds)
        cv.prepareLayoutIfNeeded()
        #expect(layout.passes == CollectionView.adjustmentRounds)
    }

    /// `.fromContentInset` measures the section inset from the content's edge, under the
    /// housing of a view on its side; `.fromSafeArea` from the safe area: items start at
    /// 59 + 10 and the line is 480 − 138 = 342 points long, which holds 5 items, justified.
    @Test func fromSafeAreaKeepsLinesClearOfTheHousing() {
        let wide = Size(width: 480, height: 320)
        let (content, _) = flow(12, size: wide, safeArea: Self.turned) { _, layout in
            layout.sectionInset = EdgeInsets(all: 10)
        }
        #expect(itemFrame(content, 0).minX == 10)
        #expect(itemFrame(content, 7).minY == 70)  // 7 to a line in 460 points
        let (safe, layout) = flow(12, size: wide, safeArea: Self.turned) { _, layout in
            layout.sectionInset = EdgeInsets(all: 10)
            layout.headerReferenceSize = Size(width: 0, height: 30)
            layout.sectionInsetReference = .fromSafeArea
        }
        #expect(layout.sectionInsetReference == .fromSafeArea)
        #expect(itemFrame(safe, 0).minX == 69)
        #expect(itemFrame(safe, 4).maxX == 411)
        #expect(itemFrame(safe, 5).minY == 30 + 10 + 60)
        // The header and the content keep the whole width; only the lines move in.
        let header = safe.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))!
        #expect(header.frame == Rect(x: 0, y: 0, width: 480, height: 30))
        #expect(safe.contentSize.width == 480)
    }

    /// With `.fromSafeArea`, a content inset deeper than the safe area and the section inset
    /// together wins: the lines start at the content's edge ("the minimum value of this property
    /// is always the collection view's content inset").
    @Test func fromSafeAreaIsNeverNearerTheEdgeThanTheContentInset() {
        let wide = Size(width: 480, height: 320)
        let (cv, _) = flow(12, size: wide, safeArea: Self.turned) { cv, layout in
            cv.contentInset = EdgeInsets(top: 0, left: 80, bottom: 0, right: 0)
            layout.sectionInset = EdgeInsets(all: 10)
            layout.sectionInsetReference = .fromSafeArea
        }
        // Left: max(80, 59 + 10) − 80 = 0 in content coordinates; right: max(0, 59 + 10) = 69.
        #expect(itemFrame(cv, 0).minX == 0)
        #expect(cv.contentSize.width == 400)
        #expect(itemFrame(cv, 4).maxX == 331 && itemFrame(cv, 5).minY > 0)
    }
}
