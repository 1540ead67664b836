import Geometry
import Layout
import Raster
import Rendering

/// The cell a scene's items are drawn with: UIKit's anatomy built from the
/// scene's `cell` design and the item's minimal style.
///
/// The minimal style keys (README.md, "Scene files") map onto the anatomy: `backgroundColor`
/// is the background view, `selectedBackgroundColor` the selected-background
/// view (shown while selected or highlighted), `borderColor` / `borderWidth` /
/// `cornerRadius` belong to the cell's own layer (the border draws above
/// everything and the background views follow the radius), and the text is a
/// one-line label centred in the content view in `textColor` at `fontSize`
/// (17 by default). Absent colours are transparent, absent widths and radii
/// 0. A `cell` design replaces the default views; minimal keys that are given
/// still apply on top of it (background colours, border, radius, and the text
/// colour and size of its labels).
public final class SceneCell: CollectionViewCell {
    private var background: BuiltView?
    private var selectedBackground: BuiltView?
    private var content: BuiltView?
    /// Whether the delegate reported this cell's item highlighted (the seeds' ItemHighlighted).
    var delegateHighlighted = false
    /// The design's cell transforms while highlighted and while selected.
    private var stateTransforms: (highlighted: TransformSpec?, selected: TransformSpec?) = (nil, nil)
    /// The cell's own transform in one animation frame, in place of its state's while that
    /// turns in or out (`AnimationFrame.Element.cellTransform`); nil: its state's.
    var transitionalTransform: Transform3D? {
        didSet { if transitionalTransform != oldValue { applyStateTransform() } }
    }

    /// Builds the cell's views for an item.
    ///
    /// Every key is resolved in one order, most specific first: the item's `style`, then what
    /// the cell design gives explicitly, then the scene-wide `cellStyle`. The cell's own layer
    /// (border, corner radius) has no design keys, so there the item's style beats the scene's.
    func configure(
        design: CellDesign?, sceneStyle: CellStyle, itemStyle: CellStyle?, values: TemplateValues,
        images: SceneImages
    ) {
        let item = itemStyle ?? CellStyle()
        let radius = item.cornerRadius ?? sceneStyle.cornerRadius
        /// A background view's spec: the design's, with the resolved colour and radius.
        func resolved(_ designed: ViewSpec?, _ color: (CellStyle) -> Color?) -> ViewSpec? {
            var spec = designed
            if let c = color(item) ?? designed?.look.backgroundColor ?? color(sceneStyle) {
                spec = spec ?? ViewSpec()
                spec!.look.backgroundColor = c
            }
            if let r = item.cornerRadius ?? designed?.look.cornerRadius ?? sceneStyle.cornerRadius {
                spec?.look.cornerRadius = r
            }
            return spec
        }
        let backgroundSpec = resolved(design?.backgroundView) { $0.backgroundColor }
        let selectedSpec = resolved(design?.selectedBackgroundView) { $0.selectedBackgroundColor }
        let contentSpec = (design?.contentView ?? SceneCell.defaultContent)
            .resolvingLabels(item: itemStyle, scene: sceneStyle)

        background = backgroundSpec.map { BuiltView(spec: $0, values: values, images: images) }
        selectedBackground = selectedSpec.map { BuiltView(spec: $0, values: values, images: images) }
        content = BuiltView(spec: contentSpec, values: values, images: images)
        backgroundView = background?.view
        selectedBackgroundView = selectedBackground?.view
        for v in contentView.subviews { v.removeFromSuperview() }
        contentView.addSubview(content!.view)
        cornerRadius = radius ?? 0
        borderColor = item.borderColor ?? sceneStyle.borderColor
        borderWidth = item.borderWidth ?? sceneStyle.borderWidth ?? 0
        stateTransforms = (design?.highlightedTransform, design?.selectedTransform)
        delegateHighlighted = false
        refreshLooks()
    }

    /// The default content: a label showing `{text}` in the cell style's text colour and size
    /// (black at 17 points when the style gives none, as a UILabel).
    static let defaultContent: ViewSpec = {
        var s = ViewSpec()
        s.label = LabelSpec()
        return s
    }()

    /// Re-applies the state looks (normal / selected / highlighted) to the built views.
    func refreshLooks() {
        // The collection view itself only shows the selected background (UIKit); the
        // `highlighted` looks are the delegate's doing, as in the seeds' ItemHighlighted.
        for part in [background, selectedBackground, content] {
            part?.applyState(highlighted: delegateHighlighted, selected: isSelected)
        }
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
        applyStateTransform()
    }

    /// The cell's transform: the layout attributes', after the design's transform for the
    /// cell's state (highlighted, else selected) when it gives one.
    private func applyStateTransform() {
        let placed = layoutAttributes?.transform3D ?? .identity
        let state =
            transitionalTransform
            ?? ((delegateHighlighted ? stateTransforms.highlighted : nil)
            ?? (isSelected ? stateTransforms.selected : nil))?.transform3D
        transform3D = state.map { $0.concatenating(placed) } ?? placed
    }

    /// Applies the design's state transform on top of the attributes' (already applied).
    public override func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {
        if stateTransforms.highlighted != nil || stateTransforms.selected != nil || transitionalTransform != nil {
            applyStateTransform()
        }
    }

    /// The selection state; setting it shows or hides the selected background and applies the
    /// design's selected look and transform.
    public override var isSelected: Bool {
        didSet { refreshLooks() }
    }

    /// The highlight state; the selected background shows while it is set, as in UIKit. (The
    /// design's highlighted look and transform follow the delegate's highlight, as the seeds'
    /// ItemHighlighted sets them, not this property.)
    public override var isHighlighted: Bool {
        didSet { refreshLooks() }
    }

    /// Sizes the background, the selected background and the built content to the cell.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        background?.layout(inParentOf: size)
        selectedBackground?.layout(inParentOf: size)
        // The built content tree sits in the (plain, cell-sized) content view and carries
        // the design's frame, look and transform.
        content?.layout(inParentOf: size)
    }
}
