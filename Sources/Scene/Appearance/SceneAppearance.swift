import Geometry
import Layout

/// The richer look of a scene, beyond the minimal `cellStyle` (README, "Scene files"):
///
/// ```json
/// "cell": {…CellDesign…}, "cells": {"subtitle": {…CellDesign…}},
/// "headerView": {…ViewSpec…}, "footerView": {…ViewSpec…},
/// "headerViews": {"big": {…ViewSpec…}}, "footerViews": {"note": {…ViewSpec…}},
/// "decorationViews": {"background": {…ViewSpec…}},
/// "backgroundView": {…ViewSpec…},
/// "menu": {"item": [0, 3], "actions": ["cut", "copy", "paste"]},
/// "debug": true
/// ```
///
/// `cell` is the design registered under the reuse identifier `"cell"`, and
/// `cells` registers more under their names, as `register(_:forCellWithReuseIdentifier:)`
/// does; a section or an item picks one with `"cell": "subtitle"`. `headerViews`
/// / `footerViews` do the same for headers and footers (picked with `"view"`).
/// `headerView` / `footerView` are the section headers' and footers' view
/// trees (`{text}` is the section's header or footer text, `{section}` its
/// index); `decorationViews` gives the look of each decoration kind the layout
/// produces; `backgroundView` is the collection view's background view (fills
/// the bounds, does not scroll); `menu` shows the edit menu over a
/// long-pressed item with the actions the delegate allows; `debug` draws the
/// diagnostic overlay (frames, index paths, zIndex, section insets).
public struct SceneAppearance: Equatable, Sendable {
    /// The cells' view tree (`"cell"`), registered under the reuse identifier `"cell"`.
    public var cell: CellDesign?
    /// More cell designs by reuse identifier (`"cells"`); a section or item picks one with `"cell"`.
    public var cells: [String: CellDesign] = [:]
    /// The section headers' view tree (`"headerView"`).
    public var headerView: ViewSpec?
    /// More header designs by reuse identifier (`"headerViews"`); a header picks one with `"view"`.
    public var headerViews: [String: ViewSpec] = [:]
    /// The section footers' view tree (`"footerView"`).
    public var footerView: ViewSpec?
    /// More footer designs by reuse identifier (`"footerViews"`); a footer picks one with `"view"`.
    public var footerViews: [String: ViewSpec] = [:]
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
        a.cells = try r.optional("cells", named(CellDesign.read, "reuse identifiers to cell designs")) ?? [:]
        if a.cells[Scene.defaultCellIdentifier] != nil {
            throw SceneDecodingError(
                path: JSONRead.memberPath(r.path(of: "cells"), Scene.defaultCellIdentifier),
                message: "\"cell\" is the root \"cell\" design's identifier; give this design another name")
        }
        a.headerView = try r.optional("headerView", ViewSpec.read)
        a.headerViews = try r.optional("headerViews", named(ViewSpec.read, "reuse identifiers to views")) ?? [:]
        a.footerView = try r.optional("footerView", ViewSpec.read)
        a.footerViews = try r.optional("footerViews", named(ViewSpec.read, "reuse identifiers to views")) ?? [:]
        a.decorationViews =
            try r.optional("decorationViews", named(ViewSpec.read, "decoration kinds to views")) ?? [:]
        a.backgroundView = try r.optional("backgroundView", ViewSpec.read)
        a.menu = try r.optional("menu", MenuSpec.read)
        a.debug = try r.optional("debug", JSONRead.bool) ?? false
        return a
    }

    /// A reader for an object mapping names to values read with `read` (paths `path.name`).
    static func named<T>(_ read: @escaping (JSONValue, String) throws -> T, _ what: String) -> (JSONValue, String)
        throws -> [String: T]
    {
        { v, path in
            guard case .object(let members) = v else {
                throw JSONRead.fail(path, "must be an object mapping \(what)", got: v)
            }
            var out: [String: T] = [:]
            for (name, value) in members { out[name] = try read(value, JSONRead.memberPath(path, name)) }
            return out
        }
    }

    /// The cell design registered under reuse identifier `identifier`: one of `cells`, else the
    /// `"cell"` design (nil when the scene gives none).
    func cellDesign(for identifier: String) -> CellDesign? {
        cells[identifier] ?? cell
    }

    /// Every image name the appearance can show, with the JSON path that names it
    /// (`cells.photo.contentView.subviews[1].image.name`).
    var imageNames: [(name: String, path: String)] {
        func named(_ prefix: String, _ paths: [(name: String, path: String)]) -> [(name: String, path: String)] {
            paths.map { ($0.name, "\(prefix).\($0.path)") }
        }
        var out: [(name: String, path: String)] = []
        if let cell { out += named("cell", cell.imageNamePaths) }
        if let headerView { out += named("headerView", headerView.imageNamePaths) }
        if let footerView { out += named("footerView", footerView.imageNamePaths) }
        for name in cells.keys.sorted() {
            out += named(JSONRead.memberPath("cells", name), cells[name]!.imageNamePaths)
        }
        for name in headerViews.keys.sorted() {
            out += named(JSONRead.memberPath("headerViews", name), headerViews[name]!.imageNamePaths)
        }
        for name in footerViews.keys.sorted() {
            out += named(JSONRead.memberPath("footerViews", name), footerViews[name]!.imageNamePaths)
        }
        for kind in decorationViews.keys.sorted() {
            out += named(JSONRead.memberPath("decorationViews", kind), decorationViews[kind]!.imageNamePaths)
        }
        if let backgroundView { out += named("backgroundView", backgroundView.imageNamePaths) }
        return out
    }
}
