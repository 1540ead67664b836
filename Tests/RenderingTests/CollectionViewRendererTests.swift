import Geometry
import Layout
import Raster
import Rendering
import Testing

/// A layout that returns fixed attributes (for drawing-order and attribute tests).
final class FixedLayout: CollectionViewLayout {
    var attributes: [CollectionViewLayoutAttributes]
    let size: Size
    init(_ attributes: [CollectionViewLayoutAttributes], size: Size) {
        self.attributes = attributes
        self.size = size
    }
    override var collectionViewContentSize: Size { size }
    override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        attributes.filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}

/// A cell filled with one colour per item, with an optional inner subview.
final class ColorCell: CollectionViewCell {
    let inner = View()
    override init() {
        super.init()
        contentView.addSubview(inner)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        inner.frame = contentView.bounds.insetBy(dx: contentView.bounds.width / 4, dy: contentView.bounds.height / 4)
    }
}

final class ColorSource: CollectionViewDataSource {
    var colors: [Color]
    var innerColor: Color?
    var count: Int
    init(colors: [Color], count: Int? = nil, innerColor: Color? = nil) {
        self.colors = colors
        self.count = count ?? colors.count
        self.innerColor = innerColor
    }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! ColorCell
        cell.contentView.backgroundColor = colors[indexPath.item % colors.count]
        cell.inner.backgroundColor = innerColor
        return cell
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        let v =
            try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
            as! CollectionReusableView
        v.backgroundColor = .black
        return v
    }
}

