import CollectionPreview
import TestSupport
import Testing

/// The README's "Animating from Swift" example as a test: the AnimalCell grid switched to the
/// circle layout, then an item deleted, recorded frame by frame with
/// `CollectionViewAnimationRecorder`.
@Suite struct AnimatingFromSwiftTests {
    /// Animals whose count the test changes, as an app's model.
    final class Animals: CollectionViewDataSource {
        var names = ["cat", "dog", "bear", "frog", "panda", "pig", "cat", "dog"]
        let images: [String: Image]
        init() throws {
            images = try Dictionary(uniqueKeysWithValues: Set(names).map { ($0, try Fixtures.animal($0)) })
        }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            names.count
        }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            let cell =
                try collectionView.dequeueReusableCell(withReuseIdentifier: "AnimalCell", for: indexPath) as! AnimalCell
            cell.imageView.image = images[names[indexPath.item]]
            return cell
        }
        /// The one method a data source needs for drag to reorder: the model follows the move.
        func collectionView(
            _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
        ) {
            names.insert(names.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
        }
    }

    /// The grid of eight animals, 320 points square, and a renderer for it.
    static func grid() throws -> (CollectionView, Animals, CollectionViewRenderer) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 70, height: 70)
        layout.sectionInset = EdgeInsets(all: 10)
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 320, height: 320), collectionViewLayout: layout)
        collectionView.register({ AnimalCell() }, forCellWithReuseIdentifier: "AnimalCell")
        let animals = try Animals()
        collectionView.dataSource = animals
        let renderer = CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources)
        return (collectionView, animals, renderer)
    }

    /// A contact sheet of frames `width` × `height` pixels (320 square by default).
    static func sheet(_ frames: [Image], width: Int = 320, height: Int = 320, times: [Double]) throws -> Image {
        let sheet = try ContactSheet(
            frameWidth: width, frameHeight: height, frameCount: frames.count, font: Fixtures.resources.font)
        for (index, frame) in frames.enumerated() { sheet.add(frame, frame: index, time: times[index]) }
        return sheet.image
    }

    @Test func aLayoutChangeAndADeleteRecordedFromSwift() throws {
        let (collectionView, animals, renderer) = try Self.grid()
        let still = try renderer.render(collectionView)

        let recorder = try CollectionViewAnimationRecorder(
            collectionView: collectionView, renderer: renderer, fps: 10)
        let circle = CircleLayout()
        circle.itemSize = Size(width: 70, height: 70)
        try recorder.setCollectionViewLayout(circle, duration: 0.5)
        try recorder.performBatchUpdates(duration: 0.3) {
            animals.names.remove(at: 2)
            try collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
        }
        let frames = try recorder.finish()

        // 0.8 s at 10 fps: frames at 0, 0.1, …, 0.8; the first is the grid as it was, the last
        // the circle of seven.
        #expect(frames.count == 9 && recorder.frameTimes.last == 0.8)
        let first = frames[0] == still
        let last = try frames[8] == renderer.render(collectionView)
        #expect(first && last)
        let moving = Set(frames.map(\.pixels)).count == frames.count
        #expect(moving, "every frame differs from the others")
        GoldenImage.assertMatches(
            try Self.sheet(frames, times: recorder.frameTimes), named: "animals-to-circle.contact-sheet")
    }

    /// Drag to reorder from Swift: the data source implements `moveItemAt`, the recorder drags
    /// the bear (item 2) past the frog and the panda to the end of the second row.
    @Test func aDragToReorderRecordedFromSwift() throws {
        let (collectionView, animals, renderer) = try Self.grid()
        let recorder = try CollectionViewAnimationRecorder(
            collectionView: collectionView, renderer: renderer, fps: 10)
        let bear = IndexPath(item: 2, section: 0)
        let start = try #require(collectionView.layoutAttributesForItem(at: bear)).center
        try recorder.drag(
            itemAt: bear, along: [start, Point(x: 160, y: 130), Point(x: 270, y: 125)], duration: 0.8, settle: 0.2)
        let frames = try recorder.finish()

        // The model moved the bear to where the finger let go, and the last frame is the
        // collection view as it is now.
        #expect(animals.names == ["cat", "dog", "frog", "panda", "pig", "bear", "cat", "dog"])
        let last = try frames[frames.count - 1] == renderer.render(collectionView)
        #expect(last && collectionView.interactiveMovementOriginalIndexPath == nil)
        // 1.0 s at 10 fps; the bear under the finger makes every frame of the drag different.
        #expect(frames.count == 11)
        let moving = Set(frames[0..<9].map(\.pixels)).count == 9
        #expect(moving)
        GoldenImage.assertMatches(
            try Self.sheet(frames, times: recorder.frameTimes), named: "animals-reorder.contact-sheet")
    }
}
