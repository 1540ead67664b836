/// The view a collection view shows for a decoration kind that nobody registered a view for: it
/// takes part in reuse and drawing order and draws nothing.
final class UnregisteredDecorationView: ReusableElementView {
    func prepareForReuse() {}
    func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}
