import Layout

/// The scene's delegate answers for highlighting, selection, movement and the edit menu, as the
/// seeds' view controller does: each item's `shouldHighlight`, `shouldSelect`,
/// `shouldDeselect` and `canMove` are answered; highlighting is recorded and passed to the
/// renderer (whose cells then show their `highlighted` look, the way the seeds'
/// ItemHighlighted turns the content view yellow), and the menu offers the
/// actions the scene's `menu` lists for its item.
extension SceneDataSource {
    /// Moves the item in the scene's sections, as a data source's model does when an
    /// interactive movement ends (`endInteractiveMovement()`).
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        try? scene.moveItem(from: sourceIndexPath, to: destinationIndexPath, path: "")
    }

    /// The item's `shouldHighlight`; true when it gives none.
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        scene.item(at: indexPath)?.shouldHighlight ?? true
    }

    /// The item's `shouldSelect`; true when it gives none.
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        scene.item(at: indexPath)?.shouldSelect ?? true
    }

    /// The item's `shouldDeselect`; true when it gives none.
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        scene.item(at: indexPath)?.shouldDeselect ?? true
    }

    /// The item's `canMove`; true when it gives none.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        scene.item(at: indexPath)?.canMove ?? true
    }

    /// Records the highlight and reports it.
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        highlightedByDelegate.insert(indexPath)
        highlightChanged?(indexPath, true)
    }

    /// Records the end of the highlight and reports it.
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        highlightedByDelegate.remove(indexPath)
        highlightChanged?(indexPath, false)
    }

    /// True for the scene's menu item.
    public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        scene.appearance.menu?.item == indexPath
    }

    /// True for the actions the scene's menu lists.
    public func collectionView(
        _ collectionView: CollectionView, canPerformAction action: MenuAction, forItemAt indexPath: IndexPath
    ) -> Bool {
        scene.appearance.menu?.actions.contains(action) ?? false
    }
}

extension SceneCollectionView {
    /// Applies the scene's selection and highlight through the user-interaction path, so the
    /// delegate sees UIKit's sequence: each selected item is tapped (highlight, unhighlight,
    /// select), then each highlighted item is touched down and held.
    ///
    /// An item that a tap cannot reach (off screen, covered at its centre by another item or a
    /// pinned header, or given no attributes) is selected programmatically instead, so the scene's state always holds and
    /// no other item is touched.
    func applySceneSelection() {
        for p in scene.selected {
            let presented = presentedIndexPath(forDataIndexPath: p)
            if let centre = layoutAttributesForItem(at: presented)?.center,
                let hit = hitTest(centre), hit.representedElementCategory == .cell, hit.indexPath == presented
            {
                try? tapItem(at: p)
            }
            if !isItemSelected(at: p) { try? selectItem(at: p) }
        }
        for p in scene.highlighted {
            try? highlightItem(at: p)
            delegate?.collectionView(self, didHighlightItemAt: p)
        }
    }
}
