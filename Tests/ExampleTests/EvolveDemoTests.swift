import CollectionPreview
import TestSupport
import Testing

/// The EvolveCollectionViewDemo of the Xamarin chapter "Introduction to Collection Views"
/// (https://learn.microsoft.com/xamarin/ios/user-interface/controls/uicollectionview/introduction-to-collection-views),
/// written in Swift as a UIKit user would port it: its `ImageCell`, a flow layout with a
/// 50-point section inset and a header, a decoration view behind the content (the chapter's
/// "map"), and the left swipe that switches to a circular custom layout and, swiped again, back
/// to the flow layout, scrolled to the top. The chapter's speakers' photos are the animals of
/// `Assets/Images`.
@Suite struct EvolveDemoTests {
    /// The chapter's `ImageCell`: a 100-point image view, aspect fit, in a content view scaled to
    /// 0.9 so that the black background shows around it as a border; selected, the yellow
    /// selected background shows there instead.
    final class ImageCell: CollectionViewCell {
        let imageView = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100))

        override init() {
            super.init()
            imageView.contentMode = .scaleAspectFit
            contentView.addSubview(imageView)
            contentView.transform = AffineTransform(scaleX: 0.9, y: 0.9)
            backgroundView = View(backgroundColor: .black)
            selectedBackgroundView = View(backgroundColor: .yellow)
        }
    }

    /// A decoration view that draws a small map: land, a river, two roads and a park.
    final class MapView: CollectionReusableView {
        override init() {
            super.init()
            backgroundColor = Color(red: 233, green: 240, blue: 222)
        }

        override var hasOwnContent: Bool { true }

        override func draw(in context: DrawingContext) {
            let w = bounds.width, h = bounds.height
            var river = Path()
            river.move(to: Point(x: 0, y: 0.30 * h))
            river.addCurve(
                to: Point(x: w, y: 0.62 * h), control1: Point(x: 0.45 * w, y: 0.18 * h),
                control2: Point(x: 0.55 * w, y: 0.70 * h))
            river.addLine(to: Point(x: w, y: 0.62 * h + 28))
            river.addCurve(
                to: Point(x: 0, y: 0.30 * h + 28), control1: Point(x: 0.55 * w, y: 0.70 * h + 28),
                control2: Point(x: 0.45 * w, y: 0.18 * h + 28))
            river.closeSubpath()
            var roads = Path()
            roads.addPolygon([
                Point(x: 0.22 * w, y: 0), Point(x: 0.22 * w + 12, y: 0), Point(x: 0.70 * w + 12, y: h),
                Point(x: 0.70 * w, y: h),
            ])
            roads.addRect(Rect(x: 0, y: 0.80 * h, width: w, height: 10))
            var park = Path()
            park.addEllipse(in: Rect(x: 0.60 * w, y: 0.10 * h, width: 0.30 * w, height: 0.16 * h))
            let canvas = context.canvas
            canvas.fill(park, color: Color(red: 190, green: 220, blue: 170), transform: context.transform)
            canvas.fill(river, color: Color(red: 160, green: 200, blue: 235), transform: context.transform)
            canvas.fill(roads, color: Color(red: 250, green: 250, blue: 250), transform: context.transform)
        }
    }

    /// A header naming the section.
    final class Header: CollectionReusableView {
        let label = Label()

        override init() {
            super.init()
            backgroundColor = Color(red: 40, green: 40, blue: 40)
            label.textColor = .white
            label.textAlignment = .center
            addSubview(label)
        }

        override func layoutSubviews() { label.frame = bounds }
    }

    /// The speakers, each shown by a photo.
    final class Speakers: CollectionViewDataSource {
        let photos: [Image]

        init() throws {
            photos = try ["cat", "dog", "bear", "frog", "panda", "pig"].map(Fixtures.animal)
        }

        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 12 }

        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
            -> any ReusableCellView
        {
            let cell =
                try collectionView.dequeueReusableCell(withReuseIdentifier: "ImageCell", for: indexPath) as! ImageCell
            cell.imageView.image = photos[indexPath.item % photos.count]
            return cell
        }

        func collectionView(
            _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) throws -> (any ReusableElementView)? {
            let header =
                try collectionView.dequeueReusableSupplementaryView(
                    ofKind: kind, withReuseIdentifier: "Header", for: indexPath) as! Header
            header.label.text = "Speakers"
            return header
        }
    }

    /// The demo's collection view, 420 × 560 points, scrolled to the top, with the fifth
    /// speaker selected; its flow layout, and a renderer.
    static func demo() throws -> (CollectionView, CollectionViewFlowLayout, Speakers, CollectionViewRenderer) {
        let layout = CollectionViewFlowLayout()
        layout.itemSize = Size(width: 100, height: 100)
        layout.headerReferenceSize = Size(width: 0, height: 40)
        layout.sectionInset = EdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
        layout.backgroundDecorationKind = "map"
        layout.register(decorationKind: "map") { MapView() }
        let collectionView = CollectionView(
            frame: Rect(x: 0, y: 0, width: 420, height: 560), collectionViewLayout: layout)
        collectionView.register({ ImageCell() }, forCellWithReuseIdentifier: "ImageCell")
        collectionView.register(
            { Header() }, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
        let speakers = try Speakers()
        collectionView.dataSource = speakers
        try collectionView.selectItem(at: IndexPath(item: 4, section: 0))
        let renderer = CollectionViewRenderer(scale: 1, backgroundColor: .white, resources: Fixtures.resources)
        return (collectionView, layout, speakers, renderer)
    }

    @Test func theSpeakersGridShowsTheCellsBordersTheHeaderAndTheMap() throws {
        let (collectionView, _, speakers, renderer) = try Self.demo()
        let image = try renderer.render(collectionView)
        // Three columns of 100 points between insets of 50: 50 + 3 · 100 + 2 · 10 = 370 ≤ 420.
        let first = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        let selected = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))).frame
        #expect(first == Rect(x: 50, y: 90, width: 100, height: 100))
        #expect(collectionView.contentSize.height > 560)
        // The content view covers the middle 90 points, so the background shows in a 5-point
        // border: black, and yellow around the selected cell; the map lies behind the insets.
        #expect(image[Int(first.minX) + 2, Int(first.midY)] == Color.black.premultiplied)
        #expect(image[Int(selected.minX) + 2, Int(selected.midY)] == Color.yellow.premultiplied)
        #expect(image[10, 300] != Color.white.premultiplied)
        withExtendedLifetime(speakers) {}
        GoldenImage.assertMatches(image, named: "evolve-speakers")
    }

    @Test func aSwipeSwitchesToTheCircleAndASecondOneBackToTheTop() throws {
        let (collectionView, flow, speakers, renderer) = try Self.demo()
        let still = try renderer.render(collectionView)
        var circle: CircleLayout?
        // The chapter's handler: the custom layout made on the first swipe; back to the flow
        // layout (invalidated, in case the orientation changed) and to the top on the next.
        let swipe = SwipeGestureRecognizer { _ in
            if circle == nil {
                circle = CircleLayout()
                circle?.itemSize = Size(width: 100, height: 100)
            }
            if collectionView.collectionViewLayout is CollectionViewFlowLayout {
                collectionView.setCollectionViewLayout(circle!, animated: true)
            } else {
                flow.invalidateLayout()
                collectionView.setCollectionViewLayout(flow, animated: true)
                collectionView.setContentOffset(.zero, animated: false)
            }
        }
        swipe.direction = .left
        collectionView.addGestureRecognizer(swipe)
        let recorder = try CollectionViewAnimationRecorder(
            collectionView: collectionView, renderer: renderer, fps: 10)
        let start = Point(x: 360, y: 300), end = Point(x: 120, y: 300)
        try recorder.scroll(to: Point(x: 0, y: 100), duration: 0.3)
        try recorder.touch(along: [start, end], duration: 0.2, animationDuration: 0.5)
        let inCircle = collectionView.collectionViewLayout === circle && collectionView.contentOffset == .zero
        // In the circle the twelve speakers stand on one ring around the screen's centre, of
        // radius 420 / 2.5.
        let ring = (0..<12).compactMap { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
        let radii = ring.map { ($0.center.x - 210) * ($0.center.x - 210) + ($0.center.y - 280) * ($0.center.y - 280) }
        #expect(ring.count == 12 && radii.allSatisfy { abs($0.squareRoot() - 168) < 1e-9 })
        try recorder.wait(0.2)
        try recorder.touch(along: [start, end], duration: 0.2, animationDuration: 0.5)
        let frames = try recorder.finish()

        #expect(inCircle)
        #expect(collectionView.collectionViewLayout === flow && collectionView.contentOffset == .zero)
        // The last frame is the grid as it started: at the top, the fifth speaker selected.
        let back = frames[frames.count - 1] == still
        #expect(back)
        // Scrolled down 100 points by the end of the scroll.
        #expect(frames[3] != still && recorder.frameTimes[3] == 0.3)
        GoldenImage.assertMatches(
            try AnimatingFromSwiftTests.sheet(frames, width: 420, height: 560, times: recorder.frameTimes),
            named: "evolve-swipe-to-circle-and-back.contact-sheet")
        withExtendedLifetime(speakers) {}
    }
}
