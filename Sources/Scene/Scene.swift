import Geometry
import Layout
import Raster
import Rendering
import Support

/// A decoded, validated scene file: canvas, layout, sections of items, scroll position,
/// selection and styling (README.md, "Scene files").
///
/// Load it with `Scene.load(path:)` or `Scene(json:)`, then `makeCollectionView()` gives the
/// configured `CollectionView` that both the `layout` command and the renderer use.
///
/// Limits, checked while decoding and before anything is built: canvas width and height > 0
/// points and at most 16384 pixels each (× scale), scale in (0, 4], at most 1,000,000 items in
/// total and 100,000 sections, sizes finite and non-negative, selected and highlighted items must exist.
public struct Scene: Equatable, Sendable {
    /// The most items a scene may hold.
    public static let maximumItemCount = 1_000_000
    /// The most sections a scene may hold: a section costs the layouts some 660 bytes and its own
    /// work even without items, so 22 million empty sections took 16 GB and two minutes.
    public static let maximumSectionCount = 100_000
    /// The header / footer length used when a section has a header (footer) object without a
    /// size and the layout's own reference size is zero: 40 points.
    public static let defaultSupplementaryLength = 40.0

    /// The collection view's bounds and the screen scale.
    public var canvas: SceneCanvas
    /// The layout and its parameters; `flow` with UIKit's defaults if the scene has none.
    public var layout: SceneLayout
    /// The scroll position the scene gives (`"contentOffset"`), or nil: the view rests at the
    /// top-left of its scroll range, (−left, −top) of the collection view's
    /// `adjustedContentInset` once laid out.
    public var givenContentOffset: Point?
    /// The scroll position: the one given, else the top-left of the scroll range of
    /// `contentInset` alone, (−left, −top): (0, 0) without an inset. A safe area the collection
    /// view adds to its insets moves that start further (see `givenContentOffset`). Setting it
    /// gives it.
    public var contentOffset: Point {
        get { givenContentOffset ?? Point(x: -contentInset.left, y: -contentInset.top) }
        set { givenContentOffset = newValue }
    }
    /// The collection view's `contentInset` (`"contentInset"`); zero by default.
    public var contentInset = EdgeInsets.zero
    /// The collection view's `safeAreaInsets` (`"safeAreaInsets"`); zero by default.
    public var safeAreaInsets = EdgeInsets.zero
    /// Whether `safeAreaInsets` are the device's (`"safeAreaInsets": "device"`): those of
    /// `deviceVariant` as held, changing as a `rotate` step turns it; zero on a plain canvas.
    public var safeAreaFollowsDevice = false
    /// The device screen the scene is shown on: its `"device"`, or the one `shown(on:)` puts it
    /// on; nil for a canvas of its own.
    public var deviceVariant: SceneDeviceVariant?
    /// How the safe area is added to the content inset (`"contentInsetAdjustmentBehavior"`,
    /// UIScrollView's); `.automatic` by default, as in UIKit.
    public var contentInsetAdjustmentBehavior = CollectionView.ContentInsetAdjustmentBehavior.automatic
    /// UIScrollView's `alwaysBounceVertical` (`"alwaysBounceVertical"`); false by default.
    public var alwaysBounceVertical = false
    /// UIScrollView's `alwaysBounceHorizontal` (`"alwaysBounceHorizontal"`); false by default.
    public var alwaysBounceHorizontal = false
    /// The sections, in order: their items (or item count), header and footer.
    public var sections: [SceneSection]
    /// The selected items.
    public var selected: [IndexPath]
    /// The highlighted (pressed) items.
    public var highlighted: [IndexPath]
    /// Whether a touch may highlight and select items (`"allowsSelection"`, UIKit's
    /// `allowsSelection`); true by default.
    public var allowsSelection = true
    /// Whether several items may be selected at once (`"allowsMultipleSelection"`); nil: when
    /// `selected` lists more than one item. See `selectsMultipleItems`.
    public var allowsMultipleSelection: Bool?
    /// The scene-wide cell style.
    public var cellStyle: CellStyle
    /// The richer look: cell design, header / footer / decoration views, menu, debug overlay.
    public var appearance = SceneAppearance()
    /// What happens over time (`"animation"`); nil for a still scene.
    public var animation: SceneAnimation?
    /// The folder of the scene file, where image names are looked up first; nil for scenes not read from a file.
    public var baseFolder: String?

