/// A view a collection view shows for one element and recycles through its reuse queue
/// (UIKit's `UICollectionReusableView`).
///
/// The Layout module knows no pixels: this class only carries what the collection view manages
/// (reuse identifier, the attributes last applied). Drawing modules subclass it (or
/// `ReusableCell`) and register a factory closure that creates their subclass.
open class ReusableView {
    /// The identifier this view was dequeued with; nil for a view not created by a dequeue call.
    public internal(set) var reuseIdentifier: String?
    /// The attributes last applied by the collection view; nil before the view is first shown.
    public internal(set) var layoutAttributes: LayoutAttributes?

    /// Creates a view with no reuse identifier.
    public init() {}

    /// Called just before a recycled view is returned from a dequeue call; resets per-item state.
    ///
    /// The default implementation does nothing. Subclasses overriding it should call `super`.
    open func prepareForReuse() {}

    /// Applies layout attributes to the view.
    ///
    /// The collection view stores the attributes in `layoutAttributes` itself (UIKit applies the
    /// standard attributes itself too); override this to react to custom attributes. The default
    /// implementation does nothing.
    open func apply(_ layoutAttributes: LayoutAttributes) {}
}

/// A reusable view that shows an item and has selected and highlighted states: the pixel-free
/// part of UIKit's `UICollectionViewCell` (the Rendering module's drawable `CollectionViewCell`
/// subclasses it).
///
/// The collection view sets `isSelected` and `isHighlighted` as the selection state machine runs;
/// a drawing subclass shows its selected-background view when either is true (reference §6).
open class ReusableCell: ReusableView {
    /// Whether the cell's item is selected. Set by the collection view.
    open var isSelected: Bool = false
    /// Whether the cell is highlighted (touched down). Set by the collection view.
    open var isHighlighted: Bool = false

    /// Creates an unselected, unhighlighted cell.
    public override init() { super.init() }

    /// Resets the selected and highlighted state; the collection view sets them again for the new item.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }
}
