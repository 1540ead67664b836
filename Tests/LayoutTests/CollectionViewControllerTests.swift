import Geometry
import Testing

@testable import Layout

/// A controller written as a UIKit subclass: registers in `viewDidLoad`, overrides the data
/// source and a few delegate methods, sizes items as a flow-layout delegate, and logs its
/// life cycle.
final class NumbersViewController: CollectionViewController, CollectionViewDelegateFlowLayout {
    var numbers = Array(0..<6)
    var log: [String] = []
    var refusesSelection = false

    override func viewDidLoad() {
        super.viewDidLoad()
        log.append("viewDidLoad \(collectionView.frame.size.width)x\(collectionView.frame.size.height)")
        collectionView.register({ TestCell() }, forCellWithReuseIdentifier: "cell")
    }
    override func viewWillAppear(_ animated: Bool) {
        log.append("viewWillAppear")
        super.viewWillAppear(animated)
    }
    override func viewDidAppear(_ animated: Bool) { log.append("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("viewDidDisappear") }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        numbers.count
    }
    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    override func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !refusesSelection
    }
    override func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.item)")
    }
    override func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        numbers.insert(numbers.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size {
        Size(width: 40 + 10 * Double(numbers[indexPath.item]), height: 30)
    }
}

@Suite struct CollectionViewControllerTests {
    func flowLayout() -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 50, height: 50)
        layout.minimumInteritemSpacing = 10
        return layout
    }

    @Test func theViewIsMadeOnFirstUseWithTheControllerAsDataSourceAndDelegate() {
        let layout = flowLayout()
        let vc = NumbersViewController(collectionViewLayout: layout)
        #expect(!vc.isViewLoaded && vc.log.isEmpty)
        #expect(vc.collectionViewLayout === layout)
        let cv = vc.collectionView
        #expect(vc.isViewLoaded && cv === vc.collectionView)
        #expect(cv.dataSource === vc && cv.delegate === vc && cv.collectionViewLayout === layout)
        // viewDidLoad runs once, with a view of no size (UIKit: "no dimensions or content").
        _ = vc.collectionView
        vc.loadViewIfNeeded()
        #expect(vc.log == ["viewDidLoad 0.0x0.0"])
    }

    @Test func theWindowSizesTheViewThenItAppearsOnceAndReloads() throws {
        let vc = NumbersViewController(collectionViewLayout: flowLayout())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        window.rootViewController = vc
        #expect(vc.collectionView.frame == Rect(x: 0, y: 0, width: 200, height: 300))
        #expect(vc.collectionView.numberOfItems == 6)
        // The data changes before the window shows: the first appearance reloads it.
        vc.numbers = Array(0..<3)
        #expect(vc.collectionView.numberOfItems == 6)
        window.makeKeyAndVisible()
        window.makeKeyAndVisible()
        #expect(vc.collectionView.numberOfItems == 3)
        #expect(vc.log == ["viewDidLoad 0.0x0.0", "viewWillAppear", "viewDidAppear"])
        // Items are sized by the subclass as a flow-layout delegate.
        #expect(vc.collectionView.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.size.width == 60)
        // A new frame (a rotation) resizes the view.
        window.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        #expect(vc.collectionView.bounds.size == Size(width: 300, height: 200))
    }

    @Test func aWindowMadeWithItsRootSizesItAndShowsItWhenVisible() {
        let vc = NumbersViewController(collectionViewLayout: flowLayout())
        let window = Window(size: Size(width: 120, height: 80), rootViewController: vc)
        #expect(window.frame == Rect(x: 0, y: 0, width: 120, height: 80) && !window.isVisible)
        #expect(vc.collectionView.frame == Rect(x: 0, y: 0, width: 120, height: 80))
        #expect(vc.log == ["viewDidLoad 0.0x0.0"])
        window.makeKeyAndVisible()
        #expect(window.isVisible && vc.log == ["viewDidLoad 0.0x0.0", "viewWillAppear", "viewDidAppear"])
    }

    @Test func appearingClearsTheSelectionUnlessTold() throws {
        for clears in [true, false] {
            let vc = NumbersViewController(collectionViewLayout: flowLayout())
            vc.clearsSelectionOnViewWillAppear = clears
            let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
            window.rootViewController = vc
            window.makeKeyAndVisible()
            try vc.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
            // Shown again after another controller was in its place.
            let other = NumbersViewController(collectionViewLayout: flowLayout())
            window.rootViewController = other
            window.rootViewController = vc
            #expect(vc.collectionView.indexPathsForSelectedItems == (clears ? [] : [IndexPath(item: 1, section: 0)]))
            #expect(
                vc.log == [
                    "viewDidLoad 0.0x0.0", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                    "viewWillAppear", "viewDidAppear",
                ])
            // The second appearance does not reload: the data source was not asked again.
            vc.numbers = [0]
            #expect(vc.collectionView.numberOfItems == 6)
        }
    }

    @Test func overriddenDelegateMethodsAreCalled() throws {
        let vc = NumbersViewController(collectionViewLayout: flowLayout())
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let cv = vc.collectionView
        try cv.layoutSubviews()
        try cv.tapItem(at: IndexPath(item: 0, section: 0))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        #expect(vc.log.last == "didSelect 0")
        vc.refusesSelection = true
        try cv.tapItem(at: IndexPath(item: 1, section: 0))
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        // A reorder ends in the subclass's moveItemAt.
        #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        let last = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)))
        cv.updateInteractiveMovementTargetPosition(last.center)
        cv.endInteractiveMovement()
        #expect(vc.numbers == [1, 2, 3, 4, 5, 0])
    }

    @Test func aSubclassWithItemsButNoCellsThrowsAClearError() throws {
        final class NoCells: CollectionViewController {
            override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
                -> Int
            { 2 }
        }
        let empty = CollectionViewController(collectionViewLayout: flowLayout())
        empty.collectionView.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        try empty.collectionView.layoutSubviews()
        #expect(empty.collectionView.numberOfSections == 1 && empty.collectionView.numberOfItems == 0)

        let vc = NoCells(collectionViewLayout: flowLayout())
        vc.collectionView.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let error = #expect(throws: CollectionViewError.self) { try vc.collectionView.layoutSubviews() }
        #expect(
            error?.description
                == "NoCells reports items but does not override collectionView(_:cellForItemAt:), which "
                + "CollectionViewController leaves to its subclasses")
    }

    @Test func aViewSetBeforeLoadingKeepsItsOwnDataSource() {
        final class OwnView: CollectionViewController {
            let source = TestDataSource([4])
            override func loadView() {
                let cv = CollectionView(
                    frame: Rect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: collectionViewLayout)
                cv.dataSource = source
                collectionView = cv
            }
        }
        let vc = OwnView(collectionViewLayout: flowLayout())
        let cv = vc.collectionView
        #expect(cv.dataSource === vc.source && cv.delegate === vc)
        #expect(cv.numberOfItems == 4 && cv.frame.size == Size(width: 10, height: 10))
    }
}