    /// Creates a scene from its parts (unchecked; decoding validates).
    public init(
        canvas: SceneCanvas, layout: SceneLayout = .flow(.init()), contentOffset: Point? = nil,
        sections: [SceneSection] = [], selected: [IndexPath] = [], highlighted: [IndexPath] = [],
        cellStyle: CellStyle = CellStyle()
    ) {
        self.canvas = canvas
        self.layout = layout
        self.givenContentOffset = contentOffset
        self.sections = sections
        self.selected = selected
        self.highlighted = highlighted
        self.cellStyle = cellStyle
    }

    /// Decodes a scene from JSON text.
    ///
    /// - Throws: `SceneDecodingError`.
    public init(json: String) throws { try self.init(jsonBytes: Array(json.utf8)) }

    /// Decodes a scene from UTF-8 JSON bytes.
    ///
    /// - Throws: `SceneDecodingError` with the JSON path and the rule broken.
    /// - Complexity: O(n) in the document size.
    public init(jsonBytes: [UInt8]) throws {
        let root = try JSONParser.parse(jsonBytes)
        var r = try JSONObjectReader(root, path: JSONRead.rootPath)
        _ = try r.optional("$schema", JSONRead.string)
        let device = try r.optional("device", SceneDevice.read)
        deviceVariant = device
        if let device, !r.contains("canvas") {
            let size = device.screenSize
            canvas = SceneCanvas(width: size.width, height: size.height, scale: device.device.scale, background: .white)
        } else {
            canvas = try r.required("canvas", { v, path in try SceneCanvas.read(v, path, device: device) })
        }
        layout = try r.optional("layout", SceneLayout.read) ?? .flow(.init())
        contentInset = try r.optional("contentInset", JSONRead.insets) ?? .zero
        givenContentOffset = try r.optional("contentOffset", JSONRead.point)
        // Given: insets, or nil for the device's.
        if let given = try r.optional("safeAreaInsets", Scene.readSafeAreaInsets) {
            safeAreaFollowsDevice = given == nil
            safeAreaInsets = given ?? device?.safeAreaInsets ?? .zero
        }
        let behaviours = CollectionView.ContentInsetAdjustmentBehavior.allCases.map(\.rawValue)
        let behaviour = try r.optional("contentInsetAdjustmentBehavior", JSONRead.oneOf(behaviours))
        contentInsetAdjustmentBehavior =
            behaviour.flatMap(CollectionView.ContentInsetAdjustmentBehavior.init) ?? .automatic
        alwaysBounceVertical = try r.optional("alwaysBounceVertical", JSONRead.bool) ?? false
        alwaysBounceHorizontal = try r.optional("alwaysBounceHorizontal", JSONRead.bool) ?? false
        cellStyle = try r.optional("cellStyle", CellStyle.read) ?? CellStyle()
        sections = try r.optional("sections", Scene.readSections) ?? []
        let counts = sections.map(\.itemCount)
        func existing(_ v: JSONValue, _ path: String) throws -> IndexPath {
            let p = try JSONRead.indexPath(v, path)
            guard p.section < counts.count else {
                throw SceneDecodingError(
                    path: path,
                    message: "no item \(p): the scene has \(counted(counts.count, "section"))")
            }
            guard p.item < counts[p.section] else {
                throw SceneDecodingError(
                    path: path,
                    message:
                        "no item \(p): section \(p.section) has \(counted(counts[p.section], "item"))"
                )
            }
            return p
        }
        selected = try r.optional("selected", JSONRead.array(existing)) ?? []
        highlighted = try r.optional("highlighted", JSONRead.array(existing)) ?? []
        allowsSelection = try r.optional("allowsSelection", JSONRead.bool) ?? true
        allowsMultipleSelection = try r.optional("allowsMultipleSelection", JSONRead.bool)
        try checkSelection(selectedPath: r.path(of: "selected"), highlightedPath: r.path(of: "highlighted"))
        appearance = try SceneAppearance.read(from: &r)
        animation = try r.optional("animation", SceneAnimation.read)
        try checkSectionLayouts(sectionsPath: r.path(of: "sections"), stepsPath: r.path(of: "animation") + ".steps")
        try checkDesignNames()
        try checkDecorationKinds(path: r.path(of: "decorationViews"))
        if let menu = appearance.menu {
            _ = try existing(
                .array([.number(Double(menu.item.section)), .number(Double(menu.item.item))]),
                r.path(of: "menu") + ".item")
        }
        try r.finish()
    }

