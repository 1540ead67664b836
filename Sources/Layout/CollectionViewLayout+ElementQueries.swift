/// Layout queries for an element named by its `ElementKey`, whatever its category.
///
/// UIKit's layout API has one method per category (item, supplementary view, decoration view) for
/// each question; these pick the right one, so code that handles every element (batch updates,
/// transitions) asks each question in one place.
extension CollectionViewLayout {
    /// The element's current attributes at `indexPath` (by default the key's own): UIKit's
    /// `layoutAttributesForItem(at:)`, `layoutAttributesForSupplementaryView(ofKind:at:)` or
    /// `layoutAttributesForDecorationView(ofKind:at:)`.
    public func layoutAttributesForElement(_ key: ElementKey, at indexPath: IndexPath? = nil)
        -> CollectionViewLayoutAttributes?
    {
        key.query(
            at: indexPath ?? key.indexPath, item: layoutAttributesForItem(at:),
            supplementary: layoutAttributesForSupplementaryView(ofKind:at:),
            decoration: layoutAttributesForDecorationView(ofKind:at:))
    }

    /// Where the element starts when it appears in an update, or nil for "where it ends": UIKit's
    /// `initialLayoutAttributesForAppearing…` for the key's category.
    public func initialLayoutAttributesForAppearingElement(_ key: ElementKey) -> CollectionViewLayoutAttributes? {
        key.query(
            at: key.indexPath, item: initialLayoutAttributesForAppearingItem(at:),
            supplementary: initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:),
            decoration: initialLayoutAttributesForAppearingDecorationElement(ofKind:at:))
    }

    /// Where the element ends when it disappears in an update, or nil for "where it was": UIKit's
    /// `finalLayoutAttributesForDisappearing…` for the key's category.
    public func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) -> CollectionViewLayoutAttributes? {
        key.query(
            at: key.indexPath, item: finalLayoutAttributesForDisappearingItem(at:),
            supplementary: finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:),
            decoration: finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:))
    }
}

extension ElementKey {
    /// Calls the variant of a per-category layout query that fits this key's category.
    fileprivate func query(
        at indexPath: IndexPath, item: (IndexPath) -> CollectionViewLayoutAttributes?,
        supplementary: (String, IndexPath) -> CollectionViewLayoutAttributes?,
        decoration: (String, IndexPath) -> CollectionViewLayoutAttributes?
    ) -> CollectionViewLayoutAttributes? {
        switch category {
        case .cell: return item(indexPath)
        case .supplementaryView: return supplementary(kind ?? "", indexPath)
        case .decorationView: return decoration(kind ?? "", indexPath)
        }
    }
}
