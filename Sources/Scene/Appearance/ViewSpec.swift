import Geometry
import Raster
import Rendering

/// A view in a scene file: what a UIKit user would build in code or a nib.
///
/// ```json
/// {"frame": {"x": 8, "y": 8, "width": 44, "height": 20},   // or "insets": 6 / {"top": …}
///  "backgroundColor": "#FFFFFF", "borderColor": "#C7C7CC", "borderWidth": 2,
///  "cornerRadius": 8, "clipsToBounds": false, "alpha": 1, "hidden": false,
///  "transform": {"scale": 0.8},
///  "label": {…} | "image": {…},
///  "subviews": [ … ],
///  "highlighted": {"backgroundColor": "#FFFF00"}, "selected": {…}}
/// ```
///
/// Without `frame` a view fills its parent, shrunk by `insets` if given, and
/// is laid out again whenever the parent's size changes (as autoresizing
/// does). A view with `label` is a `Label`, one with `image` an `ImageView`.
/// `highlighted` / `selected` hold the looks the view takes while its cell is
/// highlighted or selected (highlight wins), as the seeds' ItemHighlighted
/// handler turns the content view yellow.
public struct ViewSpec: Equatable, Sendable {
    /// The view's frame in its parent; nil fills the parent (shrunk by `insets`).
    public var frame: Rect?
    /// Insets from the parent's bounds when there is no `frame`.
    public var insets: EdgeInsets?
    /// Colours, border, radius and alpha in the normal state.
    public var look = ViewLook()
    /// Whether subviews are clipped to the (rounded) bounds.
    public var clipsToBounds = false
    /// Whether the view is hidden.
    public var hidden = false
    /// The view's transform about its centre; nil for identity.
    public var transform: TransformSpec?
    /// The text the view shows (it is a `Label`), if any.
    public var label: LabelSpec?
    /// The image the view shows (it is an `ImageView`), if any.
    public var image: ImageSpec?
    /// The child views, back to front.
    public var subviews: [ViewSpec] = []
    /// The look while the cell is highlighted (reported by the delegate).
    public var highlighted: ViewLook?
    /// The look while the cell is selected.
    public var selected: ViewLook?

    /// An empty view that fills its parent.
    public init() {}

    /// A plain view of one colour that fills its parent.
    public init(backgroundColor: Color?, cornerRadius: Double = 0) {
        look.backgroundColor = backgroundColor
        look.cornerRadius = cornerRadius
    }

    /// Reads a view object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value, an unknown key, or both `label` and `image`.
    public static func read(_ v: JSONValue, _ path: String) throws -> ViewSpec {
        var r = try JSONObjectReader(v, path: path)
        var s = ViewSpec()
        s.frame = try r.optional("frame", ViewSpec.readRect)
        if let raw = r.value("insets") {
            switch raw {
            case .number: s.insets = EdgeInsets(all: try JSONRead.number(raw, r.path(of: "insets")))
            case .object: s.insets = try JSONRead.insets(raw, r.path(of: "insets"))
            default:
                throw JSONRead.fail(
                    r.path(of: "insets"), "must be a number or an object {\"top\", \"left\", \"bottom\", \"right\"}",
                    got: raw)
            }
        }
        if s.frame != nil && s.insets != nil {
            throw SceneDecodingError(path: r.path, message: "give either \"frame\" or \"insets\", not both")
        }
        s.look = try ViewLook.read(from: &r)
        s.clipsToBounds = try r.optional("clipsToBounds", JSONRead.bool) ?? false
        s.hidden = try r.optional("hidden", JSONRead.bool) ?? false
        s.transform = try r.optional("transform", TransformSpec.read)
        s.label = try r.optional("label", LabelSpec.read)
        s.image = try r.optional("image", ImageSpec.read)
        if s.label != nil && s.image != nil {
            throw SceneDecodingError(path: r.path, message: "a view shows either a \"label\" or an \"image\", not both")
        }
        s.subviews = try r.optional("subviews", JSONRead.array(ViewSpec.read)) ?? []
        s.highlighted = try r.optional("highlighted", ViewLook.readObject)
        s.selected = try r.optional("selected", ViewLook.readObject)
        try r.finish()
        return s
    }

    /// `{"x", "y", "width", "height"}` with a non-negative size.
    static func readRect(_ v: JSONValue, _ path: String) throws -> Rect {
        var r = try JSONObjectReader(v, path: path, keys: ["x", "y", "width", "height"])
        let rect = Rect(
            x: try r.required("x", JSONRead.number), y: try r.required("y", JSONRead.number),
            width: try r.required("width", JSONRead.nonNegativeNumber),
            height: try r.required("height", JSONRead.nonNegativeNumber))
        try r.finish()
        return rect
    }

    /// Every image name this tree can show (templates unfilled), in document order.
    var imageNames: [String] { imageNamePaths.map(\.name) }

    /// `imageNames`, each with the JSON path that gives it, relative to this view's
    /// (`image.name`, `subviews[1].image.name`).
    var imageNamePaths: [(name: String, path: String)] {
        strings { $0.image.map { ($0.name, "image.name") } }
    }

    /// The text of every label in this tree (templates unfilled), each with the JSON path that
    /// gives it, relative to this view's (`label.text`, `subviews[0].label.text`), in document
    /// order.
    var labelTextPaths: [(name: String, path: String)] {
        strings { $0.label.map { ($0.text, "label.text") } }
    }

    /// The string `own` picks from each view of this tree that has one, with its JSON path
    /// relative to this view's, in document order.
    private func strings(_ own: (ViewSpec) -> (String, String)?) -> [(name: String, path: String)] {
        let mine = own(self).map { [$0] } ?? []
        return mine
            + subviews.enumerated().flatMap { i, subview in
                subview.strings(own).map { ($0.name, "subviews[\(i)].\($0.path)") }
            }
    }

    /// Whether an image name or a label's text in this tree contains `placeholder` (`"{image}"`).
    func uses(_ placeholder: String) -> Bool {
        image?.name.contains(placeholder) == true || label?.text.contains(placeholder) == true
            || subviews.contains { $0.uses(placeholder) }
    }

    /// This tree with the text colour and size of every label resolved: the item's style first,
    /// then what the label itself gives, then the scene-wide cell style (a label that none of
    /// them sets draws black at 17 points).
    ///
    /// - Complexity: O(views in the tree).
    func resolvingLabels(item: CellStyle?, scene: CellStyle) -> ViewSpec {
        var s = self
        if var label = s.label {
            label.textColor = item?.textColor ?? label.textColor ?? scene.textColor
            label.fontSize = item?.fontSize ?? label.fontSize ?? scene.fontSize
            s.label = label
        }
        s.subviews = s.subviews.map { $0.resolvingLabels(item: item, scene: scene) }
        return s
    }
}