    /// Reads `"safeAreaInsets"`: insets, or `"device"` (returned as nil) for the device's.
    static func readSafeAreaInsets(_ v: JSONValue, _ path: String) throws -> EdgeInsets? {
        if case .string("device") = v { return nil }
        guard case .object = v else {
            throw JSONRead.fail(path, "must be insets {\"top\", \"left\", \"bottom\", \"right\"} or \"device\"", got: v)
        }
        return try JSONRead.nonNegativeInsets(v, path)
    }

    /// Reads the sections array, counting items against `maximumItemCount` as it goes.
    static func readSections(_ v: JSONValue, _ path: String) throws -> [SceneSection] {
        guard case .array(let list) = v else { throw JSONRead.fail(path, "must be an array", got: v) }
        guard list.count <= maximumSectionCount else {
            throw SceneDecodingError(
                path: path, message: "the scene may hold at most \(maximumSectionCount) sections, got \(list.count)")
        }
        var total = 0
        var sections: [SceneSection] = []
        for (i, element) in list.enumerated() {
            var r = try JSONObjectReader(element, path: "\(path)[\(i)]")
            if r.contains("itemCount") && r.contains("items") {
                throw SceneDecodingError(path: r.path, message: "give either \"itemCount\" or \"items\", not both")
            }
            var count = try r.optional("itemCount", JSONRead.nonNegativeInteger) ?? 0
            var items: [SceneItem]?
            if case .array(let raw)? = r.value("items") {
                count = raw.count
            }
            if total + count > maximumItemCount {
                let key = r.contains("items") ? "items" : "itemCount"
                throw SceneDecodingError(
                    path: r.path(of: key),
                    message:
                        "the scene may hold at most \(maximumItemCount) items in total; this section brings it to \(total + count)"
                )
            }
            items = try r.optional("items", JSONRead.array(SceneItem.read))
            total += count
            let header = try r.optional("header", SceneSupplementary.read)
            let footer = try r.optional("footer", SceneSupplementary.read)
            let cell = try r.optional("cell", JSONRead.string)
            let layout = try r.optional("layout", SceneSectionLayout.read)
            try r.finish()
            sections.append(
                SceneSection(itemCount: count, items: items, header: header, footer: footer, cell: cell, layout: layout)
            )
        }
        return sections
    }

    /// The reuse identifier of the default cell design (the root `"cell"`).
    public static let defaultCellIdentifier = "cell"

    /// Checks that the keys of every section's `layout`, the scene's own and those its animation
    /// inserts, belong to a layout the scene uses: its own or one a step switches to.
    ///
    /// - Throws: `SceneDecodingError` at the key.
    func checkSectionLayouts(sectionsPath: String, stepsPath: String) throws {
        var used: Set<String> = [layout.typeName]
        for step in animation?.steps ?? [] {
            if case .setLayout(let other) = step.action { used.insert(other.typeName) }
        }
        for (s, section) in sections.enumerated() {
            try section.layout?.check(usedBy: used, path: "\(sectionsPath)[\(s)].layout")
        }
        for (k, step) in (animation?.steps ?? []).enumerated() {
            guard case .insertSections(_, let inserted) = step.action else { continue }
            for (s, section) in inserted.enumerated() {
                try section.layout?.check(
                    usedBy: used, path: "\(stepsPath)[\(k)].insertSections.sections[\(s)].layout")
            }
        }
    }

    /// Checks that every design a section, item, header or footer names is registered.
    ///
    /// - Throws: `SceneDecodingError` at the naming key, with the closest registered name.
    func checkDesignNames() throws {
        for (s, section) in sections.enumerated() { try checkDesignNames(in: section, path: "sections[\(s)]") }
    }

