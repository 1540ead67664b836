import Geometry
import TestSupport
import Testing

@testable import Layout

/// A finger lands on what is drawn frontmost under it, inside the bounds, as UIView's hit testing
/// finds it.
@Suite struct HitTestingTests {
    /// Two sections of 20 items under 40-point pinned headers, scrolled down 100 points: header 0
    /// is pinned at 100…140 over items 5–9 (100…150).
    private func pinned() -> CollectionView {
        let l = CollectionViewFlowLayout()
        l.headerReferenceSize = Size(width: 0, height: 40)
        l.sectionHeadersPinToVisibleBounds = true
        let cv = makeCollectionView(l, dataSource: TestDataSource([20, 20]))
        cv.contentOffset = Point(x: 0, y: 100)
        return cv
    }

    @Test func aPinnedHeaderTakesTheTouchFromTheCellUnderIt() throws {
        let cv = pinned()
        let item5 = IndexPath(item: 5, section: 0)
        #expect(cv.indexPathForItem(at: Point(x: 25, y: 120)) == item5)  // the layout's answer
        let hit = try #require(cv.hitTest(Point(x: 25, y: 120)))
        #expect(hit.representedElementKind == "header" && hit.indexPath == IndexPath(item: 0, section: 0))
        #expect(cv.beginTouch(at: Point(x: 25, y: 120)) == nil && cv.indexPathsForHighlightedItems.isEmpty)
        // The centre of item 5 (125) is under the header: tapping it presses nothing.
        #expect(try cv.beginTouch(onItem: item5) == nil)
        try cv.tapItem(at: item5)
        #expect(cv.indexPathsForSelectedItems.isEmpty)
        // Below the header's bottom edge the cell is touched.
        #expect(cv.beginTouch(at: Point(x: 25, y: 145)) == item5)
    }

