import Geometry
import Testing

@testable import Layout

@Suite struct GestureRecognizerTests {
    /// A 3-column grid of 100×100 items in a 320×480 view, and the centre of item `i`.
    func grid(items: Int = 9) -> (CollectionView, TestDataSource) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        let ds = TestDataSource([items])
        return (makeCollectionView(layout, dataSource: ds), ds)
    }

    func centre(_ cv: CollectionView, _ item: Int) -> Point {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
    }

    /// The states an action saw, in order.
    final class Log {
        var states: [GestureRecognizer.State] = []
        var locations: [Point] = []
    }

    @Test func aLongPressBeginsAfterHalfASecondChangesAsTheFingerMovesAndEndsWhenItLifts() {
        let (cv, _) = grid()
        let log = Log()
        let press = LongPressGestureRecognizer { g in
            log.states.append(g.state)
            log.locations.append(g.location(in: cv))
        }
        cv.addGestureRecognizer(press)
        #expect(press.view === cv && cv.gestureRecognizers.count == 1)
        let p = centre(cv, 0)
        let finger = Finger(touching: cv, at: p)
        finger.hold(until: 0.49)
        #expect(press.state == .possible && log.states.isEmpty)
        // Moving up to 10 points before it begins is allowed.
        finger.move(to: Point(x: p.x + 6, y: p.y + 8), at: 0.495)
        finger.hold(until: 0.5)
        #expect(log.states == [.began] && log.locations == [Point(x: p.x + 6, y: p.y + 8)])
        // The press began: the item is no longer highlighted (the view's touch was cancelled).
        #expect(cv.indexPathsForHighlightedItems.isEmpty)
        finger.move(to: Point(x: 250, y: 300), at: 0.7)
        finger.move(to: Point(x: 250, y: 300), at: 0.8)  // no movement, no `.changed`
        finger.lift(at: 0.9)
        #expect(log.states == [.began, .changed, .ended])
        #expect(log.locations.last == Point(x: 250, y: 300))
        #expect(cv.indexPathsForSelectedItems.isEmpty)
    }

    @Test func aLongPressFailsIfTheFingerMovesTooFarOrLiftsTooSoon() {
        let (cv, _) = grid()
        let log = Log()
        let press = LongPressGestureRecognizer { g in log.states.append(g.state) }
        cv.addGestureRecognizer(press)
        let p = centre(cv, 4)
        let moved = Finger(touching: cv, at: p)
        moved.move(to: Point(x: p.x + 11, y: p.y), at: 0.2)
        moved.hold(until: 1)
        moved.lift(at: 1.1)
        #expect(press.state == .failed && log.states.isEmpty)
        let short = Finger(touching: cv, at: p)
        short.lift(at: 0.3)
        #expect(press.state == .failed && log.states.isEmpty)
        // A touch too short for the press is a tap for the collection view: it selects.
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    }

    @Test func aTapRecognizerStopsTapsFromSelectingUnlessItLetsTouchesThrough() {
        for cancels in [true, false] {
            let (cv, ds) = grid()
            var taps: [Point] = []
            let tap = TapGestureRecognizer { g in taps.append(g.location(in: cv)) }
            tap.cancelsTouchesInView = cancels
            cv.addGestureRecognizer(tap)
            let p = centre(cv, 2)
            let finger = Finger(touching: cv, at: p)
            #expect(cv.indexPathsForHighlightedItems == [IndexPath(item: 2, section: 0)])
            finger.move(to: Point(x: p.x + 3, y: p.y), at: 0.05)
            finger.lift(at: 0.1)
            #expect(taps == [Point(x: p.x + 3, y: p.y)] && tap.state == .recognized)
            #expect(cv.indexPathsForHighlightedItems.isEmpty)
            #expect(cv.indexPathsForSelectedItems == (cancels ? [] : [IndexPath(item: 2, section: 0)]))
            #expect(ds.events.contains("didUnhighlight [0, 2]") && ds.events.contains("didSelect [0, 2]") == !cancels)
        }
    }

    @Test func aFingerWithNoRecognizerSelectsOnlyWhenItLiftsOnTheItem() {
        let (cv, _) = grid()
        let onItem = Finger(touching: cv, at: centre(cv, 1))
        onItem.move(to: Point(x: centre(cv, 1).x + 30, y: centre(cv, 1).y), at: 0.1)
        onItem.lift(at: 0.2)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        let off = Finger(touching: cv, at: centre(cv, 3))
        off.move(to: centre(cv, 4), at: 0.1)
        off.lift(at: 0.2)
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(cv.indexPathsForHighlightedItems.isEmpty)
    }

    @Test func aSwipeIsRecognisedInItsDirectionsOnlyAndOnlyWhenQuick() {
        func swipe(_ direction: SwipeGestureRecognizer.Direction, by delta: Point, over duration: Double)
            -> (Int, GestureRecognizer.State, Point?)
        {
            let (cv, _) = grid()
            var count = 0
            var at: Point?
            let swipe = SwipeGestureRecognizer { g in
                count += 1
                at = g.location(in: cv)
            }
            swipe.direction = direction
            cv.addGestureRecognizer(swipe)
            let start = Point(x: 160, y: 240)
            let finger = Finger(touching: cv, at: start)
            for k in 1...10 {
                let f = Double(k) / 10
                finger.move(to: Point(x: start.x + f * delta.x, y: start.y + f * delta.y), at: f * duration)
            }
            finger.lift(at: duration)
            return (count, swipe.state, at)
        }
        let left = swipe(.left, by: Point(x: -120, y: 20), over: 0.2)
        #expect(left.0 == 1 && left.1 == .recognized && left.2 == Point(x: 160, y: 240))
        #expect(swipe([.left, .right], by: Point(x: -120, y: 0), over: 0.2).0 == 1)
        #expect(swipe(.up, by: Point(x: 0, y: -80), over: 0.2).0 == 1)
        #expect(swipe(.right, by: Point(x: -120, y: 0), over: 0.2).1 == .failed)
        // Too slow: 50 points are only reached after 0.5 s.
        #expect(swipe(.left, by: Point(x: -60, y: 0), over: 1).1 == .failed)
        // Too crooked: across more than half the distance along.
        #expect(swipe(.left, by: Point(x: -100, y: 60), over: 0.2).1 == .failed)
    }

    @Test func theFirstRecognizerToRecogniseMakesTheOthersFail() {
        let (cv, _) = grid()
        let log = Log()
        let tap = TapGestureRecognizer { g in log.states.append(g.state) }
        let press = LongPressGestureRecognizer { g in log.states.append(g.state) }
        cv.addGestureRecognizer(tap)
        cv.addGestureRecognizer(press)
        let finger = Finger(touching: cv, at: centre(cv, 0))
        finger.hold(until: 0.6)
        finger.lift(at: 0.7)
        #expect(log.states == [.began, .ended] && tap.state == .failed)
        // The next touch starts both afresh: a quick one is a tap.
        let quick = Finger(touching: cv, at: centre(cv, 0))
        quick.lift(at: 0.1)
        #expect(log.states == [.began, .ended, .recognized] && press.state == .failed)
    }

    @Test func aDisabledRecognizerIsLeftOutAndDisablingOneThatBeganCancelsIt() {
        let (cv, _) = grid()
        let log = Log()
        let press = LongPressGestureRecognizer { g in log.states.append(g.state) }
        cv.addGestureRecognizer(press)
        press.isEnabled = false
        let ignored = Finger(touching: cv, at: centre(cv, 0))
        ignored.hold(until: 1)
        ignored.lift(at: 1.1)
        #expect(log.states.isEmpty)
        press.isEnabled = true
        let finger = Finger(touching: cv, at: centre(cv, 0))
        finger.hold(until: 0.6)
        press.isEnabled = false
        finger.move(to: Point(x: 200, y: 200), at: 0.7)
        finger.lift(at: 0.8)
        #expect(log.states == [.began, .cancelled])
    }

    @Test func aRecognizerBelongsToOneViewAndLocatesInItsBoundsOrTheWindow() {
        let (cv, _) = grid(items: 30)
        let (other, _) = grid()
        let tap = TapGestureRecognizer()
        cv.addGestureRecognizer(tap)
        cv.addGestureRecognizer(tap)
        #expect(cv.gestureRecognizers.count == 1)
        other.addGestureRecognizer(tap)
        #expect(cv.gestureRecognizers.isEmpty && other.gestureRecognizers.count == 1 && tap.view === other)
        other.removeGestureRecognizer(tap)
        #expect(other.gestureRecognizers.isEmpty && tap.view == nil)
        // Scrolled by 200 points: content coordinates in the view, window coordinates with nil.
        cv.contentOffset = Point(x: 0, y: 200)
        cv.addGestureRecognizer(tap)
        let finger = Finger(touching: cv, at: Point(x: 50, y: 260))
        finger.lift(at: 0.1)
        #expect(tap.location(in: cv) == Point(x: 50, y: 260) && tap.location(in: nil) == Point(x: 50, y: 60))
    }

    @Test func theControllersStandardGestureReordersAsTheMovementCallsDo() throws {
        /// The same movement through the standard gesture and through the collection view's calls.
        func shown() -> NumbersViewController {
            let layout = CollectionViewFlowLayout()
            layout.itemSize = Size(width: 50, height: 50)
            let vc = NumbersViewController(collectionViewLayout: layout)
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
            window.rootViewController = vc
            window.makeKeyAndVisible()
            return vc
        }
        let byGesture = shown()
        let cv = byGesture.collectionView
        #expect(byGesture.installsStandardGestureForInteractiveMovement)
        #expect(cv.gestureRecognizers.count == 1 && cv.gestureRecognizers[0] is LongPressGestureRecognizer)
        let start = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).center
        let end = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))).center
        let finger = Finger(touching: cv, at: start)
        finger.hold(until: 0.5)
        #expect(cv.interactiveMovementOriginalIndexPath == IndexPath(item: 0, section: 0))
        finger.move(to: end, at: 0.8)
        finger.lift(at: 0.9)
        #expect(cv.interactiveMovementOriginalIndexPath == nil)

        let byCalls = shown()
        let other = byCalls.collectionView
        other.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        other.updateInteractiveMovementTargetPosition(end)
        other.endInteractiveMovement()
        #expect(byGesture.numbers == byCalls.numbers && byGesture.numbers != Array(0..<6))

        // Without the standard gesture, a long press moves nothing.
        byGesture.installsStandardGestureForInteractiveMovement = false
        #expect(cv.gestureRecognizers.isEmpty)
        let numbers = byGesture.numbers
        let again = Finger(touching: cv, at: start)
        again.hold(until: 0.6)
        again.move(to: end, at: 0.8)
        again.lift(at: 0.9)
        #expect(byGesture.numbers == numbers)
    }
}
