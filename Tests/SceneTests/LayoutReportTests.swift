import Geometry
import Layout
import Support
import TestSupport
import Testing

@testable import Scene

/// The `layout` report's order and text, written in pieces.
@Suite struct LayoutReportTests {
    /// 3,000 elements of every category, with and without kinds, in shuffled order and with
    /// odd frames, alphas, hidden flags and transforms.
    static func elements() -> [CollectionViewLayoutAttributes] {
        var random = SplitMix64(seed: 99)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var all: [CollectionViewLayoutAttributes] = []
        for _ in 0..<3000 {
            let path = IndexPath(item: next(40), section: next(5))
            var a: CollectionViewLayoutAttributes
            switch next(5) {
            case 0:
                a = CollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: ["header", "footer"][next(2)], with: path)
            case 1:
                a = CollectionViewLayoutAttributes(
                    forDecorationViewOfKind: ["badge", "background"][next(2)], with: path)
            default: a = CollectionViewLayoutAttributes(forCellWith: path)
            }
            a.frame = Rect(x: Double(next(1000)) / 8, y: -Double(next(100)), width: 0.1 * Double(next(30)), height: 44)
            a.alpha = [1, 0.5, 0, 1.0 / 3][next(4)]
            a.zIndex = next(3) - 1
            a.isHidden = next(10) == 0
            if next(4) == 0 { a.transform3D = Transform3D(rotationAngle: Double(next(7)), x: 0, y: 0, z: 1) }
            if next(20) == 0 { a.transform3D = Transform3D(rotationAngle: -0.0, x: 0, y: 0, z: 1) }
            all.append(a)
        }
        return all
    }

    /// The order is `ElementKey`'s, by the keys made once.
    @Test func elementsAreInTheOrderOfTheirKeys() {
        let all = Self.elements()
        let expected = all.map(\.elementKey).sorted()
        #expect(LayoutReport.sortedOrder(all).map { all[$0].elementKey } == expected)
    }

    /// Elements with one key (during an animation, one leaving and one arriving under an index
    /// path) keep the order they were given in, and only those marked as leaving say so.
    @Test func elementsWithOneKeyKeepTheirOrderAndOnlyTheLeavingOneIsMarked() {
        let all = Self.elements()
        let order = LayoutReport.sortedOrder(all)
        let pairs = zip(order, order.dropFirst()).filter { all[$0.0].elementKey == all[$0.1].elementKey }
        #expect(pairs.count > 1000)
        #expect(pairs.allSatisfy { $0.0 < $0.1 })
        var arriving = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 4, section: 0))
        arriving.frame = Rect(x: 20, y: 0, width: 10, height: 10)
        var leaving = arriving
        leaving.frame.origin.x = 0
        leaving.alpha = 0.5
        var other = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        other.frame = leaving.frame
        let lines = LayoutReport.json(
            contentSize: Size(width: 100, height: 100), contentOffset: .zero, elements: [leaving, arriving, other],
            disappearing: [0]
        ).split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[3] == "   " + LayoutReport.element(other) + ",")
        #expect(lines[4] == "   " + LayoutReport.element(leaving).dropLast() + ", \"disappearing\": true},")
        #expect(lines[5] == "   " + LayoutReport.element(arriving))
    }

    /// Each line is the one `JSONWriter`'s pieces make, and the pieces handed out are about
    /// 64 KiB each (the last one shorter) and make the whole report.
    @Test func theReportIsWrittenInPiecesOfWholeLines() {
        let all = Self.elements()
        for a in all.prefix(300) {
            let n = JSONWriter.number
            let t = a.transform3D.rowMajor.map { n($0) }.joined(separator: ",")
            let kind = a.representedElementKind.map { ", \"kind\": " + JSONWriter.string($0) } ?? ""
            let f = a.frame
            let category = "{\"category\": \"\(a.representedElementCategory.name)\"" + kind
            let path = ", \"section\": \(a.indexPath.section), \"item\": \(a.indexPath.item)"
            let frame =
                ", \"frame\": {\"x\": \(n(f.minX)), \"y\": \(n(f.minY)), \"width\": \(n(f.width)), \"height\": \(n(f.height))}"
            let rest =
                ", \"zIndex\": \(a.zIndex), \"alpha\": \(n(a.alpha)), \"hidden\": \(a.isHidden), \"transform\": [\(t)]}"
            let line = category + path + frame + rest
            #expect(LayoutReport.element(a) == line)
        }
        var pieces: [String] = []
        LayoutReport.write(contentSize: Size(width: 390, height: 9000), contentOffset: .zero, elements: all) {
            pieces.append($0)
        }
        let whole = LayoutReport.json(contentSize: Size(width: 390, height: 9000), contentOffset: .zero, elements: all)
        #expect(pieces.joined() == whole)
        #expect(pieces.count > 3 && whole.utf8.count > 3 * 65536)
        #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 65536 && $0.utf8.count < 65536 + 1024 })
        #expect(pieces.allSatisfy { $0.hasSuffix("}") || $0.hasSuffix("]}\n") })
        #expect(
            whole.hasPrefix(
                "{\"contentSize\": {\"width\": 390, \"height\": 9000},\n \"contentOffset\": {\"x\": 0, \"y\": 0},\n \"elements\": [\n   {\"category\": \"cell\""
            ))
    }
}