@Suite struct CollectionViewRendererTests {
    let renderer = CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: try! RenderResources.bundled())

    func cell(_ item: Int, _ frame: Rect, z: Int = 0) -> CollectionViewLayoutAttributes {
        var a = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = frame
        a.zIndex = z
        return a
    }

    func render(_ layout: CollectionViewLayout, _ source: ColorSource, size: Size = Size(width: 100, height: 100))
        throws -> (Image, CollectionView)
    {
        let cv = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.register({ ColorCell() }, forCellWithReuseIdentifier: "c")
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            cv.register({ CollectionReusableView() }, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
        }
        cv.dataSource = source
        let image = try renderer.render(cv)
        return (image, cv)
    }

    /// A collection view with no area (a controller's, before a window sizes it) is an error
    /// that says what to do, not an image-size error.
    @Test func aCollectionViewWithNoAreaIsAnErrorThatSaysWhatToDo() throws {
        let controller = CollectionViewController(collectionViewLayout: CollectionViewFlowLayout())
        #expect(throws: CollectionViewError.emptyBounds(Size(width: 0, height: 0))) {
            try renderer.render(controller.collectionView)
        }
        #expect(
            CollectionViewError.emptyBounds(Size(width: 0, height: 0)).description
                == "the collection view's bounds are 0.0×0.0 points, which draws nothing: give it a frame, or show its controller in a Window of a size"
        )
        let flat = CollectionView(
            frame: Rect(x: 0, y: 0, width: 100, height: 0), collectionViewLayout: CollectionViewFlowLayout())
        #expect(throws: CollectionViewError.emptyBounds(Size(width: 100, height: 0))) { try renderer.render(flat) }
        // Given a size, the same controller draws.
        controller.collectionView.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        #expect(try renderer.render(controller.collectionView).width == 20)
    }

    /// The checkpoint is called before each view is drawn, and what it throws ends the render
    /// there: a command stops a long drawing at SIGINT without waiting for its end.
    @Test func whatTheCheckpointThrowsStopsTheDrawingAtTheNextView() throws {
        struct Stop: Error, Equatable {}
        final class Counter: @unchecked Sendable { var calls = 0 }
        let cells = (0..<20).map {
            cell($0, Rect(x: Double($0 % 5) * 20, y: Double($0 / 5) * 20, width: 18, height: 18))
        }
        let layout = FixedLayout(cells, size: Size(width: 100, height: 100))
        let source = ColorSource(colors: [.red, .blue], innerColor: .green)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        cv.register({ ColorCell() }, forCellWithReuseIdentifier: "c")
        cv.dataSource = source
        var counting = renderer
        let all = Counter()
        counting.checkpoint = { all.calls += 1 }
        let whole = try counting.render(cv)
        // Each cell: itself, its content view and the inner view.
        #expect(all.calls == 60)
        #expect(whole == (try renderer.render(cv)))
        var stopping = renderer
        let some = Counter()
        stopping.checkpoint = {
            some.calls += 1
            if some.calls == 7 { throw Stop() }
        }
        #expect(throws: Stop()) { try stopping.render(cv) }
        #expect(some.calls == 7)
    }

    @Test func higherZIndexDrawsOnTopWhateverTheIndexPath() throws {
        let source = ColorSource(colors: [.red, .blue])
        let overlapping = [
            cell(0, Rect(x: 10, y: 10, width: 50, height: 50), z: 1),
            cell(1, Rect(x: 30, y: 30, width: 50, height: 50), z: 0),
        ]
        let (top0, _) = try render(FixedLayout(overlapping, size: Size(width: 100, height: 100)), source)
        #expect(top0[40, 40] == Color.red.premultiplied)
        let swapped = [
            cell(0, Rect(x: 10, y: 10, width: 50, height: 50), z: 0),
            cell(1, Rect(x: 30, y: 30, width: 50, height: 50), z: 1),
        ]
        let (top1, _) = try render(FixedLayout(swapped, size: Size(width: 100, height: 100)), source)
        #expect(top1[40, 40] == Color.blue.premultiplied)
        // Equal zIndex: the documented tie-break draws the later index path on top.
        let tied = [
            cell(0, Rect(x: 10, y: 10, width: 50, height: 50)), cell(1, Rect(x: 30, y: 30, width: 50, height: 50)),
        ]
        let (tie, _) = try render(FixedLayout(tied, size: Size(width: 100, height: 100)), source)
        #expect(tie[40, 40] == Color.blue.premultiplied)
    }

    @Test func cellAlphaIsGroupOpacity() throws {
        var a = cell(0, Rect(x: 0, y: 0, width: 80, height: 80))
        a.alpha = 0.5
        let source = ColorSource(colors: [.blue], innerColor: .blue)
        let (image, _) = try render(FixedLayout([a], size: Size(width: 100, height: 100)), source)
        // Inner subview (x 20…60) over the content view, both blue: one group at 50 %, no darker overlap.
        #expect(image[40, 40] == image[10, 10])
        #expect(image[40, 40] == PremultipliedColor(red: 127, green: 127, blue: 255, alpha: 255))
    }

    @Test func hiddenElementsGetNoViewAndNoPixels() throws {
        var a = cell(0, Rect(x: 0, y: 0, width: 80, height: 80))
        a.isHidden = true
        let (image, cv) = try render(FixedLayout([a], size: Size(width: 100, height: 100)), ColorSource(colors: [.red]))
        #expect(image[40, 40] == Color.white.premultiplied)
        #expect(cv.createdViewCount == 0)
    }

    @Test func perspectiveTransformForeshortensTheCell() throws {
        var a = cell(0, Rect(x: 50, y: 50, width: 100, height: 100))
        a.transform3D = Transform3D(rotationAngle: 0.8, x: 0, y: 1, z: 0).concatenating(
            Transform3D(perspectiveEyeDistance: 300))
        let (image, _) = try render(
            FixedLayout([a], size: Size(width: 200, height: 200)), ColorSource(colors: [.red]),
            size: Size(width: 200, height: 200))
        func redRows(_ x: Int) -> Int { (0..<200).filter { image[x, $0] == Color.red.premultiplied }.count }
        let columns = (0..<200).filter { redRows($0) > 0 }
        let left = try #require(columns.first), right = try #require(columns.last)
        // Rotated about y: narrower than 100, and one side taller than the other.
        #expect(right - left < 90)
        #expect(abs(redRows(left + 3) - redRows(right - 3)) > 10)
        #expect(redRows(100) > 0)
    }

    @Test func pinnedHeaderStaysAtTheTopWhileScrolled() throws {
        let flow = CollectionViewFlowLayout()
        flow.itemSize = Size(width: 100, height: 40)
        flow.headerReferenceSize = Size(width: 0, height: 20)
        flow.sectionHeadersPinToVisibleBounds = true
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: flow)
        cv.register({ ColorCell() }, forCellWithReuseIdentifier: "c")
        cv.register(
            { CollectionReusableView() }, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: CollectionView.elementKindSectionHeader)
        let source = ColorSource(colors: [.red, .blue], count: 20)
        cv.dataSource = source
        cv.contentOffset = Point(x: 0, y: 205)
        let image = try renderer.render(cv)
        // The header (black) covers rows 0…19 of the view; a cell shows below it.
        #expect(image[50, 5] == Color.black.premultiplied)
        #expect(image[50, 19] == Color.black.premultiplied)
        #expect(image[50, 25] != Color.black.premultiplied)
        cv.contentOffset = .zero
        let top = try renderer.render(cv)
        #expect(top[50, 5] == Color.black.premultiplied)
        #expect(top[50, 25] == Color.red.premultiplied)
    }

    @Test func reuseQueueCreatesOnlyAScreenful() throws {
        let flow = CollectionViewFlowLayout()
        flow.itemSize = Size(width: 50, height: 50)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flow)
        cv.register({ ColorCell() }, forCellWithReuseIdentifier: "c")
        let source = ColorSource(colors: [.red, .blue, .green], count: 10_000)
        cv.dataSource = source
        var created: [Int] = []
        for y in stride(from: 0.0, through: 60_000, by: 7_500) {
            cv.contentOffset = Point(x: 0, y: y)
            _ = try renderer.render(cv)
            created.append(cv.createdViewCount)
        }
        // 5 columns x 9 visible rows (+ a partial one) is under 60 cells; scrolling reuses them.
        #expect(created.allSatisfy { $0 <= 60 })
        #expect(cv.reusedViewCount > 0)
    }
}

