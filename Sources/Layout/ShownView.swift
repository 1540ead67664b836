/// A view the collection view shows, with the attributes it last applied to it.
struct ShownView {
    /// The view.
    var view: any ReusableElementView
    /// The attributes last applied to `view`.
    var attributes: CollectionViewLayoutAttributes
}
