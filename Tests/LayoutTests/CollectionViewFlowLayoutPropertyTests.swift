import Geometry
import Testing

@testable import Layout

/// Random (seeded) flow and waterfall configurations: the invariants every layout must keep.
@Suite struct LayoutPropertyTests {
    private func randomFlow(_ g: inout SeededGenerator) -> (CollectionView, TestDataSource, CollectionViewFlowLayout) {
        let sections = Int.random(in: 1...4, using: &g)
        let ds = TestDataSource((0..<sections).map { _ in Int.random(in: 0...60, using: &g) })
        let l = CollectionViewFlowLayout()
        l.scrollDirection = Bool.random(using: &g) ? .vertical : .horizontal
        let size = Size(
            width: Double(Int.random(in: 200...500, using: &g)), height: Double(Int.random(in: 200...700, using: &g)))
        func inset() -> Double { Double(Int.random(in: 0...30, using: &g)) }
        l.sectionInset = EdgeInsets(top: inset(), left: inset(), bottom: inset(), right: inset())
        l.minimumInteritemSpacing = Double.random(in: 0...20, using: &g)
        l.minimumLineSpacing = Double.random(in: 0...20, using: &g)
        l.headerReferenceSize = Bool.random(using: &g) ? Size(width: 30, height: 30) : .zero
        l.footerReferenceSize = Bool.random(using: &g) ? Size(width: 20, height: 20) : .zero
        let across = (l.scrollDirection == .vertical ? size.width : size.height) - 60
        l.itemSize = Size(width: Double.random(in: 1...80, using: &g), height: Double.random(in: 1...80, using: &g))
        if Bool.random(using: &g) {
            for (s, n) in ds.counts.enumerated() where Bool.random(using: &g) {
                for i in 0..<n {
                    let a = Double.random(in: 0...across, using: &g), b = Double.random(in: 0...90, using: &g)
                    ds.sizes[IndexPath(item: i, section: s)] =
                        l.scrollDirection == .vertical ? Size(width: a, height: b) : Size(width: b, height: a)
                }
            }
        }
        let cv = makeCollectionView(l, size: size, dataSource: ds)
        cv.prepareLayoutIfNeeded()
        return (cv, ds, l)
    }

    private func randomRect(_ g: inout SeededGenerator, within content: Size) -> Rect {
        let x = Double.random(in: -50...(content.width + 50), using: &g)
        let y = Double.random(in: -50...(content.height + 50), using: &g)
        return Rect(
            x: x, y: y, width: Double.random(in: 0...400, using: &g), height: Double.random(in: 0...400, using: &g))
    }

