import Geometry
import Testing

@testable import Raster

/// `Path`'s building: what the elements are, and storage that grows without copying the path
/// at every shape.
@Suite struct PathTests {
    /// A rounded rectangle is a move, four lines, four cubics and a close, clockwise on screen
    /// from the end of the top-left corner.
    @Test func aRoundedRectangleHasTenElements() {
        var path = Path()
        path.addRoundedRect(Rect(x: 10, y: 20, width: 100, height: 50), cornerRadii: CornerRadii(all: 8))
        #expect(path.elements.count == 10)
        #expect(path.elements.first == .move(Point(x: 18, y: 20)))
        #expect(path.elements[1] == .line(Point(x: 102, y: 20)))
        #expect(path.elements.last == .close)
    }

    /// 2,000 rounded rectangles into one path: the storage grows by doubling, a dozen or so
    /// times, not once for each rectangle (which copied the whole path each time: 10,000
    /// rectangles took seconds).
    @Test func manyRoundedRectanglesGrowTheStorageByDoubling() {
        var path = Path()
        var capacities: Set<Int> = []
        for i in 0..<2000 {
            path.addRoundedRect(
                Rect(x: Double(i), y: 0, width: 40, height: 40), cornerRadii: CornerRadii(all: 6))
            capacities.insert(path.elements.capacity)
        }
        #expect(path.elements.count == 20_000)
        #expect(capacities.count <= 16)
        #expect(path.elements[19_990] == .move(Point(x: 1999 + 6, y: 0)))
    }
}
