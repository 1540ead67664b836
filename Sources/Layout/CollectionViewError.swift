import Geometry

/// Why a collection-view operation could not be carried out.
///
/// UIKit raises `NSInternalInconsistencyException` for these; here they are thrown so bad input
/// never traps.
public enum CollectionViewError: Error, Equatable, CustomStringConvertible {
    /// No cell or supplementary view factory is registered for the reuse identifier.
    case unregisteredReuseIdentifier(String, kind: String?)
    /// An index path in an update or a request does not exist.
    case invalidIndexPath(IndexPath, reason: String)
    /// After a batch update the data source's item count disagrees with the recorded updates.
    case inconsistentUpdate(section: Int, expected: Int, actual: Int)
    /// After a batch update the data source's section count disagrees with the recorded section
    /// insertions and deletions.
    case sectionCountChanged(expected: Int, actual: Int)
    /// The data source has no section count or item count it can report (negative counts).
    case invalidCount(section: Int?, count: Int)
    /// A touch was asked for on an item whose centre lies outside the visible bounds.
    case notOnScreen(IndexPath, center: Point)
    /// A `CollectionViewController` subclass reports items but does not override a data source
    /// method that every item needs (the method's name, the subclass's name).
    case unimplementedDataSourceMethod(String, type: String)
    /// A collection view with no area was asked to be drawn (a controller's collection view
    /// before a window or a frame gives it a size).
    case emptyBounds(Size)
    /// A scroll position (its raw value) that names two positions on one axis, or bits UIKit
    /// does not define.
    case invalidScrollPosition(UInt, reason: String)
    /// The layout shows a supplementary view (its kind and index path) and the data source (its
    /// type's name) does not implement `collectionView(_:viewForSupplementaryElementOfKind:at:)`,
    /// which UIKit requires then too.
    case missingSupplementaryView(kind: String, IndexPath, type: String)
    /// More elements would be shown at once (the count) than one frame may show
    /// (`CollectionView.maximumVisibleElementCount`, the limit).
    case tooManyVisibleElements(Int, limit: Int)

    /// One line naming the problem.
    public var description: String {
        switch self {
        case .unregisteredReuseIdentifier(let id, let kind):
            if let kind {
                return "no supplementary view of kind \"\(kind)\" is registered for reuse identifier \"\(id)\""
            }
            return "no cell is registered for reuse identifier \"\(id)\""
        case .invalidIndexPath(let path, let reason):
            return "index path \(path): \(reason)"
        case .inconsistentUpdate(let section, let expected, let actual):
            return "invalid batch update: section \(section) should contain \(expected) items after the "
                + "update (count before ± inserted/deleted/moved), but the data source reports \(actual)"
        case .sectionCountChanged(let expected, let actual):
            return "invalid batch update: there should be \(expected) sections after the update (count before "
                + "± inserted/deleted sections), but the data source reports \(actual)"
        case .invalidCount(let section, let count):
            if let section { return "the data source reports \(count) items in section \(section)" }
            return "the data source reports \(count) sections"
        case .notOnScreen(let path, let center):
            // Rounded to hundredths: a third of a point is not 203.33333333333334.
            let x = (center.x * 100).rounded() / 100, y = (center.y * 100).rounded() / 100
            return "index path \(path): the item's centre (\(x), \(y)) is outside the visible "
                + "bounds, where no finger can touch it; scroll to it first"
        case .unimplementedDataSourceMethod(let method, let type):
            return "\(type) reports items but does not override \(method), which CollectionViewController "
                + "leaves to its subclasses"
        case .emptyBounds(let size):
            return "the collection view's bounds are \(size.width)×\(size.height) points, "
                + "which draws nothing: give it a frame, or show its controller in a Window of a size"
        case .invalidScrollPosition(let rawValue, let reason):
            return "scroll position \(rawValue) cannot be used: \(reason) "
                + "(at most one of top, centeredVertically and bottom, and one of left, centeredHorizontally and right)"
        case .missingSupplementaryView(let kind, let path, let type):
            return "the layout shows a supplementary view of kind \"\(kind)\" at \(path), but \(type) does not "
                + "implement collectionView(_:viewForSupplementaryElementOfKind:at:) -> (any ReusableElementView)? "
                + "(one that returns CollectionReusableView, as UIKit's does, is another method)"
        case .tooManyVisibleElements(let count, let limit):
            return "\(count) elements (cells, supplementary and decoration views) would be shown at once, "
                + "more than the \(limit) one frame may show: make the items larger, or show fewer at a time"
        }
    }
}
