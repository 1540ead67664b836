import Geometry
import Layout

/// A reusable view that shows an item, with UIKit's cell anatomy (`UICollectionViewCell`).
///
/// Back to front: `backgroundView`, `selectedBackgroundView` (shown only while the cell is
/// selected or highlighted), then `contentView`. `layoutSubviews()` sizes the background views to
/// the cell's bounds and centres the content view on the cell with the cell's size, keeping any
/// transform you give it (the AnimalCell of Xamarin's collection-view walkthrough scales it to
/// 0.8). While the cell is highlighted or selected, the content view's labels and image views
/// are highlighted too (they show `highlightedTextColor`, `highlightedImage`), as in UIKit.
open class CollectionViewCell: CollectionReusableView, ReusableCellView {
    /// Drawn behind everything; nil by default.
    public var backgroundView: View? {
        didSet { rebuild() }
    }
    /// Drawn above the background view while the cell is selected or highlighted; nil by default.
    public var selectedBackgroundView: View? {
        didSet { rebuild() }
    }
    /// Holds the cell's content; add subviews here.
    public let contentView = View()

    /// Whether the cell's item is selected. Set by the collection view.
    open var isSelected: Bool = false {
        didSet { updateStateViews() }
    }

    /// Whether the cell is highlighted (touched down). Set by the collection view.
    open var isHighlighted: Bool = false {
        didSet { updateStateViews() }
    }

    /// Creates a cell with an empty content view.
    public override init() {
        super.init()
        rebuild()
    }

    /// Creates a cell with an empty content view and a frame, as UIKit's `init(frame:)`: a cell
    /// ported from an app that overrides `init(frame:)` keeps its initializer (register it as
    /// `{ AnimalCell(frame: .zero) }`; the collection view replaces the frame with its item's).
    public override init(frame: Rect) {
        super.init(frame: frame)
        rebuild()
    }

    private func rebuild() {
        for v in subviews { v.removeFromSuperview() }
        if let backgroundView { addSubview(backgroundView) }
        if let selectedBackgroundView { addSubview(selectedBackgroundView) }
        addSubview(contentView)
        updateStateViews()
    }

    private func updateStateViews() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
        // UIKit's cell passes its highlighted look to the labels and image views of its content
        // while it is highlighted or selected (UIKitBehaviour.md §6).
        contentView.setHighlighted(isHighlighted || isSelected)
    }

    /// Resets the selected and highlighted state; the collection view sets them again for the new
    /// item. Subclasses overriding it should call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    /// Sizes the background views and the content view to the cell's bounds; subclasses
    /// overriding it should call `super` first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        selectedBackgroundView?.frame = b
        contentView.center = b.center
        contentView.bounds = Rect(origin: .zero, size: b.size)
    }
}
