import CollectionPreview
import TestSupport
import Testing

/// Gesture recognizers as the Xamarin collection-view articles use them, recorded frame by
/// frame: a long press of your own that drags an item to reorder ("Using a Custom Gesture
/// Recognizer"), and a swipe that switches layouts.
@Suite struct GesturesFromSwiftTests {
    /// The article's custom recognizer, in Swift: a long press drives the interactive movement.
    static func reorderGesture(on collectionView: CollectionView) -> LongPressGestureRecognizer {
        LongPressGestureRecognizer { gesture in
            switch gesture.state {
            case .began:
                guard let selected = collectionView.indexPathForItem(at: gesture.location(in: collectionView))
                else { break }
                collectionView.beginInteractiveMovementForItem(at: selected)
            case .changed:
                collectionView.updateInteractiveMovementTargetPosition(gesture.location(in: collectionView))
            case .ended:
                collectionView.endInteractiveMovement()
            default:
                collectionView.cancelInteractiveMovement()
            }
        }
    }

    @Test func aLongPressOfYourOwnDragsTheBearToTheEndOfTheSecondRow() throws {
        let (collectionView, animals, renderer) = try AnimatingFromSwiftTests.grid()
        collectionView.addGestureRecognizer(Self.reorderGesture(on: collectionView))
        let recorder = try CollectionViewAnimationRecorder(
            collectionView: collectionView, renderer: renderer, fps: 10)
        let bear = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))).center
        // Held still for 0.6 s, then dragged over 0.6 s to where `AnimatingFromSwiftTests` drags it.
        try recorder.touch(along: [bear, bear, bear, Point(x: 160, y: 130), Point(x: 270, y: 125)], duration: 1.2)
        let frames = try recorder.finish()

        // The same move as the recorder's own drag: the model follows it.
        #expect(animals.names == ["cat", "dog", "frog", "panda", "pig", "bear", "cat", "dog"])
        #expect(collectionView.interactiveMovementOriginalIndexPath == nil)
        // 1.2 s of touch, then 0.25 s of drop: frames at 0, 0.1, …, 1.4, and one at 1.45.
        #expect(frames.count == 16 && recorder.frameTimes.last == 1.45)
        let last = try frames[frames.count - 1] == renderer.render(collectionView)
        #expect(last)
        // Pressed but not yet a long press (0.1–0.4 s): the bear is highlighted and still, so
        // those frames are one picture, unlike frame 0; once the press begins (0.5 s) the
        // highlight goes, and the frames of the drag all differ.
        #expect(frames[1] != frames[0] && Set(frames[1...4].map(\.pixels)).count == 1)
        #expect(Set(frames[6...12].map(\.pixels)).count == 7)
        GoldenImage.assertMatches(
            try AnimatingFromSwiftTests.sheet(frames, times: recorder.frameTimes),
            named: "animals-long-press-reorder.contact-sheet")
    }

    @Test func aSwipeSwitchesLayoutsAsTheRecordersOwnLayoutChangeDoes() throws {
        let circle = CircleLayout()
        circle.itemSize = Size(width: 70, height: 70)
        let start = Point(x: 260, y: 160), end = Point(x: 60, y: 160)

        // The data sources are held weakly: the test keeps them.
        let (collectionView, animals, renderer) = try AnimatingFromSwiftTests.grid()
        let swipe = SwipeGestureRecognizer { _ in collectionView.setCollectionViewLayout(circle, animated: true) }
        swipe.direction = .left
        collectionView.addGestureRecognizer(swipe)
        let recorder = try CollectionViewAnimationRecorder(
            collectionView: collectionView, renderer: renderer, fps: 10)
        try recorder.touch(along: [start, end], duration: 0.2, animationDuration: 0.5)
        let frames = try recorder.finish()
        #expect(collectionView.collectionViewLayout === circle && swipe.state == .recognized)

        // The swipe is recognised at the first finger sample (240 a second) 50 points left of
        // the start; the change animates from there.
        var sample = 1
        while DragSimulation.position(along: [start, end], duration: 0.2, at: Double(sample) / 240).x > start.x - 50 {
            sample += 1
        }
        let recognised = Double(sample) * (1 / DragSimulation.samplesPerSecond)
        #expect(recognised > 0.04 && recognised < 0.06)

        // The same frames, byte for byte, as waiting that long and switching with the recorder.
        let (other, otherAnimals, _) = try AnimatingFromSwiftTests.grid()
        let direct = try CollectionViewAnimationRecorder(collectionView: other, renderer: renderer, fps: 10)
        let otherCircle = CircleLayout()
        otherCircle.itemSize = circle.itemSize
        try direct.wait(recognised)
        try direct.setCollectionViewLayout(otherCircle, duration: 0.5)
        let expected = try direct.finish()
        #expect(frames.count == expected.count && recorder.frameTimes == direct.frameTimes)
        let same = frames == expected
        #expect(same)
        #expect(Set(frames.map(\.pixels)).count == frames.count)
        GoldenImage.assertMatches(
            try AnimatingFromSwiftTests.sheet(frames, times: recorder.frameTimes),
            named: "animals-swipe-to-circle.contact-sheet")
        withExtendedLifetime((animals, otherAnimals)) {}
    }
}
