import CollectionPreview
import TestSupport
import Testing

/// "Supplementary Views are more generic than just headers and footers. They can be positioned
/// anywhere in the Collection View" (Xamarin's "Introduction to Collection Views"): a flow
/// layout subclassed, as a UIKit app would, to give every item a badge, a supplementary view of
/// a kind of its own over the cell's top-right corner, numbered by the data source.
@Suite struct BadgeSupplementaryViewTests {
    static let badgeKind = "badge"

    /// A flow layout that adds one badge per item: a 26-point circle centred on the item's
    /// top-right corner, above the cells.
    final class BadgedFlowLayout: CollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes] {
            // A badge reaches 13 points past its item: ask once for the elements near the rect,
            // keep those in it, and add the badges of the items near it that reach into it.
            let near = super.layoutAttributesForElements(in: rect.insetBy(dx: -13, dy: -13))
            var elements = near.filter { $0.frame.intersects(rect) }
            for item in near where item.representedElementCategory == .cell {
                if let badge = layoutAttributesForSupplementaryView(
                    ofKind: BadgeSupplementaryViewTests.badgeKind, at: item.indexPath), badge.frame.intersects(rect)
                {
                    elements.append(badge)
                }
            }
            return elements
        }

        override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
            -> CollectionViewLayoutAttributes?
        {
            guard elementKind == BadgeSupplementaryViewTests.badgeKind else {
                return super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
            }
            guard let item = layoutAttributesForItem(at: indexPath) else { return nil }
            var badge = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
            badge.frame = Rect(x: item.frame.maxX - 13, y: item.frame.minY - 13, width: 26, height: 26)
            badge.zIndex = 1
            return badge
        }
    }

    /// A red circle with a white number.
    final class Badge: CollectionReusableView {
        let label = Label()

        override init() {
            super.init()
            backgroundColor = .red
            cornerRadius = 13
            label.textColor = .white
            label.textAlignment = .center
            label.fontSize = 13
            addSubview(label)
        }

        override func layoutSubviews() { label.frame = bounds }
    }

    /// Six grey cells; item i has i + 1 messages.
    final class Inbox: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 6 }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }

        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) throws -> (any ReusableElementView)? {
            let badge =
                try collectionView.dequeueReusableSupplementaryView(
                    ofKind: kind, withReuseIdentifier: "badge", for: indexPath) as! Badge
            badge.label.text = String(indexPath.item + 1)
            return badge
        }
    }

    @Test func everyItemHasABadgeOverItsTopRightCorner() throws {
        let layout = BadgedFlowLayout()
        layout.itemSize = Size(width: 80, height: 80)
        layout.minimumInteritemSpacing = 30
        layout.minimumLineSpacing = 30
        layout.sectionInset = EdgeInsets(top: 25, left: 25, bottom: 25, right: 25)
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 350, height: 240), collectionViewLayout: layout)
        collectionView.register(
            {
                let cell = CollectionViewCell()
                cell.backgroundView = View(backgroundColor: Color(red: 210, green: 214, blue: 222))
                return cell
            }, forCellWithReuseIdentifier: "cell")
        collectionView.register({ Badge() }, forSupplementaryViewOfKind: Self.badgeKind, withReuseIdentifier: "badge")
        let inbox = Inbox()
        collectionView.dataSource = inbox

        // Every item's badge is listed with the cells, centred on the item's corner.
        let elements = collectionView.layoutAttributesForElements(in: collectionView.bounds)
        let badges = elements.filter { $0.representedElementKind == Self.badgeKind }
        #expect(badges.count == 6 && elements.count == 12)
        for badge in badges {
            let item = try #require(collectionView.layoutAttributesForItem(at: badge.indexPath)).frame
            #expect(badge.center == Point(x: item.maxX, y: item.minY))
        }
        // A rect that holds only a badge's part outside its cell still finds it.
        let first = try #require(badges.first { $0.indexPath.item == 0 })
        let outside = Rect(x: first.frame.maxX - 4, y: first.frame.minY, width: 4, height: 4)
        #expect(collectionView.layoutAttributesForElements(in: outside).map(\.representedElementKind) == ["badge"])

        let image = try CollectionViewRenderer(scale: 2, backgroundColor: .white, resources: Fixtures.resources)
            .render(collectionView)
        // The badge is drawn over the cell: red at the corner, grey under the cell's middle.
        let corner = first.center
        #expect(image[Int(corner.x * 2) - 8, Int(corner.y * 2) + 8] == Color.red.premultiplied)
        let cell = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        #expect(
            image[Int(cell.center.x * 2), Int(cell.center.y * 2)]
                == Color(red: 210, green: 214, blue: 222).premultiplied)
        #expect(collectionView.visibleSupplementaryViews(ofKind: Self.badgeKind).count == 6)
        withExtendedLifetime(inbox) {}
        GoldenImage.assertMatches(image, named: "badge-supplementary-views")
    }
}
