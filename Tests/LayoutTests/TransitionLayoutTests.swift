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
