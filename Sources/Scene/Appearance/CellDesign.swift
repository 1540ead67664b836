/// The view tree of a scene's cells, by UIKit's anatomy:
///
/// ```json
/// "cell": {"backgroundView": {"backgroundColor": "#FF8000"},
///          "selectedBackgroundView": {"backgroundColor": "#00FF00"},
///          "contentView": {"backgroundColor": "#FFFFFF", "borderColor": "#AAAAAA", "borderWidth": 2,
///                          "transform": {"scale": 0.8},
///                          "subviews": [{"image": {"name": "{image}"}, "transform": {"scale": 0.7}}],
///                          "highlighted": {"backgroundColor": "#FFFF00"}},
///          "highlighted": {"transform": {"scale": 1.1}, "duration": 0.15}}
/// ```
///
/// Each part is a `ViewSpec`. The background views always fill the cell
/// (UIKit sizes them); the content view fills it unless it has a frame or
/// insets. Without a `contentView`, the content is a label showing `{text}`.
public struct CellDesign: Equatable, Sendable {
    /// The background view, behind everything; fills the cell.
    public var backgroundView: ViewSpec?
    /// The selected-background view, shown while selected or highlighted; fills the cell.
    public var selectedBackgroundView: ViewSpec?
    /// The content view's tree; nil shows a label with `{text}`.
    public var contentView: ViewSpec?
    /// The cell's own transform while it is highlighted (`"highlighted": {"transform": …}`),
    /// applied about its centre before the layout attributes' transform: the seeds' pressed cell
    /// "scaled to be a bit larger". Nil: none.
    public var highlightedTransform: TransformSpec?
    /// The cell's own transform while it is selected (and not highlighted); nil: none.
    public var selectedTransform: TransformSpec?
    /// How long, in seconds, the cell takes to turn into its highlighted transform and back out
    /// of it in an animation (`"highlighted": {"duration": …}`), eased in and out as
    /// `UIView.animate(withDuration:animations:)` in the delegate's `didHighlightItemAt` and
    /// `didUnhighlightItemAt` animates it; 0 (the default): at once.
    public var highlightedDuration = 0.0
    /// How long the cell takes to turn into its selected transform and back out of it; 0: at once.
    public var selectedDuration = 0.0
    /// The longest state transition, in seconds.
    public static let maximumStateDuration = 10.0

    /// A design with nothing given.
    public init() {}

    /// Reads a cell design object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> CellDesign {
        var r = try JSONObjectReader(v, path: path)
        var d = CellDesign()
        d.backgroundView = try r.optional("backgroundView", ViewSpec.read)
        d.selectedBackgroundView = try r.optional("selectedBackgroundView", ViewSpec.read)
        d.contentView = try r.optional("contentView", ViewSpec.read)
        if let (transform, duration) = try r.optional("highlighted", CellDesign.readStateLook) {
            (d.highlightedTransform, d.highlightedDuration) = (transform, duration)
        }
        if let (transform, duration) = try r.optional("selected", CellDesign.readStateLook) {
            (d.selectedTransform, d.selectedDuration) = (transform, duration)
        }
        try r.finish()
        return d
    }

    /// Reads a cell state object, `{"transform": …, "duration": …}`: the cell's own look in a
    /// state and how long it takes to turn into it. (Colours and borders in a state belong to the
    /// views, `contentView.highlighted` and the like, and change at once, as UIKit's do.)
    static func readStateLook(_ v: JSONValue, _ path: String) throws -> (TransformSpec, Double) {
        var r = try JSONObjectReader(v, path: path)
        let transform = try r.optional("transform", TransformSpec.read)
        let duration = try r.optional("duration", JSONRead.nonNegativeNumber) ?? 0
        if let error = r.unknownKey(among: ["transform", "duration"]) {
            throw SceneDecodingError(
                path: error.path,
                message: error.message
                    + "; a cell's state takes only \"transform\" and \"duration\" (colours and borders in a state go on its views, as contentView.highlighted)"
            )
        }
        guard let transform else { throw SceneDecodingError(path: path, message: "missing key \"transform\"") }
        if duration > maximumStateDuration {
            throw SceneDecodingError(
                path: r.path(of: "duration"),
                message: "must be at most \(Int(maximumStateDuration)) seconds, got \(Scene.format(duration))")
        }
        return (transform, duration)
    }

    /// Every image name the design can show.
    var imageNames: [String] { imageNamePaths.map(\.name) }

    /// `imageNames`, each with the JSON path that gives it, relative to the design's
    /// (`contentView.subviews[0].image.name`).
    var imageNamePaths: [(name: String, path: String)] {
        views.flatMap { key, view in (view?.imageNamePaths ?? []).map { ($0.name, "\(key).\($0.path)") } }
    }

    /// The text of every label the design shows (templates unfilled), each with the JSON path
    /// that gives it, relative to the design's (`contentView.subviews[0].label.text`); a design
    /// without a `contentView` shows the default one, a label of the element's text, whose path
    /// is `contentView`.
    var labelTextPaths: [(name: String, path: String)] {
        views.flatMap { key, view in
            guard let view else { return key == "contentView" ? [(LabelSpec().text, key)] : [] }
            return view.labelTextPaths.map { ($0.name, "\(key).\($0.path)") }
        }
    }

    /// The design's three views by key.
    private var views: [(key: String, view: ViewSpec?)] {
        [
            ("backgroundView", backgroundView), ("selectedBackgroundView", selectedBackgroundView),
            ("contentView", contentView),
        ]
    }

    /// Whether an image name or a label's text in the design contains `placeholder`.
    func uses(_ placeholder: String) -> Bool {
        [backgroundView, selectedBackgroundView, contentView].contains { $0?.uses(placeholder) == true }
    }
}
