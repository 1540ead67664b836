import Geometry

/// Where and how one element of a collection view is shown (UIKit's `UICollectionViewLayoutAttributes`).
///
/// A value type: copying is free and a copy never aliases the layout's cached state. The stored
/// geometry is `center` and `size`; `frame` and `bounds` are views of them, as in UIKit
/// (UIKitBehaviour.md §2): setting `frame` sets both, setting `center` moves the frame, setting `size`
/// keeps the centre. The transform is *not* folded into `frame`; it is applied around the centre
/// when drawing (anchor point 0.5, 0.5).
///
/// Defaults are UIKit's: identity transform, alpha 1, zIndex 0, not hidden.
public struct CollectionViewLayoutAttributes: Hashable, Sendable {
    /// The index path of the element (item 0 of the section for flow-layout headers and footers).
    public var indexPath: IndexPath
    /// Whether this describes a cell, a supplementary view or a decoration view.
    public let representedElementCategory: CollectionView.ElementCategory
    /// The element kind: nil for cells, the kind string for supplementary and decoration views.
    public let representedElementKind: String?
    /// The centre of the element in content coordinates.
    public var center: Point
    /// The untransformed size of the element.
    public var size: Size
    /// The 3D transform applied around the centre; identity by default.
    public var transform3D: Transform3D = .identity
    /// The opacity, 0 (transparent) … 1 (opaque); 1 by default.
    public var alpha: Double = 1
    /// The drawing order: higher values draw on top; 0 by default.
    public var zIndex: Int = 0
    /// Whether the element is hidden (the collection view creates no view for it); false by default.
    public var isHidden: Bool = false

    /// Creates attributes for the cell at `indexPath`, with a zero frame.
    public init(forCellWith indexPath: IndexPath) {
        self.init(category: .cell, kind: nil, indexPath: indexPath)
    }

    /// Creates attributes for a supplementary view of `elementKind` at `indexPath`, with a zero frame.
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(category: .supplementaryView, kind: elementKind, indexPath: indexPath)
    }

    /// Creates attributes for a decoration view of `decorationViewKind` at `indexPath`, with a zero frame.
    public init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init(category: .decorationView, kind: decorationViewKind, indexPath: indexPath)
    }

    @usableFromInline init(category: CollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
        self.representedElementCategory = category
        self.representedElementKind = kind
        self.indexPath = indexPath
        self.center = .zero
        self.size = .zero
    }

    /// The untransformed frame: origin = centre − size / 2. Setting it sets `center` and `size`.
    public var frame: Rect {
        get { Rect(center: center, size: size) }
        set {
            let r = newValue.standardized
            size = r.size
            center = r.center
        }
    }

    /// The bounds: origin (0, 0) and `size`. Setting it changes the size and keeps the centre.
    public var bounds: Rect {
        get { Rect(origin: .zero, size: size) }
        set { size = newValue.standardized.size }
    }

    /// The affine part of `transform3D`. Setting it replaces `transform3D` with the affine transform.
    public var transform: AffineTransform {
        get { transform3D.affineTransform }
        set { transform3D = Transform3D(newValue) }
    }

    /// The key that identifies the element this describes: category, kind and index path.
    public var elementKey: ElementKey {
        ElementKey(category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
    }
}
