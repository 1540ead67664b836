import Geometry
import Layout

/// The richer look of a scene, beyond the contract's minimal `cellStyle`:
///
/// ```json
/// "cell": {…CellDesign…},
/// "headerView": {…ViewSpec…}, "footerView": {…ViewSpec…},
/// "decorationViews": {"background": {…ViewSpec…}},
/// "backgroundView": {…ViewSpec…},
/// "menu": {"item": [0, 3], "actions": ["cut", "copy", "paste"]},
/// "debug": true
/// ```
///
/// `headerView` / `footerView` are the section headers' and footers' view
/// trees (`{text}` is the section's header or footer text, `{section}` its
/// index); `decorationViews` gives the look of each decoration kind the layout
/// produces; `backgroundView` is the collection view's background view (fills
/// the bounds, does not scroll); `menu` shows the edit menu over a
/// long-pressed item with the actions the delegate allows; `debug` draws the
/// diagnostic overlay (frames, index paths, zIndex, section insets).
public struct SceneAppearance: Equatable, Sendable {
    /// The cells' view tree (`"cell"`).
    public var cell: CellDesign?
    /// The section headers' view tree (`"headerView"`).
    public var headerView: ViewSpec?
    /// The section footers' view tree (`"footerView"`).
    public var footerView: ViewSpec?
    /// The look of each decoration kind (`"decorationViews"`).
    public var decorationViews: [String: ViewSpec] = [:]
    /// The collection view's background view (`"backgroundView"`).
    public var backgroundView: ViewSpec?
    /// The edit menu to show (`"menu"`).
    public var menu: MenuSpec?
    /// Whether the debug overlay is drawn (`"debug"`).
    public var debug = false

    /// Nothing beyond the minimal style.
    public init() {}

    /// Reads the appearance keys of the scene's root object (the rest stays for the caller).
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key inside these keys.
    static func read(from r: inout JSONObjectReader) throws -> SceneAppearance {
        var a = SceneAppearance()
        a.cell = try r.optional("cell", CellDesign.read)
        a.headerView = try r.optional("headerView", ViewSpec.read)
        a.footerView = try r.optional("footerView", ViewSpec.read)
        if let raw = r.value("decorationViews") {
            let path = r.path(of: "decorationViews")
            guard case .object(let members) = raw else {
                throw SceneDecodingError(path: path, message: "must be an object mapping decoration kinds to views")
            }
            for (kind, value) in members { a.decorationViews[kind] = try ViewSpec.read(value, "\(path).\(kind)") }
        }
        a.backgroundView = try r.optional("backgroundView", ViewSpec.read)
        a.menu = try r.optional("menu", MenuSpec.read)
        a.debug = try r.optional("debug", JSONRead.bool) ?? false
        return a
    }

    /// Every image name the appearance can show, with the JSON path that names it.
    var imageNames: [(name: String, path: String)] {
        var out: [(String, String)] = []
        if let cell { out += cell.imageNames.map { ($0, "cell") } }
        if let headerView { out += headerView.imageNames.map { ($0, "headerView") } }
        if let footerView { out += footerView.imageNames.map { ($0, "footerView") } }
        for kind in decorationViews.keys.sorted() {
            out += decorationViews[kind]!.imageNames.map { ($0, "decorationViews.\(kind)") }
        }
        if let backgroundView { out += backgroundView.imageNames.map { ($0, "backgroundView") } }
        return out
    }
}
