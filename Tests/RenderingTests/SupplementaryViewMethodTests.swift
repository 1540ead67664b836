import Geometry
import Layout
import Raster
import Rendering
import Testing

/// UIKit requires `collectionView(_:viewForSupplementaryElementOfKind:at:)` of a data source whose
/// layout shows supplementary views. Here the method returns `any ReusableElementView`, so one
/// ported from an app with UIKit's return type is another method: the default it leaves in place
/// throws an error that says so, instead of drawing no header.
@Suite struct SupplementaryViewMethodTests {
    /// Two items under a header 30 points tall, from `source`.
    private func render(_ source: CollectionViewDataSource) throws -> Image {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 40, height: 40)
        layout.headerReferenceSize = Size(width: 0, height: 30)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 100, height: 80), collectionViewLayout: layout)
        cv.register({ CollectionViewCell() }, forCellWithReuseIdentifier: "c")
        cv.register(
            { CollectionReusableView() }, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: "h")
        cv.dataSource = source
        let renderer = CollectionViewRenderer(
            scale: 1, backgroundColor: .white, resources: try RenderResources.bundled())
        return try renderer.render(cv)
    }

    /// Cells, and a header method with UIKit's return type: not the protocol's method.
    fileprivate final class UIKitTypedSource: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            try collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) throws -> CollectionReusableView {
            try SupplementaryViewMethodTests.blueHeader(collectionView, kind, indexPath)
        }
    }

    /// A blue header from the collection view's reuse queue.
    fileprivate static func blueHeader(_ collectionView: CollectionView, _ kind: String, _ indexPath: IndexPath) throws
        -> CollectionReusableView
    {
        let header =
            try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
            as! CollectionReusableView
        header.backgroundColor = .blue
        return header
    }

    /// The same header method, with the protocol's return type.
    private final class ProtocolTypedSource: CollectionViewDataSource {
        let cells = UIKitTypedSource()
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            try cells.collectionView(collectionView, cellForItemAt: indexPath)
        }
        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) throws -> (any ReusableElementView)? {
            try SupplementaryViewMethodTests.blueHeader(collectionView, kind, indexPath)
        }
    }

    @Test func aHeaderMethodWithUIKitsReturnTypeIsAnErrorThatNamesTheMethod() throws {
        let source = UIKitTypedSource()
        #expect {
            try withExtendedLifetime(source) { _ = try render(source) }
        } throws: { error in
            guard case CollectionViewError.missingSupplementaryView(let kind, let path, let type) = error else {
                return false
            }
            return kind == CollectionView.elementKindSectionHeader && path == IndexPath(item: 0, section: 0)
                && type == "UIKitTypedSource"
                && "\(error)".contains("collectionView(_:viewForSupplementaryElementOfKind:at:)")
        }
    }

    @Test func theSameMethodWithTheProtocolsReturnTypeDrawsTheHeader() throws {
        let source = ProtocolTypedSource()
        let image = try withExtendedLifetime(source) { try render(source) }
        #expect(image[50, 15] == Color.blue.premultiplied)
    }
}
