extension CollectionView {
    /// The direction a flow layout scrolls (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
        /// Lines are rows stacked top to bottom; content grows downwards.
        case vertical
        /// Lines are columns laid left to right; content grows rightwards.
        case horizontal
    }
}