    /// Whether two frames overlap by more than floating-point noise (1e-9 points).
    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.insetBy(dx: 1e-9, dy: 1e-9).intersects(b.insetBy(dx: 1e-9, dy: 1e-9))
    }

    /// The elements as sorted "key frame" lines (compact when an expectation fails).
    private func keyed(_ attributes: [CollectionViewLayoutAttributes]) -> [String] {
        attributes.sorted { $0.elementKey < $1.elementKey }.map { "\($0.elementKey) \($0.frame) z\($0.zIndex)" }
    }

    @Test func flowCellsNeverOverlapAndStayInsideTheContent() {
        var g = SeededGenerator(seed: 0xF10)
        for _ in 0..<60 {
            let (cv, _, l) = randomFlow(&g)
            let content = cv.contentSize
            let all = l.allLayoutAttributes()
            let cells = all.filter { $0.representedElementCategory == .cell }
            for i in cells.indices {
                for j in cells.indices where j > i {
                    #expect(
                        !overlap(cells[i].frame, cells[j].frame), "\(cells[i].indexPath) overlaps \(cells[j].indexPath)"
                    )
                }
            }
            let bounds = Rect(origin: .zero, size: content).insetBy(dx: -1e-9, dy: -1e-9)
            for a in all { #expect(bounds.contains(a.frame), "\(a.elementKey) \(a.frame) outside \(content)") }
        }
    }

    @Test func flowRectQueryEqualsBruteForce() {
        var g = SeededGenerator(seed: 0xF11)
        for _ in 0..<60 {
            let (cv, _, l) = randomFlow(&g)
            let all = l.allLayoutAttributes()
            for _ in 0..<30 {
                let r = randomRect(&g, within: cv.contentSize)
                let fast = l.layoutAttributesForElements(in: r)
                let slow = all.filter { $0.frame.intersects(r) }
                #expect(fast.count == slow.count)
                #expect(keyed(fast) == keyed(slow))
            }
        }
    }

    @Test func flowRectQueryWithPinnedHeadersEqualsBruteForce() {
        var g = SeededGenerator(seed: 0xF12)
        for _ in 0..<30 {
            let (cv, _, l) = randomFlow(&g)
            l.sectionHeadersPinToVisibleBounds = true
            l.sectionFootersPinToVisibleBounds = true
            let content = cv.contentSize
            cv.contentOffset = Point(
                x: Double.random(in: 0...content.width, using: &g), y: Double.random(in: 0...content.height, using: &g))
            let all = l.allLayoutAttributes()
            for _ in 0..<20 {
                let r = randomRect(&g, within: content)
                #expect(keyed(l.layoutAttributesForElements(in: r)) == keyed(all.filter { $0.frame.intersects(r) }))
            }
        }
    }

    private func randomWaterfall(_ g: inout SeededGenerator) -> (CollectionView, WaterfallLayout) {
        let sections = Int.random(in: 1...4, using: &g)
        let ds = TestDataSource((0..<sections).map { _ in Int.random(in: 0...80, using: &g) })
        let l = WaterfallLayout()
        l.columnCount = Int.random(in: 1...5, using: &g)
        l.minimumColumnSpacing = Double(Int.random(in: 0...12, using: &g))
        l.minimumInteritemSpacing = Double(Int.random(in: 0...12, using: &g))
        l.itemRenderDirection = ItemRenderDirection.allCases.randomElement(using: &g)!
        l.headerHeight = Bool.random(using: &g) ? 30 : 0
        l.footerHeight = Bool.random(using: &g) ? 20 : 0
        l.headerInset = EdgeInsets(top: 5, left: 3, bottom: 2, right: 3)
        l.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 6, right: 8)
        l.displayScale = [1, 2, 3].randomElement(using: &g)!
        for (s, n) in ds.counts.enumerated() {
            for i in 0..<n {
                ds.sizes[IndexPath(item: i, section: s)] = Size(
                    width: 100, height: Double.random(in: 20...300, using: &g))
            }
        }
        let cv = makeCollectionView(
            l, size: Size(width: Double(Int.random(in: 250...500, using: &g)), height: 600), dataSource: ds)
        cv.prepareLayoutIfNeeded()
        return (cv, l)
    }

    @Test func waterfallRectQueryEqualsBruteForceAndStaysInside() {
        var g = SeededGenerator(seed: 0xA7E)
        for _ in 0..<60 {
            let (cv, l) = randomWaterfall(&g)
            let content = cv.contentSize
            let all = l.allLayoutAttributes()
            let bounds = Rect(origin: .zero, size: content)
            for a in all { #expect(bounds.contains(a.frame)) }
            let cells = all.filter { $0.representedElementCategory == .cell }
            for i in cells.indices {
                for j in cells.indices where j > i { #expect(!overlap(cells[i].frame, cells[j].frame)) }
            }
            for _ in 0..<30 {
                let r = randomRect(&g, within: content)
                let fast = l.layoutAttributesForElements(in: r)
                #expect(fast.count == all.filter { $0.frame.intersects(r) }.count)
                #expect(keyed(fast) == keyed(all.filter { $0.frame.intersects(r) }))
            }
        }
    }
}
