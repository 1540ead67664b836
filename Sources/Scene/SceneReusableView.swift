import Geometry
import Layout
import Raster
import Rendering

/// A header, footer or decoration view of a scene, built from a `ViewSpec`
/// (or, for headers and footers without one, from the section's minimal style
/// and text).
public final class SceneReusableView: CollectionReusableView {
    private var built: BuiltView?

    /// Builds the view tree.
    func configure(spec: ViewSpec, values: TemplateValues, images: SceneImages) {
        for v in subviews { v.removeFromSuperview() }
        let b = BuiltView(spec: spec, values: values, images: images)
        built = b
        // The root spec styles this view itself; its subviews become ours.
        backgroundColor = b.view.backgroundColor
        borderColor = b.view.borderColor
        borderWidth = b.view.borderWidth
        cornerRadius = b.view.cornerRadius
        clipsToBounds = b.view.clipsToBounds
        addSubview(b.view)
        b.view.backgroundColor = nil
        b.view.borderColor = nil
        b.view.borderWidth = 0
    }

    /// Sizes the built content to the view.
    public override func layoutSubviews() {
        super.layoutSubviews()
        built?.layout(inParentOf: bounds.size)
    }
}
