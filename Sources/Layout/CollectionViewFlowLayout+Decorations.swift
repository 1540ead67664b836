import Geometry

/// Optional decoration views for a flow layout.
///
/// UIKit's flow layout produces no decoration views (UIKitBehaviour.md §1.1, from Apple's Collection View Programming Guide, Table 3-1); apps
/// subclass it to add backgrounds. These two properties are that subclass
/// built in, off by default: a `backgroundDecorationKind` view covering the
/// whole content (zIndex −2) and a `sectionBackgroundDecorationKind` view
/// behind each section's items, from the end of its header to the start of
/// its footer, section insets included, across the full width (zIndex −1) —
/// what iOS 13's section background decoration items draw.
extension CollectionViewFlowLayout {
    /// The attributes of the decorations whose frames intersect `rect`, whole-content background first.
    ///
    /// - Complexity: O(log n + k) sections.
    func decorationAttributes(in rect: Rect) -> [CollectionViewLayoutAttributes] {
        var result: [CollectionViewLayoutAttributes] = []
        if let kind = backgroundDecorationKind,
            let a = layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 0)),
            a.frame.intersects(rect)
        {
            result.append(a)
        }
        if let kind = sectionBackgroundDecorationKind {
            let (lo, hi) = isVerticalLayout ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
            for s in sectionIndex.candidates(from: lo, to: hi) where sectionIndex.meets(s, from: lo, to: hi) {
                if let a = layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: s)),
                    a.frame.intersects(rect)
                {
                    result.append(a)
                }
            }
        }
        return result
    }

    /// The decoration attributes for `elementKind` at `indexPath` (see the type's description), or nil.
    func flowDecorationAttributes(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        if elementKind == backgroundDecorationKind, indexPath == IndexPath(item: 0, section: 0) {
            var a = CollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
            a.frame = Rect(origin: .zero, size: contentSize)
            a.zIndex = -2
            return a
        }
        guard elementKind == sectionBackgroundDecorationKind, indexPath.item == 0, indexPath.section >= 0,
            indexPath.section < sections.count
        else { return nil }
        let section = sections[indexPath.section]
        var start = section.start, end = section.end
        if let h = section.header { start = isVerticalLayout ? h.maxY : h.maxX }
        if let f = section.footer { end = isVerticalLayout ? f.minY : f.minX }
        var a = CollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        a.frame =
            isVerticalLayout
            ? Rect(x: 0, y: start, width: contentSize.width, height: max(0, end - start))
            : Rect(x: start, y: 0, width: max(0, end - start), height: contentSize.height)
        a.zIndex = -1
        return a
    }
}
