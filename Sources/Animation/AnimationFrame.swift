import Geometry
import Layout

/// What one frame of an animation shows, as data: the content offset and every element's
/// attributes with the state its view is built from. A frame is drawn by making (or reusing) a
/// view per element and rendering them as a presentation state.
public struct AnimationFrame: Sendable {
    /// One element of the frame.
    public struct Element: Sendable {
        /// The attributes it is drawn with this frame.
        public var attributes: CollectionViewLayoutAttributes
        /// The index of the state (data, layout, selection) its view shows.
        public var state: Int
        /// For a cell shown at another index path than its data's (during a drag, the items are
        /// shown in the order they would have after the move): the data's index path; nil when
        /// they are the same.
        public var dataIndexPath: IndexPath?
        /// For a cell whose own transform is animating between its states' (a highlighted look
        /// turning in as the delegate's `UIView.animate` does): the transform it has this frame,
        /// applied about its centre before the attributes' transform, in place of its state's;
        /// nil: its state's.
        public var cellTransform: Transform3D?
        /// Whether the element is leaving in a batch update or a layout change: shown only before
        /// it (deleted, or moved out of the visible rect), so it moves or fades out under the
        /// index path it had before (UIKit's `finalLayoutAttributesForDisappearingItem(at:)`).
        /// Another element may then be shown under the same index path: the one arriving there.
        public var isDisappearing: Bool

        /// Creates an element.
        public init(
            attributes: CollectionViewLayoutAttributes, state: Int, dataIndexPath: IndexPath? = nil,
            cellTransform: Transform3D? = nil, isDisappearing: Bool = false
        ) {
            self.attributes = attributes
            self.state = state
            self.dataIndexPath = dataIndexPath
            self.cellTransform = cellTransform
            self.isDisappearing = isDisappearing
        }
    }

    /// The frame's number (0 is the scene as `render` draws it).
    public var index: Int
    /// Its time in seconds.
    public var time: Double
    /// The collection view's content offset in this frame: the scroll position it is drawn at.
    public var contentOffset: Point
    /// The elements, back to front.
    public var elements: [Element]
    /// The state whose look (background, decorations, menu) the frame uses.
    public var state: Int
    /// The collection view's bounds size in this frame when a rotation is changing it; nil: the
    /// size of the state's canvas.
    public var boundsSize: Size?

    /// Creates a frame.
    public init(
        index: Int, time: Double, contentOffset: Point, elements: [Element], state: Int, boundsSize: Size? = nil
    ) {
        self.boundsSize = boundsSize
        self.index = index
        self.time = time
        self.contentOffset = contentOffset
        self.elements = elements
        self.state = state
    }

    /// `elements` sorted as a collection view draws them: by zIndex, then element key.
    public static func inDrawingOrder(_ elements: [Element]) -> [Element] {
        elements.sorted { a, b in
            let za = a.attributes.zIndex, zb = b.attributes.zIndex
            return za != zb ? za < zb : a.attributes.elementKey < b.attributes.elementKey
        }
    }
}
