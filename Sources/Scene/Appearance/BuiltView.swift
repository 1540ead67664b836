import Geometry
import Raster
import Rendering

/// A view made from a `ViewSpec`, kept with its spec so it can be laid out
/// for its parent's size and restyled when the cell's state changes.
public final class BuiltView {
    /// The view drawn.
    public let view: View
    let spec: ViewSpec
    let children: [BuiltView]
    let baseTextColor: Color?

    /// Builds the view tree of `spec` with placeholders filled from `values`
    /// and images from `images` (names already resolved by `SceneAssets`).
    init(spec: ViewSpec, values: TemplateValues, images: SceneImages) {
        self.spec = spec
        let view: View
        if let l = spec.label {
            let label = Label()
            l.apply(to: label, values: values)
            view = label
            baseTextColor = l.effectiveTextColor
        } else if let i = spec.image {
            let imageView = ImageView()
            imageView.image = images.image(named: values.fill(i.name))
            imageView.imageScale = i.scale
            imageView.contentMode = i.contentMode
            view = imageView
            baseTextColor = nil
        } else {
            view = View()
            baseTextColor = nil
        }
        view.clipsToBounds = spec.clipsToBounds
        view.isHidden = spec.hidden
        self.view = view
        children = spec.subviews.map { BuiltView(spec: $0, values: values, images: images) }
        for c in children { view.addSubview(c.view) }
        applyState(highlighted: false, selected: false)
    }

    /// Places the view in a parent of `size` (its frame, its insets, or filling it), then its subviews.
    func layout(inParentOf size: Size) {
        let parent = Rect(origin: .zero, size: size)
        let frame = spec.frame ?? spec.insets.map { parent.inset(by: $0) } ?? parent
        view.center = frame.center
        view.bounds = Rect(origin: .zero, size: Size(width: max(0, frame.width), height: max(0, frame.height)))
        for c in children { c.layout(inParentOf: view.bounds.size) }
    }

    /// Applies the look for the cell's state: highlighted, else selected, else normal.
    func applyState(highlighted: Bool, selected: Bool) {
        var look = spec.look
        if selected, let s = spec.selected { look = s.over(look) }
        if highlighted, let h = spec.highlighted { look = h.over(look) }
        view.backgroundColor = look.backgroundColor
        view.borderColor = look.borderColor
        view.borderWidth = look.borderWidth ?? 0
        view.cornerRadius = look.cornerRadius ?? 0
        view.alpha = look.alpha ?? 1
        view.transform3D = (look.transform ?? spec.transform)?.transform3D ?? .identity
        if let label = view as? Label, let color = look.textColor ?? baseTextColor { label.textColor = color }
        for c in children { c.applyState(highlighted: highlighted, selected: selected) }
    }
}
