import Geometry

/// A section's own layout values, `sections[i].layout`: what an app's layout delegate answers
/// for one section in UIKit. For a flow (or line) layout, `UICollectionViewDelegateFlowLayout`'s
/// `collectionView(_:layout:insetForSectionAt:)`, `…minimumLineSpacingForSectionAt:` and
/// `…minimumInteritemSpacingForSectionAt:`; for the waterfall, its delegate's per-section column
/// count, spacings and insets (the seeds' `InsetForSection` and
/// `MinimumInterItemSpacingForSection`). A value left out is the layout's own.
///
/// ```json
/// "sections": [{"itemCount": 6, "layout": {"sectionInset": {"top": 0, "left": 30, "bottom": 0, "right": 30}}}]
/// ```
///
/// The keys are the layout's own names (`minimumInteritemSpacing` for flow,
/// `minimumInterItemSpacing` for the waterfall). A key must belong to a layout the scene uses,
/// its own or one an animation step switches to; a layout ignores the others.
public struct SceneSectionLayout: Equatable, Sendable {
    /// The section's insets (flow, line and waterfall).
    public var sectionInset: EdgeInsets?
    /// The flow layout's line spacing in this section.
    public var minimumLineSpacing: Double?
    /// The flow layout's spacing between items of a line in this section.
    public var minimumInteritemSpacing: Double?
    /// The waterfall's number of columns in this section (1…1000).
    public var columnCount: Int?
    /// The waterfall's spacing between columns in this section.
    public var minimumColumnSpacing: Double?
    /// The waterfall's spacing between items of a column in this section.
    public var minimumInterItemSpacing: Double?
    /// The waterfall's insets around this section's header.
    public var headerInset: EdgeInsets?
    /// The waterfall's insets around this section's footer.
    public var footerInset: EdgeInsets?

    /// Creates values; nil ones are the layout's.
    public init(
        sectionInset: EdgeInsets? = nil, minimumLineSpacing: Double? = nil, minimumInteritemSpacing: Double? = nil,
        columnCount: Int? = nil, minimumColumnSpacing: Double? = nil, minimumInterItemSpacing: Double? = nil,
        headerInset: EdgeInsets? = nil, footerInset: EdgeInsets? = nil
    ) {
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.columnCount = columnCount
        self.minimumColumnSpacing = minimumColumnSpacing
        self.minimumInterItemSpacing = minimumInterItemSpacing
        self.headerInset = headerInset
        self.footerInset = footerInset
    }

    /// The layout types (`SceneLayout.typeName`) each key belongs to.
    static let keyLayouts: KeyValuePairs<String, Set<String>> = [
        "sectionInset": ["flow", "line", "waterfall"],
        "minimumLineSpacing": ["flow", "line"],
        "minimumInteritemSpacing": ["flow", "line"],
        "columnCount": ["waterfall"],
        "minimumColumnSpacing": ["waterfall"],
        "minimumInterItemSpacing": ["waterfall"],
        "headerInset": ["waterfall"],
        "footerInset": ["waterfall"],
    ]

    /// The keys given, in `keyLayouts`' order.
    var givenKeys: [String] {
        let given: [String: Bool] = [
            "sectionInset": sectionInset != nil, "minimumLineSpacing": minimumLineSpacing != nil,
            "minimumInteritemSpacing": minimumInteritemSpacing != nil, "columnCount": columnCount != nil,
            "minimumColumnSpacing": minimumColumnSpacing != nil,
            "minimumInterItemSpacing": minimumInterItemSpacing != nil, "headerInset": headerInset != nil,
            "footerInset": footerInset != nil,
        ]
        return Self.keyLayouts.map(\.key).filter { given[$0] == true }
    }

    /// Reads a section's `layout` object.
    ///
    /// - Throws: `SceneDecodingError` naming the key and the rule.
    static func read(_ v: JSONValue, _ path: String) throws -> SceneSectionLayout {
        var r = try JSONObjectReader(v, path: path)
        var l = SceneSectionLayout()
        l.sectionInset = try r.optional("sectionInset", JSONRead.insets)
        l.minimumLineSpacing = try r.optional("minimumLineSpacing", JSONRead.number)
        l.minimumInteritemSpacing = try r.optional("minimumInteritemSpacing", JSONRead.number)
        l.columnCount = try r.optional("columnCount", SceneLayout.readColumnCount)
        l.minimumColumnSpacing = try r.optional("minimumColumnSpacing", JSONRead.number)
        l.minimumInterItemSpacing = try r.optional("minimumInterItemSpacing", JSONRead.number)
        l.headerInset = try r.optional("headerInset", JSONRead.insets)
        l.footerInset = try r.optional("footerInset", JSONRead.insets)
        try r.finish()
        return l
    }

    /// Checks that every key given belongs to one of `layoutTypes` (the scene's layout and those
    /// its animation switches to).
    ///
    /// - Throws: `SceneDecodingError` at `path.<key>` naming the layouts the key belongs to.
    func check(usedBy layoutTypes: Set<String>, path: String) throws {
        for key in givenKeys {
            guard let owners = Self.keyLayouts.first(where: { $0.key == key })?.value,
                owners.isDisjoint(with: layoutTypes)
            else { continue }
            let used = layoutTypes.sorted()
            throw SceneDecodingError(
                path: JSONRead.memberPath(path, key),
                message:
                    "applies to the \(owners.sorted().joined(separator: " or ")) layout, and the scene's \(used.count == 1 ? "layout is" : "layouts are") \(used.joined(separator: " and "))"
            )
        }
    }
}
