extension CollectionView {
    /// How the safe area's insets are added to a collection view's `contentInset` to give its
    /// `adjustedContentInset` (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    ///
    /// A scroll view is scrollable along an axis when its content is longer than its bounds there,
    /// or when it always bounces along it (`alwaysBounceVertical`, `alwaysBounceHorizontal`)
    /// (Apple's documentation of `scrollableAxes`).
    public enum ContentInsetAdjustmentBehavior: String, CaseIterable, Hashable, Sendable {
        /// UIKit's default. It adds the safe area as `scrollableAxes` does, and also adjusts the top
        /// and bottom when the view is the content of a view controller shown by a navigation or
        /// tab bar controller; there is no such controller here, so it is `scrollableAxes`.
        case automatic
        /// The top and bottom insets include the safe area's when the view scrolls vertically, the
        /// left and right ones when it scrolls horizontally.
        case scrollableAxes
        /// The safe area is never added: `adjustedContentInset` is `contentInset`.
        case never
        /// The safe area is always added.
        case always
    }
}
