import Geometry

extension CollectionView {
    /// The most times `prepareLayoutIfNeeded()` lays the content out again for a changed
    /// `adjustedContentInset`: the first pass finds the content size, the second lays it out in
    /// the insets that size brings, a third settles a layout whose width those insets changed.
    static let adjustmentRounds = 3

    /// The `adjustedContentInset` for content of `contentSize` (Apple's documentation of
    /// `UIScrollView.ContentInsetAdjustmentBehavior`):
    /// - `.never`: `contentInset`;
    /// - `.always`: `contentInset` plus `safeAreaInsets` on every edge;
    /// - `.scrollableAxes` and `.automatic`: plus the safe area's top and bottom when the
    ///   content is taller than the view or `alwaysBounceVertical` is set, and its left and
    ///   right when the content is wider than the view or `alwaysBounceHorizontal` is set.
    public func adjustedContentInset(forContentSize contentSize: Size) -> EdgeInsets {
        var inset = contentInset
        let safe = safeAreaInsets
        let vertical: Bool
        let horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never:
            return inset
        case .always:
            (vertical, horizontal) = (true, true)
        case .scrollableAxes, .automatic:
            let size = bounds.size
            vertical = contentSize.height > size.height || alwaysBounceVertical
            horizontal = contentSize.width > size.width || alwaysBounceHorizontal
        }
        if vertical {
            inset.top += safe.top
            inset.bottom += safe.bottom
        }
        if horizontal {
            inset.left += safe.left
            inset.right += safe.right
        }
        return inset
    }

    /// The content inset, the safe area or the behaviour changed: the adjusted inset is worked
    /// out again from the content size last laid out (a layout reads it as it prepares), and
    /// the layout is invalidated, which checks it again against the new content size.
    func adjustedContentInsetInputsChanged() {
        adjustedContentInset = adjustedContentInset(forContentSize: collectionViewLayout.collectionViewContentSize)
        collectionViewLayout.invalidateLayout()
    }
}