/// `ColorCell` written as a UIKit app writes its cells: the subviews are added in an override of
/// `init(frame:)`.
final class FrameInitializedColorCell: CollectionViewCell {
    let inner = View()
    override init(frame: Rect) {
        super.init(frame: frame)
        contentView.addSubview(inner)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        inner.frame = contentView.bounds.insetBy(dx: contentView.bounds.width / 4, dy: contentView.bounds.height / 4)
    }
}

@Suite struct CellInitializerTests {
    /// A cell made by `init(frame:)` has UIKit's anatomy (content view above the background
    /// views, sized to the cell), and draws the bytes of the same cell made by `init()`.
    @Test func aCellMadeByInitFrameDrawsAsOneMadeByInit() throws {
        let cell = FrameInitializedColorCell(frame: Rect(x: 5, y: 6, width: 30, height: 20))
        #expect(cell.frame == Rect(x: 5, y: 6, width: 30, height: 20))
        #expect(cell.subviews.count == 1 && cell.subviews.first === cell.contentView)
        let byFrame = try renderTwoCells { FrameInitializedColorCell(frame: .zero) }
        let byInit = try renderTwoCells { ColorCell() }
        #expect(byFrame.pixels == byInit.pixels)
        // The inner view (half the cell, centred) is drawn: the centre of the first cell is red.
        #expect(byFrame[20, 20] == Color.red.premultiplied)
        #expect(byFrame[5, 5] == Color.green.premultiplied)
    }
}

/// Two 40-point cells made by `factory` in a 100 × 60 collection view, drawn at scale 1 on white,
/// from `FrameCellSource`.
private func renderTwoCells(_ factory: @escaping () -> CollectionViewCell) throws -> Image {
    let renderer = CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: try RenderResources.bundled())
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 40, height: 40)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 60), collectionViewLayout: layout)
    cv.register(factory, forCellWithReuseIdentifier: "c")
    let source = FrameCellSource()
    cv.dataSource = source
    return try withExtendedLifetime(source) { try renderer.render(cv) }
}

/// Two items whose cells, of either class, get a green content view and a red inner view.
private final class FrameCellSource: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        let cell =
            try collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! CollectionViewCell
        cell.contentView.backgroundColor = .green
        ((cell as? ColorCell)?.inner ?? (cell as? FrameInitializedColorCell)?.inner)?.backgroundColor = .red
        return cell
    }
}

/// `apply(_:)` is UIKit's hook for attributes beyond the standard ones: the collection view
/// places the view itself first, so an override ported from an app without `super` (UIKit's
/// does nothing) still finds its view where the layout put it.
@Suite struct ApplyLayoutAttributesTests {
    /// A cell whose `apply(_:)` does not call `super`, recording the frames it was given and
    /// the frame it had when called.
    private final class ApplyWithoutSuperCell: CollectionViewCell {
        var applied: [(given: Rect, placed: Rect)] = []
        override func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
            applied.append((layoutAttributes.frame, frame))
        }
    }

    @Test func anApplyWithoutSuperLeavesTheCellWhereTheLayoutPutIt() throws {
        var made: [ApplyWithoutSuperCell] = []
        let withOverride = try renderTwoCells {
            let cell = ApplyWithoutSuperCell()
            made.append(cell)
            return cell
        }
        #expect(try withOverride.pixels == renderTwoCells { CollectionViewCell() }.pixels)
        #expect(withOverride[20, 20] == Color.green.premultiplied)
        // Both cells were placed before their `apply(_:)` ran, at the frames it was given.
        #expect(made.count == 2)
        for cell in made {
            #expect(!cell.applied.isEmpty)
            for call in cell.applied { #expect(call.placed == call.given) }
        }
        #expect(Set(made.map { $0.frame.minX }) == [0, 60])
    }
}
