extension CollectionViewFlowLayout {
    /// What a flow layout's section insets across the scroll direction are measured from
    /// (UIKit's `UICollectionViewFlowLayout.SectionInsetReference`).
    ///
    /// UIKit's third case, `.fromLayoutMargins`, is not modelled: a view's layout margins depend on
    /// its view controller and the system's minimum margins, which this project does not have.
    public enum SectionInsetReference: String, CaseIterable, Hashable, Sendable {
        /// From the collection view's adjusted content inset (UIKit's default): the content's edges.
        case fromContentInset
        /// From the collection view's safe area, and never closer to the view's edge than the
        /// adjusted content inset: lines keep clear of the sensor housing in landscape, where a
        /// vertically scrolling view does not add the safe area's left and right.
        case fromSafeArea
    }
}
