import CollectionPreview
import TestSupport
import Testing

/// The seeds' AnimalCell, written in Swift as a UIKit user would, rendered in a flow layout.
final class AnimalCell: CollectionViewCell {
    let imageView = ImageView()

    override init() {
        super.init()
        backgroundView = View(backgroundColor: .orange)
        selectedBackgroundView = View(backgroundColor: .green)
        contentView.borderColor = .lightGray
        contentView.borderWidth = 2
        contentView.backgroundColor = .white
        contentView.transform = AffineTransform(scaleX: 0.8, y: 0.8)
        imageView.contentMode = .scaleAspectFit
        imageView.transform = AffineTransform(scaleX: 0.7, y: 0.7)
        contentView.addSubview(imageView)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}

final class Header: CollectionReusableView {
    let label = Label()
    override init() {
        super.init()
        backgroundColor = .yellow
        label.textAlignment = .center
        addSubview(label)
    }
    override func layoutSubviews() { label.frame = bounds }
}

final class AnimalDataSource: CollectionViewDataSource {
    let images: [Image]
    init(images: [Image]) { self.images = images }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        let cell =
            try collectionView.dequeueReusableCell(withReuseIdentifier: "AnimalCell", for: indexPath) as! AnimalCell
        cell.imageView.image = images[indexPath.item % images.count]
        return cell
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        let header =
            try collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "Header", for: indexPath) as! Header
        header.label.text = "Animals"
        return header
    }
}

enum Fixtures {
    static let resources = try! RenderResources.bundled()
    /// The repository's Assets/Images folder (three levels above this file).
    static var assets: String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Assets/Images"
    }
    static func animal(_ name: String) throws -> Image { try PNGDecoder.read(contentsOf: "\(assets)/\(name).png") }
}

@Suite struct AnimalCellTests {
    func makeCollectionView() throws -> (CollectionView, AnimalDataSource) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.sectionInset = EdgeInsets(all: 10)
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 340, height: 320), collectionViewLayout: layout)
        let ds = AnimalDataSource(images: try ["cat", "dog", "bear", "frog", "panda", "pig"].map(Fixtures.animal))
        cv.register({ AnimalCell() }, forCellWithReuseIdentifier: "AnimalCell")
        cv.register(
            { Header() }, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
        cv.dataSource = ds
        return (cv, ds)
    }

    @Test func animalGridMatchesReference() throws {
        let (cv, ds) = try makeCollectionView()
        try cv.selectItem(at: IndexPath(item: 4, section: 0))
        let image = try CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources).render(
            cv)
        withExtendedLifetime(ds) {}
        GoldenImage.assertMatches(image, named: "animal-grid")
    }

    @Test func selectedCellShowsGreenBehindTheContent() throws {
        let (cv, ds) = try makeCollectionView()
        try cv.selectItem(at: IndexPath(item: 0, section: 0))
        let image = try CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources).render(
            cv)
        withExtendedLifetime(ds) {}
        let frame = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        // The content view is scaled to 0.8, so a 10% margin of the cell shows the (selected) background.
        let margin = image[Int(frame.minX) + 3, Int(frame.midY)]
        #expect(margin == Color.green.premultiplied)
        let other = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))).frame
        #expect(image[Int(other.minX) + 3, Int(other.midY)] == Color.orange.premultiplied)
        // The content view's centre is white (the image is scaled to 0.7 and aspect-fit, so its corner area is white).
        #expect(image[Int(frame.minX) + 14, Int(frame.minY) + 14] == Color.white.premultiplied)
    }
}