    /// Checks the design names of one section (at JSON path `path`) against the registries.
    ///
    /// Names are looked up in the registries themselves; the sets of their names are made only
    /// for an error's message (made for every section and item, they made checking a scene of
    /// many sections or named cells cost sections × designs).
    func checkDesignNames(in section: SceneSection, path: String) throws {
        if let name = section.cell, !isCellDesign(name) {
            throw Scene.unknownDesign(name, cellDesignNames, path + ".cell", "\"cells\"")
        }
        if let name = section.header?.view, appearance.headerViews[name] == nil {
            throw Scene.unknownDesign(
                name, Set(appearance.headerViews.keys), path + ".header.view", "\"headerViews\"")
        }
        if let name = section.footer?.view, appearance.footerViews[name] == nil {
            throw Scene.unknownDesign(
                name, Set(appearance.footerViews.keys), path + ".footer.view", "\"footerViews\"")
        }
        for (i, item) in (section.items ?? []).enumerated() {
            try checkDesignName(ofItem: item, path: path + ".items[\(i)]")
        }
    }

    /// Checks that every kind `decorationViews` gives a look to is one a layout of the scene
    /// produces (its own, or one a step switches to), so that a misspelt kind is an error
    /// rather than a decoration drawn in the default grey.
    ///
    /// - Throws: `SceneDecodingError` at the kind's key, with the closest kind produced.
    func checkDecorationKinds(path: String) throws {
        var produced = Set(layout.decorationKinds)
        for step in animation?.steps ?? [] {
            if case .setLayout(let other) = step.action { produced.formUnion(other.decorationKinds) }
        }
        for kind in appearance.decorationViews.keys.sorted() where !produced.contains(kind) {
            var message = "no layout of the scene produces this decoration kind"
            if let suggestion = KeySuggestion.closest(to: kind, among: produced) {
                message += "; did you mean \"\(suggestion)\"?"
            } else if produced.isEmpty {
                message += " (name one with the layout's \"backgroundDecorationKind\")"
            }
            throw SceneDecodingError(path: JSONRead.memberPath(path, kind), message: message)
        }
    }

    /// The registered cell designs' names, with the default `"cell"`.
    private var cellDesignNames: Set<String> { Set(appearance.cells.keys).union([Scene.defaultCellIdentifier]) }

    /// Whether `name` is a registered cell design or the default `"cell"`.
    private func isCellDesign(_ name: String) -> Bool {
        name == Scene.defaultCellIdentifier || appearance.cells[name] != nil
    }

    /// Checks that the cell design an item (at JSON path `path`) names is registered.
    func checkDesignName(ofItem item: SceneItem, path: String) throws {
        guard let name = item.cell, !isCellDesign(name) else { return }
        throw Scene.unknownDesign(name, cellDesignNames, path + ".cell", "\"cells\"")
    }

    /// The error for a design name not in `known`, with the closest registered name.
    private static func unknownDesign(_ name: String, _ known: Set<String>, _ path: String, _ registry: String)
        -> SceneDecodingError
    {
        var message = "no design \(JSONRead.quoted(name)) in \(registry)"
        if let suggestion = KeySuggestion.closest(to: name, among: known) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        return SceneDecodingError(path: path, message: message)
    }

    /// The reuse identifier of the cell design the item at `indexPath` is shown with: the item's
    /// `cell`, else its section's, else `"cell"`.
    public func cellIdentifier(forItemAt indexPath: IndexPath) -> String {
        item(at: indexPath)?.cell ?? section(indexPath.section)?.cell ?? Scene.defaultCellIdentifier
    }

    /// The section at `index`, or nil.
    func section(_ index: Int) -> SceneSection? {
        index >= 0 && index < sections.count ? sections[index] : nil
    }

    /// The image size in pixels a render of this scene has: the canvas at its scale, or at `scale`.
    public func pixelSize(scale: Double? = nil) -> (width: Int, height: Int) {
        CollectionViewRenderer.pixelSize(
            for: Size(width: canvas.width, height: canvas.height), scale: scale ?? canvas.scale)
    }

    /// The total number of items.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.itemCount } }

    /// The item at `indexPath` (a default item for `itemCount` sections), or nil if it does not exist.
    public func item(at indexPath: IndexPath) -> SceneItem? {
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
            indexPath.item < sections[indexPath.section].itemCount
        else { return nil }
        return sections[indexPath.section].item(at: indexPath.item)
    }

    /// The resolved style of the item at `indexPath`: `cellStyle` overridden by the item's `style`.
    public func style(forItemAt indexPath: IndexPath) -> CellStyle {
        cellStyle.overridden(by: item(at: indexPath)?.style)
    }

    /// A number as the scene tools print it: integers without a fraction, others in Swift's
    /// shortest round-tripping form.
    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
