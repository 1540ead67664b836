import Geometry
import Layout

/// The layout engine driven by fuzzed parameters: flow (both directions), line, circle and
/// waterfall layouts with spacings, insets, sizes and counts anywhere in the ranges scenes allow
/// (their limits included), queried with arbitrary rects. Every query must return frames that
/// are finite.
final class Counts: CollectionViewDataSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
}

/// Reads fuzzed bytes as bounded numbers.
struct Reader {
    var bytes: [UInt8]
    var index = 0
    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }
    /// 0…maximum, with 0 and maximum themselves likely.
    mutating func number(_ maximum: Double) -> Double {
        let b = byte()
        if b == 0 { return 0 }
        if b == 255 { return maximum }
        return maximum * Double(UInt16(b) << 8 | UInt16(byte())) / 65535
    }
    mutating func count(_ maximum: Int) -> Int { Int(number(Double(maximum))) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let kind = r.byte() % 5
    let layout: CollectionViewLayout
    switch kind {
    case 0, 1:
        let flow = kind == 0 ? CollectionViewFlowLayout() : LineLayout()
        flow.scrollDirection = r.byte() % 2 == 0 ? .vertical : .horizontal
        flow.itemSize = Size(width: r.number(2000) + 0.001, height: r.number(2000) + 0.001)
        flow.minimumLineSpacing = r.number(1000)
        flow.minimumInteritemSpacing = r.number(1000)
        flow.sectionInset = EdgeInsets(
            top: r.number(1000), left: r.number(1000), bottom: r.number(1000), right: r.number(1000))
        flow.headerReferenceSize = Size(width: r.number(500), height: r.number(500))
        flow.footerReferenceSize = Size(width: r.number(500), height: r.number(500))
        layout = flow
    case 2:
        let circle = CircleLayout()
        circle.itemSize = Size(width: r.number(500) + 0.001, height: r.number(500) + 0.001)
        layout = circle
    default:
        let waterfall = WaterfallLayout()
        waterfall.columnCount = 1 + r.count(999)
        waterfall.minimumColumnSpacing = r.number(1000)
        waterfall.minimumInteritemSpacing = r.number(1000)
        waterfall.headerHeight = r.number(500)
        waterfall.footerHeight = r.number(500)
        waterfall.sectionInset = EdgeInsets(
            top: r.number(1000), left: r.number(1000), bottom: r.number(1000), right: r.number(1000))
        waterfall.itemSize = Size(width: r.number(2000) + 0.001, height: r.number(2000) + 0.001)
        waterfall.itemRenderDirection = [.shortestFirst, .leftToRight, .rightToLeft][Int(r.byte() % 3)]
        layout = waterfall
    }
    let sections = (0..<(1 + r.count(7))).map { _ in r.count(2000) }
    let width = 1 + r.number(4000), height = 1 + r.number(4000)
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    let dataSource = Counts(sections)
    view.dataSource = dataSource
    view.contentOffset = Point(x: r.number(100_000), y: r.number(100_000))
    view.prepareLayoutIfNeeded()
    for _ in 0..<4 {
        let rect = Rect(
            x: r.number(200_000) - 1000, y: r.number(200_000) - 1000, width: r.number(50_000), height: r.number(50_000))
        for attributes in view.layoutAttributesForElements(in: rect) {
            precondition(attributes.frame.origin.x.isFinite && attributes.frame.size.height.isFinite)
        }
        _ = view.indexPathForItem(at: Point(x: rect.origin.x, y: rect.origin.y))
    }
    withExtendedLifetime(dataSource) {}
    return 0
}
