import Foundation
import Testing

@testable import Layout

/// `IndexPath(item:section:)` is built without an intermediate array; it must be the very
/// same value as Foundation's two-index path.
@Suite struct IndexPathTests {
    @Test(arguments: [(0, 0), (3, 1), (999_999, 0), (7, 42), (-1, 2)])
    func itemAndSectionMakeFoundationsTwoIndexPath(item: Int, section: Int) {
        let path = IndexPath(item: item, section: section)
        let reference = IndexPath(indexes: [section, item])
        #expect(path == reference)
        #expect(path.hashValue == reference.hashValue)
        #expect(path.count == 2 && Array(path) == [section, item])
        #expect(path.item == item && path.section == section)
        #expect(path.compare(IndexPath(indexes: [section, item + 1])) == .orderedAscending)
        var moved = path
        moved.item = item + 5
        #expect(moved == IndexPath(indexes: [section, item + 5]))
    }
}
