import Geometry

/// Interactive layout changes (UIKitBehaviour.md §5.4): a `CollectionViewTransitionLayout` is
/// installed while a gesture drives `transitionProgress`, then the change is finished or cancelled.
extension CollectionView {
    /// Begins an interactive change to `layout` (UIKit's `startInteractiveTransition(to:completion:)`)
    /// and returns the transition layout now installed, at progress 0.
    ///
    /// The installed layout gets `prepareForTransition(to:)` and `layout` gets
    /// `prepareForTransition(from:)`. A transition already running is finished first.
    @discardableResult
    public func startInteractiveTransition(to layout: CollectionViewLayout) -> CollectionViewTransitionLayout {
        if collectionViewLayout is CollectionViewTransitionLayout { finishInteractiveTransition() }
        let old = collectionViewLayout
        prepareLayoutIfNeeded()
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        let transition = CollectionViewTransitionLayout(currentLayout: old, nextLayout: layout)
        collectionViewLayout = transition
        return transition
    }

    /// Ends the interactive change at the new layout (UIKit's `finishInteractiveTransition()`): it
    /// is installed, the content offset becomes its `targetContentOffset(forProposedContentOffset:)`
    /// as the delegate's `collectionView(_:targetContentOffsetForProposedContentOffset:)` adjusts
    /// it, clamped to the content, and both layouts get `finalizeLayoutTransition()`. Does nothing
    /// when no transition runs.
    public func finishInteractiveTransition() {
        guard let transition = collectionViewLayout as? CollectionViewTransitionLayout else { return }
        end(transition, installing: transition.nextLayout)
    }

    /// Ends the interactive change back at the old layout (UIKit's `cancelInteractiveTransition()`),
    /// as `finishInteractiveTransition()` does for the new one.
    public func cancelInteractiveTransition() {
        guard let transition = collectionViewLayout as? CollectionViewTransitionLayout else { return }
        end(transition, installing: transition.currentLayout)
    }

    private func end(_ transition: CollectionViewTransitionLayout, installing layout: CollectionViewLayout) {
        collectionViewLayout = layout
        // The layout left behind no longer belongs to this collection view.
        for other in [transition.currentLayout, transition.nextLayout] where other !== layout {
            if other.collectionView === self { other.collectionView = nil }
        }
        prepareLayoutIfNeeded()
        contentOffset = targetContentOffset(of: layout, proposed: contentOffset)
        transition.currentLayout.finalizeLayoutTransition()
        transition.nextLayout.finalizeLayoutTransition()
    }
}
