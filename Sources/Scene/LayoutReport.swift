import Geometry
import Layout
import Support

/// The JSON the `layout` command prints.
///
/// `{"contentSize": {...}, "contentOffset": {...}, "elements": [...]}` with one element per line, sorted by category
/// (cells, supplementary, decoration), then section, then item (then kind); each element has
/// category, kind (supplementary and decoration only), section, item, the untransformed frame,
/// zIndex, alpha, hidden and the 16 entries of transform3D in row-major order. Numbers are plain
/// JSON numbers: integers without a fraction, others in the shortest form that reads back
/// exactly; a non-finite value (which no built-in layout produces) is printed as 0.
public enum LayoutReport {
    /// The report for `collectionView`'s layout, for the elements intersecting `rect`
    /// (nil: the whole content, (0, 0, contentSize)).
    ///
    /// - Complexity: one layout query plus O(k log k) for its k elements.
    public static func json(for collectionView: CollectionView, in rect: Rect? = nil) -> String {
        let size = collectionView.contentSize
        let query = rect ?? Rect(origin: .zero, size: size)
        let elements = collectionView.layoutAttributesForElements(in: query).filter { $0.frame.intersects(query) }
        return json(contentSize: size, contentOffset: collectionView.contentOffset, elements: elements)
    }

    /// The report of given elements (sorted here by element key), e.g. an animation frame's.
    ///
    /// - Complexity: O(k log k) for k elements.
    public static func json(
        contentSize size: Size, contentOffset offset: Point, elements: [CollectionViewLayoutAttributes]
    ) -> String {
        let sorted = elements.sorted { $0.elementKey < $1.elementKey }
        let contentSize = JSONWriter.object([
            ("width", JSONWriter.number(size.width)), ("height", JSONWriter.number(size.height)),
        ])
        let contentOffset = JSONWriter.object([("x", JSONWriter.number(offset.x)), ("y", JSONWriter.number(offset.y))])
        var out = "{\"contentSize\": \(contentSize),\n \"contentOffset\": \(contentOffset),\n"
        out += " \"elements\": ["
        for (i, a) in sorted.enumerated() {
            out += i == 0 ? "\n   " : ",\n   "
            out += element(a)
        }
        out += sorted.isEmpty ? "]}\n" : "\n ]}\n"
        return out
    }

    /// One element object on one line.
    static func element(_ a: CollectionViewLayoutAttributes) -> String {
        let f = a.frame
        var members: [(key: String, value: String)] = [
            ("category", JSONWriter.string(a.representedElementCategory.name))
        ]
        if let kind = a.representedElementKind { members.append(("kind", JSONWriter.string(kind))) }
        members += [
            ("section", "\(a.indexPath.section)"), ("item", "\(a.indexPath.item)"),
            (
                "frame",
                JSONWriter.object([
                    ("x", JSONWriter.number(f.minX)), ("y", JSONWriter.number(f.minY)),
                    ("width", JSONWriter.number(f.width)), ("height", JSONWriter.number(f.height)),
                ])
            ),
            ("zIndex", "\(a.zIndex)"), ("alpha", JSONWriter.number(a.alpha)), ("hidden", "\(a.isHidden)"),
            ("transform", JSONWriter.array(a.transform3D.rowMajor.map(JSONWriter.number), separator: ",")),
        ]
        return JSONWriter.object(members)
    }
}
