import Geometry
import Layout

/// The JSON the `layout` command prints.
///
/// `{"contentSize": {...}, "elements": [...]}` with one element per line, sorted by category
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
        let elements = collectionView.layoutAttributesForElements(in: query)
            .filter { $0.frame.intersects(query) }
            .sorted { $0.elementKey < $1.elementKey }
        var out = "{\"contentSize\": {\"width\": \(number(size.width)), \"height\": \(number(size.height))},\n"
        out += " \"elements\": ["
        for (i, a) in elements.enumerated() {
            out += i == 0 ? "\n   " : ",\n   "
            out += element(a)
        }
        out += elements.isEmpty ? "]}\n" : "\n ]}\n"
        return out
    }

    /// One element object on one line.
    static func element(_ a: CollectionViewLayoutAttributes) -> String {
        var s = "{\"category\": \"\(a.representedElementCategory.name)\""
        if let kind = a.representedElementKind { s += ", \"kind\": \(string(kind))" }
        s += ", \"section\": \(a.indexPath.section), \"item\": \(a.indexPath.item)"
        let f = a.frame
        s +=
            ", \"frame\": {\"x\": \(number(f.minX)), \"y\": \(number(f.minY)), \"width\": \(number(f.width)), \"height\": \(number(f.height))}"
        s += ", \"zIndex\": \(a.zIndex), \"alpha\": \(number(a.alpha)), \"hidden\": \(a.isHidden)"
        s += ", \"transform\": [" + a.transform3D.rowMajor.map(number).joined(separator: ",") + "]}"
        return s
    }

    /// A JSON number: integral values without a fraction, others in Swift's shortest exact form.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// A JSON string literal.
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
