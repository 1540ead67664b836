import Geometry
import Layout

/// What one frame shows: the elements with their views and the attributes to draw them with, in
/// drawing order, and the visible rect of the content.
///
/// The renderer draws a presentation state and nothing else. The collection view's current
/// state is one producer (`init(collectionView:menuItem:)`); an animation timeline at a time t is
/// another, which is how an interpolated frame — or an element that is fading out after its
/// item was deleted — can be drawn at all. The debug overlay and the edit menu draw from the same
/// state.
public struct PresentationState {
    /// One element of the frame.
    public struct Element {
        /// What the element is and how it is drawn this frame (centre, size, transform, alpha…).
        public var attributes: CollectionViewLayoutAttributes
        /// The view drawn for it, sized and placed from `attributes`; nil draws nothing (a
        /// decoration kind nobody gave a view).
        public var view: View?

        /// Creates an element.
        public init(attributes: CollectionViewLayoutAttributes, view: View?) {
            self.attributes = attributes
            self.view = view
        }
    }

    /// An inset area, for the debug overlay: the band between a box and that box grown by insets
    /// (content coordinates). A flow layout section's is around its shown items, with the
    /// section's insets; the collection view's is around the content, with its content inset.
    public struct InsetArea: Equatable, Sendable {
        /// The box: a section's shown items, or the content (from (0, 0), the layout's content size).
        public var inner: Rect
        /// The box grown by the insets.
        public var outer: Rect

        /// Creates an area.
        public init(inner: Rect, outer: Rect) {
            self.inner = inner
            self.outer = outer
        }
    }

    /// An edit menu to draw: over the item's frame (content coordinates), with these actions.
    public struct Menu: Equatable, Sendable {
        /// The long-pressed item's frame.
        public var itemFrame: Rect
        /// The actions shown, in the system's order.
        public var actions: [MenuAction]

        /// Creates a menu.
        public init(itemFrame: Rect, actions: [MenuAction]) {
            self.itemFrame = itemFrame
            self.actions = actions
        }
    }

    /// The visible rect in content coordinates: origin = the content offset, size = the view's.
    public var bounds: Rect
    /// The elements, back to front.
    public var elements: [Element]
    /// Flow layout section insets for the debug overlay (empty for other layouts).
    public var sectionInsetAreas: [InsetArea] = []
    /// The collection view's content inset area for the debug overlay (nil without an inset).
    public var contentInsetArea: InsetArea?
    /// The debug overlay's reuse badge, e.g. "46 views created, 0 reused, for 10000 items".
    public var reuseSummary: String?
    /// The edit menu shown, if any.
    public var menu: Menu?

    /// Creates a state from its parts.
    public init(bounds: Rect, elements: [Element]) {
        self.bounds = bounds
        self.elements = elements
    }

    /// The collection view's current state: brings its views up to date (`layoutSubviews()`,
    /// which queries the layout for the visible rect and dequeues views through the reuse
    /// queue) and takes every shown view with the attributes applied to it.
    ///
    /// - Parameters:
    ///   - cv: the collection view.
    ///   - menuItem: the item whose edit menu is shown, if any.
    /// - Throws: what the data source throws while creating views.
    /// - Complexity: one layout query of the visible rect plus O(k log k) for its k elements.
    public init(collectionView cv: CollectionView, menuItem: IndexPath? = nil) throws {
        try cv.layoutSubviews()
        bounds = cv.bounds
        elements = cv.visibleElementsInDrawingOrder.map { Element(attributes: $0.attributes, view: $0.view as? View) }
        sectionInsetAreas = PresentationState.sectionInsetAreas(of: elements, layout: cv.collectionViewLayout)
        contentInsetArea = PresentationState.contentInsetArea(of: cv)
        let items = cv.numberOfItems
        reuseSummary =
            "\(cv.createdViewCount) views created, \(cv.reusedViewCount) reused, for \(items) item\(items == 1 ? "" : "s")"
        if let menuItem, let attributes = cv.layoutAttributesForItem(at: menuItem) {
            let actions = cv.menuActions(forItemAt: menuItem)
            if !actions.isEmpty { menu = Menu(itemFrame: attributes.frame, actions: actions) }
        }
    }

    /// The inset areas of a flow layout's sections around the shown, not hidden, cells of
    /// `elements` (empty for other layouts).
    public static func sectionInsetAreas(of elements: [Element], layout: CollectionViewLayout) -> [InsetArea] {
        guard let flow = layout as? CollectionViewFlowLayout else { return [] }
        var boxes: [Int: Rect] = [:]
        for e in elements where e.attributes.representedElementCategory == .cell && !e.attributes.isHidden {
            let section = e.attributes.indexPath.section
            boxes[section] = (boxes[section] ?? .null).union(e.attributes.frame)
        }
        return boxes.keys.sorted().map { section in
            let items = boxes[section]!, inset = flow.insetForSection(at: section)
            let outer = Rect(
                x: items.minX - inset.left, y: items.minY - inset.top, width: items.width + inset.horizontal,
                height: items.height + inset.vertical)
            return InsetArea(inner: items, outer: outer)
        }
    }

    /// The content inset area of `cv` (nil when its content inset is zero on every side).
    public static func contentInsetArea(of cv: CollectionView) -> InsetArea? {
        // The content size first: laying the content out brings the adjusted inset up to date.
        let content = Rect(origin: .zero, size: cv.contentSize)
        let inset = cv.adjustedContentInset
        guard inset != .zero else { return nil }
        let outer = Rect(
            x: -inset.left, y: -inset.top, width: content.width + inset.horizontal,
            height: content.height + inset.vertical)
        return InsetArea(inner: content, outer: outer)
    }
}
