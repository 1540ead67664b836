import CollectionPreview
import TestSupport
import Testing

/// Xamarin's SimpleCollectionView sample (`SimpleCollectionViewController.cs`, `AppDelegate.cs`)
/// in Swift: a `CollectionViewController` subclass that registers its views in `viewDidLoad`,
/// is its collection view's data source and delegate, and paints a cell's content yellow while
/// it is highlighted; shown in a `Window`.
final class SimpleCollectionViewController: CollectionViewController {
    let images: [Image]
    var headerText = "Animals"

    init(collectionViewLayout layout: CollectionViewLayout, images: [Image]) {
        self.images = images
        super.init(collectionViewLayout: layout)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register({ AnimalCell() }, forCellWithReuseIdentifier: "AnimalCell")
        collectionView.register(
            { Header() }, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
    }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        12
    }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        let cell =
            try collectionView.dequeueReusableCell(withReuseIdentifier: "AnimalCell", for: indexPath) as! AnimalCell
        cell.imageView.image = images[indexPath.item % images.count]
        return cell
    }

    override func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        let header =
            try collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "Header", for: indexPath) as! Header
        header.label.text = headerText
        return header
    }

    override func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        (collectionView.cellForItem(at: indexPath) as? CollectionViewCell)?.contentView.backgroundColor = .yellow
    }

    override func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        (collectionView.cellForItem(at: indexPath) as? CollectionViewCell)?.contentView.backgroundColor = .white
    }
}

@Suite struct SimpleCollectionViewControllerTests {
    /// The controller in a 340×320 window, with `AnimalCellTests`' flow layout.
    static func shown() throws -> (Window, SimpleCollectionViewController) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.sectionInset = EdgeInsets(all: 10)
        let images = try ["cat", "dog", "bear", "frog", "panda", "pig"].map(Fixtures.animal)
        let window = Window(frame: Rect(x: 0, y: 0, width: 340, height: 320))
        window.rootViewController = SimpleCollectionViewController(collectionViewLayout: layout, images: images)
        window.makeKeyAndVisible()
        return (window, window.rootViewController as! SimpleCollectionViewController)
    }

    @Test func theControllerDrawsWhatADataSourceDraws() throws {
        let (window, controller) = try Self.shown()
        try controller.collectionView.selectItem(at: IndexPath(item: 4, section: 0))
        let image = try CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources)
            .render(controller.collectionView)
        // The same picture, byte for byte, as AnimalCellTests' grid made with a separate data source.
        GoldenImage.assertMatches(image, named: "animal-grid")
        withExtendedLifetime(window) {}
    }

    @Test func aTapPaintsTheHighlightedCellYellowThenSelectsIt() throws {
        let (window, controller) = try Self.shown()
        let cv = controller.collectionView
        let renderer = CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources)
        let recorder = try CollectionViewAnimationRecorder(collectionView: cv, renderer: renderer, fps: 10)
        try recorder.tap(itemAt: IndexPath(item: 1, section: 0), duration: 0.4)
        let frames = try recorder.finish()
        #expect(frames.count == 5)

        // Frames at 0, 0.1, …, 0.4 s; the finger is down from 0 to 0.2 s. The content view's
        // corner, inside its border and clear of the aspect-fit image: white before the touch,
        // yellow while pressed (the controller's didHighlightItemAt), white again once lifted
        // (didUnhighlightItemAt). Around the content (scaled to 0.8) the orange background gives
        // way to the green selected background from the press on: a cell shows it while
        // highlighted as well as while selected.
        let frame = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).frame
        let content = (Int(frame.minX) + 14, Int(frame.minY) + 14)
        let margin = (Int(frame.minX) + 3, Int(frame.midY))
        let contents = frames.map { $0[content.0, content.1] }
        let margins = frames.map { $0[margin.0, margin.1] }
        let white = Color.white.premultiplied, yellow = Color.yellow.premultiplied
        let orange = Color.orange.premultiplied, green = Color.green.premultiplied
        #expect(contents == [white, yellow, white, white, white])
        #expect(margins == [orange, green, green, green, green])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])

        GoldenImage.assertMatches(
            try AnimatingFromSwiftTests.sheet(frames, width: 340, height: 320, times: recorder.frameTimes),
            named: "simple-collection-view-controller-tap.contact-sheet")
        withExtendedLifetime(window) {}
    }
}
