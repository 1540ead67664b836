import CollectionPreviewSnapshotTesting
import Foundation
import Geometry
import Layout
import PNG
import Raster
import Rendering
import SnapshotTesting
import Testing
import VisualTesting
import XCTest

/// The `Snapshotting` strategies under swift-snapshot-testing's own `assertSnapshot` / `verifySnapshot`.
final class SnapshottingTests: XCTestCase {
    final class Swatch: CollectionViewCell {
        override init() {
            super.init()
            backgroundColor = Color(red: 255, green: 149, blue: 0)
            cornerRadius = 10
        }
    }

    final class DataSource: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            try collectionView.dequeueReusableCell(withReuseIdentifier: "Swatch", for: indexPath)
        }
    }

    let dataSource = DataSource()

    func makeLayout() -> CollectionViewFlowLayout {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 44, height: 44)
        layout.sectionInset = EdgeInsets(all: 10)
        return layout
    }

    func makeCollectionView(offset: Double = 0) -> CollectionView {
        let view = CollectionView(
            frame: Rect(x: 0, y: 0, width: 170, height: 120), collectionViewLayout: makeLayout())
        view.register({ Swatch() }, forCellWithReuseIdentifier: "Swatch")
        view.dataSource = dataSource
        view.contentOffset = Point(x: 0, y: offset)
        return view
    }

    func renderer() throws -> CollectionViewRenderer {
        CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: try RenderResources.bundled())
    }

    func testCollectionViewSnapshotMatchesItsReference() throws {
        assertSnapshot(of: makeCollectionView(), as: .image(renderer: try renderer()), record: .never)
    }

    func testAControllerIsShownInAWindowOfTheSizeGiven() throws {
        // A controller with no size until it is shown, drawing the same swatches.
        let controller = CollectionViewController(collectionViewLayout: makeLayout())
        controller.collectionView.register({ Swatch() }, forCellWithReuseIdentifier: "Swatch")
        controller.collectionView.dataSource = dataSource
        // The collection view's reference: the controller in a 170×120 window draws the same bytes.
        assertSnapshot(
            of: controller, as: .image(size: Size(width: 170, height: 120), renderer: try renderer()), named: "1",
            record: .never, testName: "testCollectionViewSnapshotMatchesItsReference")
        XCTAssertEqual(controller.collectionView.frame, Rect(x: 0, y: 0, width: 170, height: 120))
        // Another size is another picture.
        XCTAssertNotNil(
            verifySnapshot(
                of: controller, as: .image(size: Size(width: 160, height: 120), renderer: try renderer()),
                named: "1", record: .never, testName: "testCollectionViewSnapshotMatchesItsReference"))
    }

    func testADifferenceFailsWithTheNumbers() throws {
        let message = verifySnapshot(
            of: makeCollectionView(offset: 3), as: .image(renderer: try renderer()), named: "1", record: .never,
            testName: "testCollectionViewSnapshotMatchesItsReference")
        let text = try XCTUnwrap(message)
        XCTAssertTrue(text.contains("pixels ("), text)
        XCTAssertTrue(text.contains("YIQ threshold 0, anti-aliasing counted"), text)  // exact by default
        // swift-snapshot-testing attaches a diff only under Xcode: the strategy writes it to the
        // artifacts folder itself, named by its pixels, and the message names it.
        let marker = "; difference image: "
        let named = try XCTUnwrap(text.range(of: marker), text)
        let path = String(text[named.upperBound...].prefix { $0 != "\n" })
        XCTAssertTrue(path.hasSuffix(".png") && path.contains("/collection-preview-diffs/"), path)
        let written = try PNGDecoder.decodeStraight([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        let referenceURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent(
                "__Snapshots__/SnapshottingTests/testCollectionViewSnapshotMatchesItsReference.1.png")
        let expected = try PNGDecoder.decodeStraight([UInt8](Data(contentsOf: referenceURL)))
        let shifted = StraightRGBAImage(try renderer().render(makeCollectionView(offset: 3)))
        let diff = try DiffImage.render(
            expected: expected,
            result: ImageComparator.compare(expected: expected, actual: shifted, options: .exact))
        XCTAssertEqual(written, StraightRGBAImage(diff))
        XCTAssertTrue(path.hasSuffix(String(format: "%016llx.png", PNGPixelDigest(StraightRGBAImage(diff)).value)))
        // Within a budget it passes.
        XCTAssertNil(
            verifySnapshot(
                of: makeCollectionView(offset: 3),
                as: .image(renderer: try renderer(), options: ComparisonOptions(maximumDifferentPixelRatio: 0.3)),
                named: "1", record: .never, testName: "testCollectionViewSnapshotMatchesItsReference"))
    }
}

/// What the strategies cannot return as an error (swift-snapshot-testing's strategies do not
/// throw) they report as a failure of the test on their own.
@Suite struct StrategyFailureTests {
    @Test func aCollectionViewThatCannotBeDrawnFailsWithItsError() throws {
        let view = CollectionView(
            frame: Rect(x: 0, y: 0, width: 170, height: 120), collectionViewLayout: CollectionViewFlowLayout())
        let dataSource = SnapshottingTests.DataSource()  // dequeues "Swatch", never registered: throws
        view.dataSource = dataSource
        let renderer = CollectionViewRenderer(
            scale: 1, backgroundColor: .white, resources: try RenderResources.bundled())
        withKnownIssue {
            _ = verifySnapshot(
                of: view, as: .image(renderer: renderer), named: "1", record: .never,
                testName: "testCollectionViewSnapshotMatchesItsReference")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("cannot render the collection view: ") }
        }
    }

    @Test func aReferenceThatIsNotAPNGFailsSayingSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cp-strategy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("version https://git-lfs.github.com/spec/v1".utf8).write(to: folder.appendingPathComponent("t.1.png"))
        let image = try Image(width: 4, height: 4, fill: Color.black.premultiplied)
        withKnownIssue {
            _ = verifySnapshot(
                of: image, as: .image, named: "1", record: .never, snapshotDirectory: folder.path, testName: "t")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("the reference is not a readable PNG") }
        }
    }

    /// As swift-snapshot-testing's own `.image` (precision 1), the strategy passes only the same
    /// pixels by default; pixelmatch's tolerance is there when asked for.
    @Test func theDefaultComparisonIsExact() throws {
        let reference = try Image(width: 4, height: 4, fill: Color(red: 0, green: 122, blue: 255).premultiplied)
        var nudged = reference
        nudged[1, 2] = Color(red: 1, green: 122, blue: 255).premultiplied
        let strict = Snapshotting<Image, Image>.image.diffing
        #expect(strict.diffV2(reference, reference) == nil)
        let failure = try #require(strict.diffV2(reference, nudged))
        #expect(failure.0.hasPrefix("1 of 16 pixels"), "\(failure.0)")
        #expect(Snapshotting<Image, Image>.image(options: ComparisonOptions()).diffing.diffV2(reference, nudged) == nil)
    }
}
