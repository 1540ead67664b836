import Foundation
import Geometry
import Layout
import Raster
import Rendering
import Support

/// Renders scenes to images: the `render` command's work, callable from Swift.
///
/// Rendering is deterministic: the same scene gives the same pixels on every
/// run, build and thread. One `SceneRenderer` may be used from several
/// threads at once (each render builds its own collection view and canvas;
/// fonts and decoded images are shared behind locks).
public struct SceneRenderer: Sendable {
    /// Fonts shared by every render.
    public let resources: RenderResources

    /// Creates a renderer with the bundled fonts.
    ///
    /// - Throws: `TextError` when the bundled font cannot be loaded.
    public init() throws {
        resources = try RenderResources.bundled()
    }

    /// Creates a renderer with explicit resources.
    public init(resources: RenderResources) {
        self.resources = resources
    }

    /// Reads, validates and renders the scene file at `path`. A scene with an animation is played
    /// once, without pixels, so that a step that cannot be applied makes the scene invalid here
    /// too, as in `animate`.
    ///
    /// - Parameters:
    ///   - path: the scene file.
    ///   - scale: overrides the canvas scale when given.
    ///   - debugOverlay: draws the debug overlay whatever the scene's `debug` says.
    ///   - device: shows the scene on this device's screen instead of its canvas when given.
    /// - Throws: `SceneFileError` naming the file for unreadable or invalid
    ///   scenes; `RasterError` for sizes out of limits.
    public func render(
        file path: String, scale: Double? = nil, debugOverlay: Bool = false, device: SceneDeviceVariant? = nil
    ) throws -> Image {
        try render(loadScene(file: path, scale: scale, debugOverlay: debugOverlay, device: device), scale: scale)
    }

    /// Reads and validates the scene file at `path` as `render(file:scale:debugOverlay:device:)`
    /// does, without drawing it: the scene to pass to `render(_:scale:)` with the same `scale`,
    /// whose canvas tells the size of the image before it is made.
    ///
    /// - Throws: `SceneFileError` naming the file for unreadable or invalid scenes.
    public func loadScene(
        file path: String, scale: Double? = nil, debugOverlay: Bool = false, device: SceneDeviceVariant? = nil
    ) throws -> Scene {
        var scene = try Scene.load(path: path)
        if let device { scene = scene.shown(on: device) }
        try scene.checkCanvas(atScale: scale, file: path)
        if scene.animation != nil { _ = try SceneAnimationPlayer(scene: scene, file: path) }
        if debugOverlay { scene.appearance.debug = true }
        return scene
    }

    /// Renders a scene's visible viewport.
    ///
    /// - Parameters:
    ///   - scene: the scene.
    ///   - scale: overrides the canvas scale when given.
    /// - Throws: `RasterError` for a pixel size out of limits; `CollectionViewError` if a view
    ///   cannot be created; `SceneDecodingError` at `layout` when the layout shows more elements
    ///   at once than a frame may (`CollectionView.maximumVisibleElementCount`).
    public func render(_ scene: Scene, scale: Double? = nil) throws -> Image {
        let images = SceneImages(sceneFolder: scene.baseFolder)
        let collectionView = makeCollectionView(for: scene, images: images)
        do {
            return try makeRenderer(for: scene, images: images, scale: scale).render(collectionView)
        } catch let error as CollectionViewError {
            // `layoutSubviews()` counted them before making any view; the scene's part to blame
            // is its layout.
            guard case .tooManyVisibleElements = error else { throw error }
            throw SceneDecodingError(path: "layout", message: error.description)
        }
    }

    /// The renderer configured for a scene: scale, background colour and view, menu, debug overlay.
    public func makeRenderer(for scene: Scene, images: SceneImages, scale: Double? = nil) -> CollectionViewRenderer {
        var renderer = CollectionViewRenderer(
            scale: scale ?? scene.canvas.scale, backgroundColor: scene.canvas.background ?? .clear, resources: resources
        )
        if let spec = scene.appearance.backgroundView {
            let built = BuiltView(spec: spec, values: TemplateValues(), images: images)
            built.layout(inParentOf: Size(width: scene.canvas.width, height: scene.canvas.height))
            renderer.backgroundView = built.view
        }
        renderer.menu = scene.appearance.menu.map { EditMenu(indexPath: $0.item) }
        renderer.debugOverlay = scene.appearance.debug ? DebugOverlay() : nil
        // A stop asked for (SIGINT, SIGTERM) ends a long drawing at the next view.
        renderer.checkpoint = { try Interruption.check() }
        return renderer
    }

