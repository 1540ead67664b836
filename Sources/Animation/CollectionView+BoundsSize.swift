import Geometry
import Layout

extension CollectionView {
    /// Changes the collection view's size to `size`, as a rotation does, and returns what moves.
    ///
    /// The layout is asked again at the new bounds (`shouldInvalidateLayout(forBoundsChange:)`:
    /// the flow layout re-packs its lines), the content offset stays where it was as far as the
    /// new content allows, and every element shown before or after moves from its old to its
    /// new attributes; one only the new bounds show fades in there, one the layout no longer
    /// has fades out where it was. A scene's `rotate` step and
    /// `CollectionViewAnimationRecorder.rotate(to:duration:curve:)` both use it.
    ///
    /// - Parameter safeAreaInsets: the safe area at the new size (a device's turns with it), or
    ///   nil to keep it.
    /// - Returns: the transitions of every element shown before or after, in key order.
    @discardableResult
    public func setBoundsSize(_ size: Size, safeAreaInsets: EdgeInsets? = nil) -> [ElementTransition] {
        let before = visibleAttributes(in: bounds)
        if let safeAreaInsets { self.safeAreaInsets = safeAreaInsets }
        frame = Rect(origin: frame.origin, size: size)
        contentOffset = targetContentOffset(of: collectionViewLayout, proposed: contentOffset)
        let after = visibleAttributes(in: bounds)
        var result: [ElementTransition] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            if let start = before[key] {
                var end = after[key] ?? collectionViewLayout.layoutAttributesForElement(key) ?? start
                if after[key] == nil && end == start { end.alpha = 0 }
                let change: ElementTransition.Change = after[key] == nil ? .disappearing : .persisting
                result.append(ElementTransition(key: key, change: change, start: start, end: end))
            } else if let end = after[key] {
                var start = end
                start.alpha = 0
                result.append(ElementTransition(key: key, change: .appearing, start: start, end: end))
            }
        }
        return result
    }
}
