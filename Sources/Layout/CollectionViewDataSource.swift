/// Supplies a collection view's counts and views (UIKit's `UICollectionViewDataSource`).
///
/// Only `collectionView(_:numberOfItemsInSection:)` and `collectionView(_:cellForItemAt:)` are
/// required; the rest have defaults in an extension. The collection view holds its data source
/// weakly, as UIKit does.
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections; 1 by default.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell for the item at `indexPath`, normally from
    /// `collectionView.dequeueReusableCell(withReuseIdentifier:for:)`.
    ///
    /// - Throws: whatever dequeueing throws (an unregistered reuse identifier).
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    /// The supplementary view of `kind` at `indexPath`, or nil to show none. A data source whose
    /// layout shows supplementary views must implement it, as in UIKit: the default throws
    /// `CollectionViewError.missingSupplementaryView`. The result is `any ReusableElementView`,
    /// not UIKit's class: a method ported from an app returns its view as that, or it is another
    /// method, which the default's error then names.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)?
    /// Whether the item at `indexPath` may be moved interactively; true by default.
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Moves the item in the data model, called when an interactive movement ends; no-op by default.
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// Throws `CollectionViewError.missingSupplementaryView`: the collection view asks only when
    /// its layout shows a supplementary view, and UIKit requires the method then.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        throw CollectionViewError.missingSupplementaryView(kind: kind, indexPath, type: "\(type(of: self))")
    }
    /// Every item may move.
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// Does nothing.
    public func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}
