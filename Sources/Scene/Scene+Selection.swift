import Layout

/// What a scene allows a touch to do: `allowsSelection`, `allowsMultipleSelection`, and each
/// item's `shouldHighlight` (README.md, "Selection rules").
extension Scene {
    /// Whether the collection view is in multiple-selection mode: `allowsMultipleSelection`, or,
    /// when the scene does not say, whether `selected` lists more than one item.
    public var selectsMultipleItems: Bool { allowsMultipleSelection ?? (selected.count > 1) }

    /// Checks that the selected and highlighted items are ones the scene's rules allow: each
    /// listed once, none when
    /// `allowsSelection` is false, at most one selected under single selection, and no
    /// highlighted item whose `shouldHighlight` is false (a touch could not highlight it).
    ///
    /// A selected item whose `shouldSelect` is false is allowed: an app selects it in code,
    /// and `selectItem(at:animated:scrollPosition:)` does not ask the delegate.
    ///
    /// - Throws: `SceneDecodingError` at `selected` or at the highlighted item.
    func checkSelection(selectedPath: String, highlightedPath: String) throws {
        for (list, path) in [(selected, selectedPath), (highlighted, highlightedPath)] {
            var seen = Set<IndexPath>()
            for (k, p) in list.enumerated() where !seen.insert(p).inserted {
                throw SceneDecodingError(path: "\(path)[\(k)]", message: "item \(p) is listed twice")
            }
        }
        if !allowsSelection {
            for (list, path, state) in [
                (selected, selectedPath, "selected"), (highlighted, highlightedPath, "highlighted"),
            ]
            where !list.isEmpty {
                throw SceneDecodingError(
                    path: path, message: "nothing can be \(state): the scene's allowsSelection is false")
            }
        }
        if allowsMultipleSelection == false, selected.count > 1 {
            throw SceneDecodingError(
                path: selectedPath,
                message: "lists \(selected.count) items, and the scene's allowsMultipleSelection is false")
        }
        for (k, p) in highlighted.enumerated() where item(at: p)?.shouldHighlight == false {
            throw SceneDecodingError(
                path: "\(highlightedPath)[\(k)]",
                message: "item \(p) cannot be highlighted: its shouldHighlight is false")
        }
    }
}