    /// The scene's collection view with drawable cells, supplementary and decoration views registered.
    public func makeCollectionView(for scene: Scene, images: SceneImages) -> SceneCollectionView {
        let cv = scene.makeCollectionView()
        let appearance = scene.appearance
        let dataSource = cv.sceneDataSource
        for identifier in dataSource.cellReuseIdentifiers {
            cv.register({ SceneCell() }, forCellWithReuseIdentifier: identifier)
        }
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            for identifier in dataSource.supplementaryReuseIdentifiers(ofKind: kind) {
                cv.register({ SceneReusableView() }, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
            }
        }
        for kind in scene.layout.decorationKinds {
            let spec = appearance.decorationViews[kind] ?? SceneRenderer.defaultDecoration
            cv.register(
                {
                    let view = SceneReusableView()
                    view.configure(spec: spec, values: TemplateValues(), images: images)
                    return view
                }, forDecorationViewOfKind: kind)
        }
        let indexBase = SceneRenderer.sectionStartIndices(scene)
        dataSource.configureCell = { [weak dataSource] cell, indexPath, item, style in
            let values = TemplateValues(
                text: item.text ?? "", image: item.image ?? "", item: indexPath.item, section: indexPath.section,
                index: indexBase[indexPath.section] + indexPath.item)
            guard let cell = cell as? SceneCell else { return }
            let identifier = scene.cellIdentifier(forItemAt: indexPath)
            cell.configure(
                design: appearance.cellDesign(for: identifier), sceneStyle: scene.cellStyle,
                itemStyle: item.style, values: values, images: images)
            cell.delegateHighlighted = dataSource?.highlightedByDelegate.contains(indexPath) ?? false
            cell.refreshLooks()
        }
        dataSource.highlightChanged = { [weak cv] indexPath, highlighted in
            guard let cv,
                let cell = cv.cellForItem(at: cv.presentedIndexPath(forDataIndexPath: indexPath)) as? SceneCell
            else { return }
            cell.delegateHighlighted = highlighted
            cell.refreshLooks()
        }
        dataSource.configureSupplementaryView = { view, kind, indexPath, supplementary in
            let values = TemplateValues(text: supplementary?.text ?? "", section: indexPath.section)
            let isHeader = kind == CollectionView.elementKindSectionHeader
            let named = supplementary?.view.flatMap {
                isHeader ? appearance.headerViews[$0] : appearance.footerViews[$0]
            }
            let design = named ?? (isHeader ? appearance.headerView : appearance.footerView)
            var spec = design ?? SceneRenderer.minimalSupplementary(supplementary?.style ?? CellStyle())
            if design != nil, let style = supplementary?.style { spec = SceneRenderer.restyle(spec, style) }
            (view as? SceneReusableView)?.configure(spec: spec, values: values, images: images)
        }
        // Highlights applied while the collection view was built reached the delegate before the hooks existed.
        for p in dataSource.highlightedByDelegate { dataSource.highlightChanged?(p, true) }
        return cv
    }

    /// A decoration without a look in `decorationViews`: light grey, so it is visible but quiet.
    static let defaultDecoration = ViewSpec(backgroundColor: Color(red: 229, green: 229, blue: 234))

    /// The global index of each section's first item (for `{index}`).
    static func sectionStartIndices(_ scene: Scene) -> [Int] {
        var starts: [Int] = []
        var total = 0
        for s in scene.sections {
            starts.append(total)
            total += s.itemCount
        }
        return starts
    }

    /// A header or footer drawn from the minimal style: the style on the view, the text centred.
    static func minimalSupplementary(_ style: CellStyle) -> ViewSpec {
        var s = ViewSpec(backgroundColor: style.backgroundColor, cornerRadius: style.cornerRadius ?? 0)
        s.look.borderColor = style.borderColor
        s.look.borderWidth = style.borderWidth
        var label = LabelSpec()
        label.textColor = style.textColor
        label.fontSize = style.fontSize
        var text = ViewSpec()
        text.label = label
        s.subviews = [text]
        return s
    }

    /// A header or footer design with the section's minimal style keys applied on top.
    static func restyle(_ spec: ViewSpec, _ style: CellStyle) -> ViewSpec {
        var s = spec.resolvingLabels(item: style, scene: CellStyle())
        if let c = style.backgroundColor { s.look.backgroundColor = c }
        if let c = style.borderColor { s.look.borderColor = c }
        if let w = style.borderWidth { s.look.borderWidth = w }
        if let r = style.cornerRadius { s.look.cornerRadius = r }
        return s
    }
}