    @Test func nothingOutsideTheBoundsIsTouched() throws {
        let cv = makeCollectionView(CollectionViewFlowLayout(), dataSource: TestDataSource([200]))
        // Item 40 is at (0, 480), just below the 480-point bounds.
        let item40 = IndexPath(item: 40, section: 0)
        #expect(cv.indexPathForItem(at: Point(x: 25, y: 500)) == item40)
        #expect(cv.hitTest(Point(x: 25, y: 500)) == nil)
        #expect(cv.beginTouch(at: Point(x: 25, y: 500)) == nil)
        #expect(throws: CollectionViewError.notOnScreen(item40, center: Point(x: 25, y: 505))) {
            try cv.tapItem(at: item40)
        }
        #expect(cv.indexPathsForSelectedItems.isEmpty)
        // The message rounds the centre to hundredths.
        let third = CollectionViewError.notOnScreen(item40, center: Point(x: 610.0 / 3, y: 520))
        #expect(third.description.hasPrefix("index path [0, 40]: the item's centre (203.33, 520.0) is outside"))
        // Scrolled into view, it can be tapped.
        cv.contentOffset = Point(x: 0, y: 60)
        try cv.tapItem(at: item40)
        #expect(cv.indexPathsForSelectedItems == [item40])
    }

    @Test func theShapeAsDrawnIsHitNotTheUntransformedFrame() {
        var a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 100, y: 100, width: 40, height: 20)  // centre (120, 110)
        #expect(a.shapeContains(Point(x: 100, y: 100)) && !a.shapeContains(Point(x: 140, y: 110)))  // half-open
        a.transform3D = Transform3D(scaleX: 2, y: 2, z: 1)  // drawn 80 × 40 about the centre
        #expect(a.shapeContains(Point(x: 85, y: 95)) && !a.shapeContains(Point(x: 79, y: 110)))
        a.transform3D = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)  // drawn 20 × 40
        #expect(a.shapeContains(Point(x: 120, y: 128)) && !a.shapeContains(Point(x: 135, y: 110)))
        a.transform3D = Transform3D(translationX: 30, y: 0, z: 0)  // drawn 130…170
        #expect(a.shapeContains(Point(x: 165, y: 110)) && !a.shapeContains(Point(x: 105, y: 110)))
        a.transform3D = Transform3D(scaleX: 0, y: 1, z: 1)  // flattened to a line: nothing
        #expect(!a.shapeContains(Point(x: 120, y: 110)))
        // Turned 45° in depth, seen in perspective: narrower than the frame.
        a.transform3D = Transform3D(perspectiveEyeDistance: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
        #expect(a.shapeContains(Point(x: 120, y: 110)) && !a.shapeContains(Point(x: 101, y: 110)))
    }

    /// For random transforms (rotations, translations, scales, perspective), a point is inside
    /// the drawn shape exactly when the local point it was projected from is inside the bounds.
    @Test func pointsMappedThroughRandomTransformsAreFoundWhereTheyWereDrawn() {
        var random = SplitMix64(seed: 12)
        var a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = Rect(x: 100, y: 100, width: 40, height: 20)
        var checked = 0
        for trial in 0..<400 {
            var t = Transform3D(rotationAngle: Double.random(in: -.pi...(.pi), using: &random), x: 0, y: 0, z: 1)
                .scaledBy(
                    x: Double.random(in: 0.5...2, using: &random), y: Double.random(in: 0.5...2, using: &random), z: 1
                )
                .translatedBy(
                    x: Double.random(in: -30...30, using: &random), y: Double.random(in: -30...30, using: &random),
                    z: 0)
            if trial.isMultiple(of: 2) {
                t = t.rotated(by: Double.random(in: -1...1, using: &random), x: 0, y: 1, z: 0)
                    .concatenating(Transform3D(perspectiveEyeDistance: 500))
            }
            a.transform3D = t
            for _ in 0..<10 {
                let local = Point(
                    x: Double.random(in: -30...30, using: &random), y: Double.random(in: -20...20, using: &random))
                let (drawn, w) = t.project(local)
                guard w > 0 else { continue }
                let inside = Rect(x: -20, y: -10, width: 40, height: 20).contains(local)
                // Points within a hair of an edge could round either way.
                guard abs(abs(local.x) - 20) > 1e-6 && abs(abs(local.y) - 10) > 1e-6 else { continue }
                let point = Point(x: drawn.x + 120, y: drawn.y + 110)
                #expect(a.shapeContains(point) == inside, "trial \(trial): local \(local) drawn at \(point)")
                checked += 1
            }
        }
        #expect(checked > 3000)
    }

    @Test func hiddenAndAlmostTransparentElementsLetTouchesThrough() {
        final class Layout: CollectionViewFlowLayout {
            var alpha = 1.0
            var hidden = false
            override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
                super.layoutAttributesForElements(in: rect).map { a in
                    var a = a
                    if a.indexPath.item == 0 {
                        a.alpha = alpha
                        a.isHidden = hidden
                    }
                    return a
                }
            }
        }
        let layout = Layout()
        let cv = makeCollectionView(layout, dataSource: TestDataSource([10]))
        let centre = Point(x: 25, y: 25)
        layout.alpha = 0.01
        #expect(cv.hitTest(centre)?.indexPath == IndexPath(item: 0, section: 0))
        layout.alpha = 0.009
        #expect(cv.hitTest(centre) == nil)
        layout.alpha = 1
        layout.hidden = true
        #expect(cv.hitTest(centre) == nil)
    }

    @Test func theFrontmostOfOverlappingCellsIsHit() {
        final class Layout: CollectionViewFlowLayout {
            var raised: Int?
            override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
                super.layoutAttributesForElements(in: rect).map { a in
                    var a = a
                    a.center = Point(x: 100, y: 100)  // every cell on one pile
                    a.zIndex = a.indexPath.item == raised ? 1 : 0
                    return a
                }
            }
        }
        let layout = Layout()
        let cv = makeCollectionView(layout, dataSource: TestDataSource([5]))
        // Equal zIndex: the last drawn, the greatest index path.
        #expect(cv.hitTest(Point(x: 100, y: 100))?.indexPath.item == 4)
        layout.raised = 2
        #expect(cv.hitTest(Point(x: 100, y: 100))?.indexPath.item == 2)
    }
}
