import Foundation
import Geometry
import Layout
import Raster
import Rendering

/// Renders scenes to images: the `render` command's work, callable from Swift.
///
/// Rendering is deterministic: the same scene gives the same pixels on every
/// run, build and thread. One `SceneRenderer` may be used from several
/// threads at once (each render builds its own collection view and canvas;
/// fonts are shared and locked).
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

    /// Reads, validates and renders the scene file at `path`.
    ///
    /// - Parameters:
    ///   - path: the scene file.
    ///   - scale: overrides the canvas scale when given.
    /// - Throws: `SceneFileError` naming the file for unreadable or invalid
    ///   scenes; `RasterError` for sizes out of limits.
    public func render(file path: String, scale: Double? = nil) throws -> Image {
        let scene = try SceneFile.load(path)
        return try render(scene, scale: scale)
    }

    /// Renders a scene's visible viewport.
    ///
    /// - Throws: `RasterError` for a pixel size out of limits.
    public func render(_ scene: Scene, scale: Double? = nil) throws -> Image {
        let collectionView = makeCollectionView(for: scene)
        var renderer = CollectionViewRenderer(
            scale: scale ?? scene.canvas.scale, backgroundColor: scene.canvas.background ?? .clear, resources: resources)
        renderer.backgroundView = nil
        return try renderer.render(collectionView)
    }

    /// The scene's collection view with drawable cells and supplementary views registered.
    public func makeCollectionView(for scene: Scene) -> SceneCollectionView {
        let cv = scene.makeCollectionView()
        cv.register({ SceneCell() }, forCellWithReuseIdentifier: SceneDataSource.cellReuseIdentifier)
        for kind in [Layout.elementKindSectionHeader, Layout.elementKindSectionFooter] {
            cv.register({ SceneSupplementaryView() }, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
        }
        cv.sceneDataSource.configureCell = { cell, _, item, style in
            (cell as? SceneCell)?.configure(text: item.text, style: style)
        }
        cv.sceneDataSource.configureSupplementaryView = { view, _, _, supplementary in
            (view as? SceneSupplementaryView)?.configure(text: supplementary?.text, style: supplementary?.style ?? CellStyle())
        }
        return cv
    }
}
