import Layout

extension SceneCollectionView {
    /// Checks that the elements shown in the bounds are no more than one frame may show
    /// (`CollectionView.maximumVisibleElementCount`), before any view is made for them.
    ///
    /// - Parameter path: the JSON path to blame: `layout` for the scene as it starts, an
    ///   animation step's path for the state the step leaves.
    /// - Throws: `SceneDecodingError` at `path`, with `CollectionViewError.tooManyVisibleElements`'s
    ///   message.
    func checkShownElementCount(path: String) throws(SceneDecodingError) {
        do {
            try CollectionView.checkVisibleElementCount(shownElementCount(in: bounds))
        } catch {
            throw SceneDecodingError(path: path, message: error.description)
        }
    }
}
