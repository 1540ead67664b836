import Geometry
import Layout
import Rendering

/// The collection view a scene builds: keeps its `SceneDataSource` alive (a collection view
/// holds its data source weakly).
public final class SceneCollectionView: CollectionView {
    /// The scene shown.
    public let scene: Scene
    /// The data source and delegate serving `scene`.
    public let sceneDataSource: SceneDataSource

    /// Builds the collection view for `scene` (see `Scene.makeCollectionView()`).
    public init(scene: Scene) {
        self.scene = scene
        self.sceneDataSource = SceneDataSource(scene: scene)
        let canvas = scene.canvas
        super.init(
            frame: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
            collectionViewLayout: scene.layout.makeLayout(displayScale: canvas.scale))
        for identifier in sceneDataSource.cellReuseIdentifiers {
            register({ CollectionViewCell() }, forCellWithReuseIdentifier: identifier)
        }
        for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
            for identifier in sceneDataSource.supplementaryReuseIdentifiers(ofKind: kind) {
                register(
                    { CollectionReusableView() }, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
            }
        }
        dataSource = sceneDataSource
        delegate = sceneDataSource
        contentInset = scene.contentInset
        safeAreaInsets = scene.safeAreaInsets
        contentInsetAdjustmentBehavior = scene.contentInsetAdjustmentBehavior
        alwaysBounceVertical = scene.alwaysBounceVertical
        alwaysBounceHorizontal = scene.alwaysBounceHorizontal
        if let offset = scene.givenContentOffset {
            contentOffset = offset
        } else {
            // The top-left of the scroll range, which the safe area can move once the content
            // size is known.
            prepareLayoutIfNeeded()
            contentOffset = Point(x: -adjustedContentInset.left, y: -adjustedContentInset.top)
        }
        allowsSelection = scene.allowsSelection
        allowsMultipleSelection = scene.selectsMultipleItems
        applySceneSelection()
    }
}

extension Scene {
    /// The collection view for this scene: bounds = the canvas size, the scene's layout (the
    /// waterfall floors to the canvas scale), a `SceneDataSource` as data source and delegate,
    /// placeholder views registered for every reuse identifier the scene uses (a renderer
    /// registers its own), the content inset, safe area and offset, the selection rules (`allowsSelection`,
    /// `selectsMultipleItems`), and the selected and highlighted items set.
    public func makeCollectionView() -> SceneCollectionView { SceneCollectionView(scene: self) }
}
