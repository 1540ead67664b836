/// What a collection view needs of a view that shows an item: a reusable view with selected and
/// highlighted states (the pixel-free side of UIKit's `UICollectionViewCell`, which is the
/// Rendering module's `CollectionViewCell`).
///
/// The collection view sets `isSelected` and `isHighlighted` as its selection state machine runs;
/// a drawing class shows its selected-background view when either is true
/// (UIKitBehaviour.md §6).
public protocol ReusableCellView: ReusableElementView {
    /// Whether the cell's item is selected. Set by the collection view.
    var isSelected: Bool { get set }
    /// Whether the cell is highlighted (touched down). Set by the collection view.
    var isHighlighted: Bool { get set }
}
