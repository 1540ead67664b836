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

    /// Builds the cell's views for an item.
    func configure(design: CellDesign?, style: CellStyle, values: TemplateValues, images: SceneImages) {
        let radius = style.cornerRadius ?? 0
        var backgroundSpec = design?.backgroundView
        if let color = style.backgroundColor {
            backgroundSpec = backgroundSpec ?? ViewSpec()
            backgroundSpec!.look.backgroundColor = color
        }
        var selectedSpec = design?.selectedBackgroundView
        if let color = style.selectedBackgroundColor {
            selectedSpec = selectedSpec ?? ViewSpec()
            selectedSpec!.look.backgroundColor = color
        }
        if style.cornerRadius != nil {
            backgroundSpec?.look.cornerRadius = radius
            selectedSpec?.look.cornerRadius = radius
        }
        var contentSpec = design?.contentView ?? SceneCell.defaultContent
        if style.textColor != nil || style.fontSize != nil { contentSpec = SceneCell.restyleLabels(contentSpec, style) }

        background = backgroundSpec.map { BuiltView(spec: $0, values: values, images: images) }
        selectedBackground = selectedSpec.map { BuiltView(spec: $0, values: values, images: images) }
        content = BuiltView(spec: contentSpec, values: values, images: images)
        backgroundView = background?.view
        selectedBackgroundView = selectedBackground?.view
        for v in contentView.subviews { v.removeFromSuperview() }
        contentView.addSubview(content!.view)
        cornerRadius = radius
        borderColor = style.borderColor
        borderWidth = style.borderWidth ?? 0
        delegateHighlighted = false
        refreshLooks()
    }

    /// The default content: a label showing `{text}`, transparent unless a text colour is given.
    static let defaultContent: ViewSpec = {
        var s = ViewSpec()
        var l = LabelSpec()
        l.textColor = .clear
        s.label = l
        return s
    }()

    /// The spec with `textColor` / `fontSize` from the minimal style applied to every label.
    static func restyleLabels(_ spec: ViewSpec, _ style: CellStyle) -> ViewSpec {
        var s = spec
        if s.label != nil {
            if let c = style.textColor { s.label!.textColor = c }
            if let f = style.fontSize { s.label!.fontSize = f }
        }
        s.subviews = s.subviews.map { restyleLabels($0, style) }
        return s
    }

    /// Re-applies the state looks (normal / selected / highlighted) to the built views.
    func refreshLooks() {
        // The collection view itself only shows the selected background (UIKit); the
        // `highlighted` looks are the delegate's doing, as in the seeds' ItemHighlighted.
        for part in [background, selectedBackground, content] {
            part?.applyState(highlighted: delegateHighlighted, selected: isSelected)
        }
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    public override var isSelected: Bool {
        didSet { refreshLooks() }
    }

    public override var isHighlighted: Bool {
        didSet { refreshLooks() }
    }

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
