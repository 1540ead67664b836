import Geometry
import Layout
import Support

/// The JSON the `layout` command prints.
///
/// `{"contentSize": {...}, "contentOffset": {...}, "elements": [...]}` with one element per line, sorted by category
/// (cells, supplementary, decoration), then section, then item (then kind); each element has
/// category, kind (supplementary and decoration only), section, item, the untransformed frame,
/// zIndex, alpha, hidden and the 16 entries of transform3D in row-major order, and, in an
/// animation frame, `"disappearing": true` for an element that is leaving. Numbers are plain
/// JSON numbers: integers without a fraction, others in the shortest form that reads back
/// exactly; a non-finite value (which no built-in layout produces) is printed as 0.
public enum LayoutReport {
    /// The report for `collectionView`'s layout, for the elements intersecting `rect`
    /// (nil: the whole content, (0, 0, contentSize)).
    ///
    /// - Complexity: one layout query plus O(k log k) for its k elements.
    public static func json(for collectionView: CollectionView, in rect: Rect? = nil) -> String {
        var out = ""
        write(for: collectionView, in: rect) { out += $0 }
        return out
    }

    /// The report of given elements (sorted here by element key), e.g. an animation frame's.
    /// The elements at the indices in `disappearing` (an animation frame's elements that are
    /// leaving, `AnimationFrame.Element.isDisappearing`) get `"disappearing": true`; of two
    /// elements with the same key, the one given first is listed first.
    ///
    /// - Complexity: O(k log k) for k elements.
    public static func json(
        contentSize size: Size, contentOffset offset: Point, elements: [CollectionViewLayoutAttributes],
        disappearing: Set<Int> = []
    ) -> String {
        var out = ""
        write(contentSize: size, contentOffset: offset, elements: elements, disappearing: disappearing) { out += $0 }
        return out
    }

    /// The report for `collectionView`'s layout, as `json(for:in:)` gives it, handed to `output`
    /// in pieces of about 64 KiB (a million elements make 200 MB of text, which need not be held
    /// at once).
    public static func write(for collectionView: CollectionView, in rect: Rect? = nil, to output: (String) -> Void) {
        let size = collectionView.contentSize
        let query = rect ?? Rect(origin: .zero, size: size)
        var elements = collectionView.layoutAttributesForElements(in: query)
        elements.removeAll { !$0.frame.intersects(query) }
        write(contentSize: size, contentOffset: collectionView.contentOffset, elements: elements, to: output)
    }

    /// The report of given elements, as `json(contentSize:contentOffset:elements:)` gives it,
    /// handed to `output` in pieces of about 64 KiB.
    ///
    /// The elements are sorted through their keys made once (compared by category, section,
    /// item and kind, the order of `ElementKey`'s `<`), and each line is appended to one buffer
    /// piece by piece: with a key made for every comparison and each line assembled from arrays
    /// of strings joined, a million elements took 8 s.
    public static func write(
        contentSize size: Size, contentOffset offset: Point, elements: [CollectionViewLayoutAttributes],
        disappearing: Set<Int> = [], to output: (String) -> Void
    ) {
        var out = ""
        append("{\"contentSize\": {\"width\": ", size.width, to: &out)
        append(", \"height\": ", size.height, to: &out)
        append("},\n \"contentOffset\": {\"x\": ", offset.x, to: &out)
        append(", \"y\": ", offset.y, to: &out)
        out += "},\n \"elements\": ["
        let pieceSize = 1 << 16
        // Only an animation frame marks elements: a whole layout's million lines hash nothing.
        let marksSome = !disappearing.isEmpty
        out.reserveCapacity(pieceSize + 1024)
        for (i, index) in sortedOrder(elements).enumerated() {
            out += i == 0 ? "\n   " : ",\n   "
            appendElement(elements[index], disappearing: marksSome && disappearing.contains(index), to: &out)
            if out.utf8.count >= pieceSize {
                output(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        out += elements.isEmpty ? "]}\n" : "\n ]}\n"
        output(out)
    }

    /// The indices of `elements` in the order of their element keys; elements with the same key
    /// (one leaving and one arriving under an index path during an animation) in their order in
    /// `elements`.
    static func sortedOrder(_ elements: [CollectionViewLayoutAttributes]) -> [Int] {
        // Index paths of two indices (every layout's) compare as (section, item); any other
        // falls back to the keys themselves.
        guard elements.allSatisfy({ $0.indexPath.count == 2 }) else {
            let keys = elements.map(\.elementKey)
            return keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        }
        struct Key {
            var category: Int
            var section: Int
            var item: Int
            var kind: String
        }
        let keys = elements.map {
            Key(
                category: $0.representedElementCategory.rawValue, section: $0.indexPath[0], item: $0.indexPath[1],
                kind: $0.representedElementKind ?? "")
        }
        return keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.category != b.category { return a.category < b.category }
            if a.section != b.section { return a.section < b.section }
            if a.item != b.item { return a.item < b.item }
            return a.kind != b.kind ? a.kind < b.kind : i < j
        }
    }

    /// One element object on one line.
    static func element(_ a: CollectionViewLayoutAttributes) -> String {
        var out = ""
        appendElement(a, to: &out)
        return out
    }

    /// Appends `text` and then `value` as a JSON number (`JSONWriter.number`).
    @inline(__always) private static func append(_ text: String, _ value: Double, to out: inout String) {
        out += text
        out += JSONWriter.number(value)
    }

    /// The text of the identity transform, which nearly every element has.
    private static let identityTransform = "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]"

    /// Appends one element object, on one line, to `out`; with `disappearing`, the key
    /// `"disappearing": true` after its transform.
    static func appendElement(_ a: CollectionViewLayoutAttributes, disappearing: Bool = false, to out: inout String) {
        let f = a.frame
        out += "{\"category\": "
        out += JSONWriter.string(a.representedElementCategory.name)
        if let kind = a.representedElementKind {
            out += ", \"kind\": "
            out += JSONWriter.string(kind)
        }
        out += ", \"section\": "
        out += String(a.indexPath.section)
        out += ", \"item\": "
        out += String(a.indexPath.item)
        append(", \"frame\": {\"x\": ", f.minX, to: &out)
        append(", \"y\": ", f.minY, to: &out)
        append(", \"width\": ", f.width, to: &out)
        append(", \"height\": ", f.height, to: &out)
        out += "}, \"zIndex\": "
        out += String(a.zIndex)
        append(", \"alpha\": ", a.alpha, to: &out)
        out += a.isHidden ? ", \"hidden\": true, \"transform\": " : ", \"hidden\": false, \"transform\": "
        if a.transform3D == .identity {
            out += identityTransform
        } else {
            out += "["
            for (i, v) in a.transform3D.rowMajor.enumerated() {
                if i > 0 { out += "," }
                out += JSONWriter.number(v)
            }
            out += "]"
        }
        out += disappearing ? ", \"disappearing\": true}" : "}"
    }
}
