import Geometry
import Testing

@testable import Layout

/// `CollectionViewTransitionLayout` and the interactive layout change it drives (UIKit's
/// `startInteractiveTransition(to:)`, `finishInteractiveTransition()`, `cancelInteractiveTransition()`).
@Suite struct TransitionLayoutTests {
    /// A flow grid of 6 items (one header) and a circle of the same items.
    func setUp() -> (CollectionView, CollectionViewFlowLayout, CircleLayout, TestDataSource) {
        let ds = TestDataSource([6])
        let flow = CollectionViewFlowLayout()
        flow.headerReferenceSize = Size(width: 0, height: 30)
        let circle = CircleLayout()
        let cv = makeCollectionView(flow, dataSource: ds)
        return (cv, flow, circle, ds)
    }

    @Test func progressInterpolatesBetweenTheTwoLayouts() throws {
        let (cv, flow, circle, _) = setUp()
        try cv.layoutSubviews()
        let item = IndexPath(item: 4, section: 0)
        let start = try #require(cv.layoutAttributesForItem(at: item))
        let transition = cv.startInteractiveTransition(to: circle)
        #expect(cv.collectionViewLayout === transition)
        #expect(transition.currentLayout === flow && transition.nextLayout === circle)
        #expect(cv.layoutAttributesForItem(at: item) == start)
        transition.transitionProgress = 1
        let end = try #require(circle.layoutAttributesForItem(at: item))
        #expect(cv.layoutAttributesForItem(at: item)?.frame == end.frame)
        transition.transitionProgress = 0.25
        let quarter = try #require(cv.layoutAttributesForItem(at: item))
        #expect(quarter.center.x == start.center.x + (end.center.x - start.center.x) * 0.25)
        #expect(quarter.center.y == start.center.y + (end.center.y - start.center.y) * 0.25)
        // The header only the flow layout has fades out where it was.
        let header = try #require(
            transition.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0)))
        #expect(header.alpha == 0.75 && header.frame.minY == 0)
        #expect(transition.layoutAttributesForElements(in: cv.bounds).contains { $0.elementKey == header.elementKey })
        // The views shown follow the transition.
        try cv.layoutSubviews()
        #expect((cv.cellForItem(at: item) as? TestCell)?.layoutAttributes?.frame == quarter.frame)
    }

    /// A flow layout whose items are turned a quarter turn.
    final class TurnedFlowLayout: CollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
            super.layoutAttributesForElements(in: rect).map { a in
                var turned = a
                if a.representedElementCategory == .cell {
                    turned.transform3D = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
                }
                return turned
            }
        }
    }

    /// The standard transition layout is linear ("The standard class provides a linear
    /// transition"): every element of the transform moves linearly, so halfway from upright to
    /// a quarter turn an item is turned an eighth and shrunk to √½, not turned an eighth at full
    /// size as an animation's interpolation of the transform's parts would have it.
    @Test func theTransformMovesElementByElement() throws {
        let (cv, _, _, _) = setUp()
        try cv.layoutSubviews()
        let transition = cv.startInteractiveTransition(to: TurnedFlowLayout())
        transition.transitionProgress = 0.5
        let item = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        let turned = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(item.transform3D == Transform3D.identity.interpolated(to: turned, fraction: 0.5))
        #expect(abs(item.transform3D.m11 - 0.5) < 1e-12 && abs(item.transform3D.m12 - 0.5) < 1e-12)
    }

    @Test func finishInstallsTheNextLayoutAndCancelTheCurrentOne() throws {
        let (cv, flow, circle, _) = setUp()
        try cv.layoutSubviews()
        var transition = cv.startInteractiveTransition(to: circle)
        transition.transitionProgress = 0.6
        cv.finishInteractiveTransition()
        #expect(cv.collectionViewLayout === circle && circle.collectionView === cv && flow.collectionView == nil)
        #expect(
            cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
                == circle.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        transition = cv.startInteractiveTransition(to: flow)
        transition.transitionProgress = 0.9
        cv.cancelInteractiveTransition()
        #expect(cv.collectionViewLayout === circle)
        cv.finishInteractiveTransition()  // nothing runs: nothing changes
        #expect(cv.collectionViewLayout === circle)
    }

    @Test func animatedValuesAreKeptPerKey() {
        let t = CollectionViewTransitionLayout(currentLayout: CircleLayout(), nextLayout: CircleLayout())
        #expect(t.value(forAnimatedKey: "radius") == 0)
        t.updateValue(12.5, forAnimatedKey: "radius")
        #expect(t.value(forAnimatedKey: "radius") == 12.5 && t.value(forAnimatedKey: "other") == 0)
    }
}
