import Geometry
import Layout
import Raster

/// A drawable cell with UIKit's anatomy (`UICollectionViewCell`).
///
/// Back to front: `backgroundView`, `selectedBackgroundView` (shown only
/// while the cell is selected or highlighted), then `contentView`. The
/// collection view sizes the background views to the cell's bounds; the
/// content view is centred on the cell with the cell's size, keeping any
/// transform you give it (the seeds' AnimalCell scales it to 0.8).
/// Highlighting also sets `isHighlighted` on the content view's labels and
/// image views, as UIKit does.
open class CollectionViewCell: ReusableCell, ViewHosting {
    /// The root view drawn for this cell.
    public let hostView = View()
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

    /// Creates a cell with an empty content view.
    public override init() {
        super.init()
        rebuild()
    }

    /// The cell's size and origin (0, 0), from the layout attributes.
    public var bounds: Rect { hostView.bounds }

    /// The background colour of the cell's root view (behind the background view).
    public var backgroundColor: Color? {
        get { hostView.backgroundColor }
        set { hostView.backgroundColor = newValue }
    }

    open override var isSelected: Bool {
        didSet { updateStateViews() }
    }

    open override var isHighlighted: Bool {
        didSet { updateStateViews() }
    }

    private func rebuild() {
        for v in hostView.subviews { v.removeFromSuperview() }
        if let backgroundView { hostView.addSubview(backgroundView) }
        if let selectedBackgroundView { hostView.addSubview(selectedBackgroundView) }
        hostView.addSubview(contentView)
        updateStateViews()
    }

    private func updateStateViews() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
        contentView.setHighlighted(isHighlighted)
    }

    /// Copies the standard attributes to the root view; subclasses overriding it should call `super`.
    open override func apply(_ layoutAttributes: LayoutAttributes) {
        super.apply(layoutAttributes)
        applyStandardAttributes(layoutAttributes)
    }

    /// Sizes the background views and the content view to the cell's bounds;
    /// subclasses overriding it should call `super` first.
    open func layoutSubviews() {
        let b = hostView.bounds
        backgroundView?.frame = b
        selectedBackgroundView?.frame = b
        contentView.center = b.center
        contentView.bounds = Rect(origin: .zero, size: b.size)
    }
}
