import Geometry
import TestSupport

@testable import Layout

/// The seeded generator of the property tests.
typealias SeededGenerator = SplitMix64

/// A data source with fixed counts; optional per-item sizes and per-section overrides for flow
/// and waterfall layouts; records delegate calls.
final class TestDataSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout, WaterfallLayoutDelegate {
    var counts: [Int]
    var sizes: [IndexPath: Size] = [:]
    var insets: [Int: EdgeInsets] = [:]
    var lineSpacings: [Int: Double] = [:]
    var interitemSpacings: [Int: Double] = [:]
    var headerSizes: [Int: Size] = [:]
    var footerSizes: [Int: Size] = [:]
    var events: [String] = []
    var shouldHighlight = true
    var shouldSelect = true
    var shouldDeselect = true
    var moves: [(IndexPath, IndexPath)] = []
    /// Items the data source's `canMoveItemAt` refuses.
    var immovable: Set<IndexPath> = []
    /// What the delegate's `targetIndexPathForMoveFromItemAt` makes of a proposed index path
    /// (nil: the proposal stands), with the calls it got.
    var redirectMove: ((IndexPath) -> IndexPath)?
    var moveProposals: [(original: IndexPath, proposed: IndexPath)] = []
    var menuActions: Set<MenuAction> = []
    var performed: [MenuAction] = []

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> any ReusableCellView
    {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) throws -> (any ReusableElementView)? {
        try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        moves.append((sourceIndexPath, destinationIndexPath))
    }
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !immovable.contains(indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        moveProposals.append((originalIndexPath, proposedIndexPath))
        return redirectMove?(proposedIndexPath) ?? proposedIndexPath
    }

    // Flow and waterfall: the dictionaries' values, else the layout's.
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> Size { sizes[indexPath] ?? LayoutDelegateFallback.itemSize(of: collectionViewLayout) }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets { insets[section] ?? LayoutDelegateFallback.sectionInset(of: collectionViewLayout) }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> Double {
        interitemSpacings[section] ?? LayoutDelegateFallback.minimumInteritemSpacing(of: collectionViewLayout)
    }

    // Flow
    private func flow(_ layout: CollectionViewLayout) -> CollectionViewFlowLayout {
        layout as! CollectionViewFlowLayout
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> Double { lineSpacings[section] ?? flow(collectionViewLayout).minimumLineSpacing }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> Size { headerSizes[section] ?? flow(collectionViewLayout).headerReferenceSize }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> Size { footerSizes[section] ?? flow(collectionViewLayout).footerReferenceSize }

    // Delegate
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldHighlight \(indexPath)")
        return shouldHighlight
    }
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
        events.append("didHighlight \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        events.append("didUnhighlight \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldSelect \(indexPath)")
        return shouldSelect
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldDeselect \(indexPath)")
        return shouldDeselect
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath)")
    }
    func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
        !menuActions.isEmpty
    }
    func collectionView(
        _ collectionView: CollectionView, canPerformAction action: MenuAction, forItemAt indexPath: IndexPath
    ) -> Bool { menuActions.contains(action) }
    func collectionView(
        _ collectionView: CollectionView, performAction action: MenuAction, forItemAt indexPath: IndexPath
    ) { performed.append(action) }
}

/// A collection view that keeps its (weakly held) data source alive, for tests.
final class RetainingCollectionView: CollectionView {
    var retained: AnyObject?
}

/// A collection view of `size` with `layout`, `dataSource` as data source and delegate, and
/// cell / header / footer factories registered.
func makeCollectionView(
    _ layout: CollectionViewLayout, size: Size = Size(width: 320, height: 480), dataSource: TestDataSource
) -> CollectionView {
    let cv = RetainingCollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
    cv.retained = dataSource
    cv.register({ TestCell() }, forCellWithReuseIdentifier: "cell")
    cv.register({ TestReusableView() }, forSupplementaryViewOfKind: "header", withReuseIdentifier: "header")
    cv.register({ TestReusableView() }, forSupplementaryViewOfKind: "footer", withReuseIdentifier: "footer")
    cv.dataSource = dataSource
    cv.delegate = dataSource
    return cv
}

func frames(_ cv: CollectionView, section: Int = 0) -> [Rect] {
    (0..<cv.numberOfItems(inSection: section)).map {
        cv.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame
    }
}

func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// A pixel-free supplementary view that records the attributes it was given.
class TestReusableView: ReusableElementView {
    private(set) var layoutAttributes: CollectionViewLayoutAttributes?
    private(set) var reuseCount = 0
    func prepareForReuse() { reuseCount += 1 }
    func apply(_ layoutAttributes: CollectionViewLayoutAttributes) { self.layoutAttributes = layoutAttributes }
}

/// A pixel-free cell: the selection state the collection view sets, and the attributes it applied.
final class TestCell: TestReusableView, ReusableCellView {
    var isSelected = false
    var isHighlighted = false
    override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }
}
