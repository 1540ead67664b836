import Geometry
import Layout

/// The `"layout"` object of a scene: which layout class and its parameters, under the names of
/// the Swift properties. Parameters not given keep the class's defaults.
public enum SceneLayout: Equatable, Sendable {
    /// `"flow"`: `CollectionViewFlowLayout`.
    case flow(FlowParameters)
    /// `"line"`: the seeds' `LineLayout` (flow parameters plus `activeDistance`, `zoomFactor`).
    case line(FlowParameters)
    /// `"circle"`: `CircleLayout` (`itemSize`, `backgroundDecorationKind`).
    case circle(CircleParameters)
    /// `"waterfall"`: `WaterfallLayout`.
    case waterfall(WaterfallParameters)

    /// The layout types a scene may name.
    public static let typeNames = ["flow", "line", "circle", "waterfall"]

    /// Parameters of `CollectionViewFlowLayout` (and `LineLayout`); nil = the class default.
    public struct FlowParameters: Equatable, Sendable {
        /// The layout's `scrollDirection`; nil keeps the class default.
        public var scrollDirection: CollectionView.ScrollDirection?
        /// The layout's `itemSize`; nil keeps the class default.
        public var itemSize: Size?
        /// The layout's `minimumInteritemSpacing`; nil keeps the class default.
        public var minimumInteritemSpacing: Double?
        /// The layout's `minimumLineSpacing`; nil keeps the class default.
        public var minimumLineSpacing: Double?
        /// The layout's `sectionInset`; nil keeps the class default.
        public var sectionInset: EdgeInsets?
        /// The layout's `sectionInsetReference`; nil keeps the class default.
        public var sectionInsetReference: CollectionViewFlowLayout.SectionInsetReference?
        /// The layout's `headerReferenceSize`; nil keeps the class default.
        public var headerReferenceSize: Size?
        /// The layout's `footerReferenceSize`; nil keeps the class default.
        public var footerReferenceSize: Size?
        /// The layout's `sectionHeadersPinToVisibleBounds`; nil keeps the class default.
        public var sectionHeadersPinToVisibleBounds: Bool?
        /// The layout's `sectionFootersPinToVisibleBounds`; nil keeps the class default.
        public var sectionFootersPinToVisibleBounds: Bool?
        /// The layout's `backgroundDecorationKind` (a decoration behind all content); nil: none.
        public var backgroundDecorationKind: String?
        /// The layout's `sectionBackgroundDecorationKind` (a decoration behind each section); nil: none.
        public var sectionBackgroundDecorationKind: String?
        /// `LineLayout` only.
        public var activeDistance: Double?
        /// `LineLayout` only.
        public var zoomFactor: Double?
        /// Nothing given.
        public init() {}
    }

    /// Parameters of `CircleLayout`; nil = the class default.
    public struct CircleParameters: Equatable, Sendable {
        /// The layout's `itemSize`; nil keeps the class default.
        public var itemSize: Size?
        /// The layout's `backgroundDecorationKind`; nil keeps the class default.
        public var backgroundDecorationKind: String?
        /// Nothing given.
        public init() {}
    }

    /// Parameters of `WaterfallLayout`; nil = the class default.
    public struct WaterfallParameters: Equatable, Sendable {
        /// The layout's `columnCount`; nil keeps the class default.
        public var columnCount: Int?
        /// The layout's `minimumColumnSpacing`; nil keeps the class default.
        public var minimumColumnSpacing: Double?
        /// The layout's `minimumInteritemSpacing` (the key `minimumInterItemSpacing`); nil keeps the class default.
        public var minimumInterItemSpacing: Double?
        /// The layout's `headerHeight`; nil keeps the class default.
        public var headerHeight: Double?
        /// The layout's `footerHeight`; nil keeps the class default.
        public var footerHeight: Double?
        /// The layout's `sectionInset`; nil keeps the class default.
        public var sectionInset: EdgeInsets?
        /// The layout's `headerInset`; nil keeps the class default.
        public var headerInset: EdgeInsets?
        /// The layout's `footerInset`; nil keeps the class default.
        public var footerInset: EdgeInsets?
        /// The layout's `itemRenderDirection`; nil keeps the class default.
        public var itemRenderDirection: ItemRenderDirection?
        /// The layout's `minimumContentHeight`; nil keeps the class default.
        public var minimumContentHeight: Double?
        /// The layout's `itemSize`; nil keeps the class default.
        public var itemSize: Size?
        /// Item sizes by item index, as the seed's view controller keeps them in its `cellSizes`
        /// array: the delegate answers `cellSizes[indexPath.item]` in every section. They belong
        /// to the place, not the item, so an item moved or dropped elsewhere takes that place's
        /// size. Nil: each item's own `size`.
        public var cellSizes: [Size]?
        /// Nothing given.
        public init() {}
    }

    /// The decoration kinds the layout produces (its `backgroundDecorationKind` and, for flow
    /// layouts, `sectionBackgroundDecorationKind`).
    public var decorationKinds: [String] {
        switch self {
        case .flow(let p), .line(let p):
            [p.backgroundDecorationKind, p.sectionBackgroundDecorationKind].compactMap { $0 }
        case .circle(let p): [p.backgroundDecorationKind].compactMap { $0 }
        case .waterfall: []
        }
    }

    /// The type name: `"flow"`, `"line"`, `"circle"` or `"waterfall"`.
    public var typeName: String {
        switch self {
        case .flow: return "flow"
        case .line: return "line"
        case .circle: return "circle"
        case .waterfall: return "waterfall"
        }
    }

    /// Reads a layout object.
    ///
    /// - Throws: `SceneDecodingError` for a missing or unknown `type`, a bad value or an unknown
    ///   key; a key of another type's layout is named as such (`"columnCount" is not a key of a
    ///   flow layout; a waterfall layout has it`).
    public static func read(_ v: JSONValue, _ path: String) throws -> SceneLayout {
        var r = try JSONObjectReader(v, path: path)
        let result = try read(from: &r)
        let own = r.keysAskedFor
        if let error = r.unknownKey(among: own) {
            let misplaced = r.keys.first { !own.contains($0) }
            let others = typeNames.filter { $0 != result.typeName && keysRead(byType: $0).contains(misplaced ?? "") }
            // A close key of this type ("minimumInterItemSpacing" in a flow layout) is the likelier meaning.
            guard let misplaced, !others.isEmpty, KeySuggestion.closest(to: misplaced, among: own) == nil else {
                throw error
            }
            let types = others.map { "a \($0)" }.joined(separator: " or ")
            throw SceneDecodingError(
                path: path,
                message:
                    "\(JSONRead.quoted(misplaced)) is not a key of a \(result.typeName) layout; \(types) layout has it")
        }
        return result
    }

    /// The keys a layout of type `type` reads, `"type"` among them.
    public static func keysRead(byType type: String) -> Set<String> {
        guard var r = try? JSONObjectReader(.object([("type", .string(type))]), path: JSONRead.rootPath),
            (try? read(from: &r)) != nil
        else { return [] }
        return r.keysAskedFor
    }

    /// Reads the members of a layout object from `r`, leaving the check for unknown keys to the
    /// caller.
    private static func read(from r: inout JSONObjectReader) throws -> SceneLayout {
        let type = try r.required("type", JSONRead.oneOf(typeNames))
        let result: SceneLayout
        switch type {
        case "flow", "line":
            var p = FlowParameters()
            p.scrollDirection = try r.optional("scrollDirection", JSONRead.oneOf(["vertical", "horizontal"]))
                .flatMap(CollectionView.ScrollDirection.init(rawValue:))
            p.itemSize = try r.optional("itemSize", JSONRead.size)
            p.minimumInteritemSpacing = try r.optional("minimumInteritemSpacing", JSONRead.number)
            p.minimumLineSpacing = try r.optional("minimumLineSpacing", JSONRead.number)
            p.sectionInset = try r.optional("sectionInset", JSONRead.insets)
            p.sectionInsetReference = try r.optional("sectionInsetReference", SceneLayout.readSectionInsetReference)
            p.headerReferenceSize = try r.optional("headerReferenceSize", JSONRead.size)
            p.footerReferenceSize = try r.optional("footerReferenceSize", JSONRead.size)
            p.sectionHeadersPinToVisibleBounds = try r.optional("sectionHeadersPinToVisibleBounds", JSONRead.bool)
            p.sectionFootersPinToVisibleBounds = try r.optional("sectionFootersPinToVisibleBounds", JSONRead.bool)
            p.backgroundDecorationKind = try r.optional("backgroundDecorationKind", JSONRead.string)
            p.sectionBackgroundDecorationKind = try r.optional("sectionBackgroundDecorationKind", JSONRead.string)
            if type == "line" {
                p.activeDistance = try r.optional("activeDistance", JSONRead.nonNegativeNumber)
                p.zoomFactor = try r.optional("zoomFactor", JSONRead.number)
                result = .line(p)
            } else {
                result = .flow(p)
            }
        case "circle":
            var p = CircleParameters()
            p.itemSize = try r.optional("itemSize", JSONRead.size)
            p.backgroundDecorationKind = try r.optional("backgroundDecorationKind", JSONRead.string)
            result = .circle(p)
        default:
            var p = WaterfallParameters()
            p.columnCount = try r.optional("columnCount", SceneLayout.readColumnCount)
            p.minimumColumnSpacing = try r.optional("minimumColumnSpacing", JSONRead.number)
            p.minimumInterItemSpacing = try r.optional("minimumInterItemSpacing", JSONRead.number)
            p.headerHeight = try r.optional("headerHeight", JSONRead.nonNegativeNumber)
            p.footerHeight = try r.optional("footerHeight", JSONRead.nonNegativeNumber)
            p.sectionInset = try r.optional("sectionInset", JSONRead.insets)
            p.headerInset = try r.optional("headerInset", JSONRead.insets)
            p.footerInset = try r.optional("footerInset", JSONRead.insets)
            p.itemRenderDirection = try r.optional(
                "itemRenderDirection", JSONRead.oneOf(ItemRenderDirection.allCases.map(\.rawValue))
            ).flatMap(ItemRenderDirection.init(rawValue:))
            p.minimumContentHeight = try r.optional("minimumContentHeight", JSONRead.nonNegativeNumber)
            p.itemSize = try r.optional("itemSize", JSONRead.size)
            p.cellSizes = try r.optional("cellSizes", JSONRead.array(JSONRead.size))
            if let sizes = p.cellSizes, sizes.count > Scene.maximumItemCount {
                throw SceneDecodingError(
                    path: r.path(of: "cellSizes"), message: "may hold at most \(Scene.maximumItemCount) sizes")
            }
            result = .waterfall(p)
        }
        return result
    }

    /// Reads `"fromContentInset"` or `"fromSafeArea"`; UIKit's `"fromLayoutMargins"` is refused
    /// with the reason, since layout margins are not modelled.
    static func readSectionInsetReference(_ v: JSONValue, _ path: String) throws
        -> CollectionViewFlowLayout.SectionInsetReference
    {
        if case .string("fromLayoutMargins") = v {
            throw SceneDecodingError(
                path: path,
                message:
                    "\"fromLayoutMargins\" is not modelled (a view's layout margins come from its view controller); use \"fromContentInset\" or \"fromSafeArea\""
            )
        }
        let names = CollectionViewFlowLayout.SectionInsetReference.allCases.map(\.rawValue)
        return CollectionViewFlowLayout.SectionInsetReference(rawValue: try JSONRead.oneOf(names)(v, path))!
    }

    /// A new layout object configured with these parameters.
    ///
    /// - Parameter displayScale: the canvas scale, for the waterfall's pixel flooring.
    public func makeLayout(displayScale: Double = 1) -> CollectionViewLayout {
        func configure(_ l: CollectionViewFlowLayout, _ p: FlowParameters) {
            if let v = p.scrollDirection { l.scrollDirection = v }
            if let v = p.itemSize { l.itemSize = v }
            if let v = p.minimumInteritemSpacing { l.minimumInteritemSpacing = v }
            if let v = p.minimumLineSpacing { l.minimumLineSpacing = v }
            if let v = p.sectionInset { l.sectionInset = v }
            if let v = p.sectionInsetReference { l.sectionInsetReference = v }
            if let v = p.headerReferenceSize { l.headerReferenceSize = v }
            if let v = p.footerReferenceSize { l.footerReferenceSize = v }
            if let v = p.sectionHeadersPinToVisibleBounds { l.sectionHeadersPinToVisibleBounds = v }
            if let v = p.sectionFootersPinToVisibleBounds { l.sectionFootersPinToVisibleBounds = v }
            if let v = p.backgroundDecorationKind { l.backgroundDecorationKind = v }
            if let v = p.sectionBackgroundDecorationKind { l.sectionBackgroundDecorationKind = v }
        }
        switch self {
        case .flow(let p):
            let l = CollectionViewFlowLayout()
            configure(l, p)
            return l
        case .line(let p):
            let l = LineLayout()
            configure(l, p)
            if let v = p.activeDistance { l.activeDistance = v }
            if let v = p.zoomFactor { l.zoomFactor = v }
            return l
        case .circle(let p):
            let l = CircleLayout()
            if let v = p.itemSize { l.itemSize = v }
            if let v = p.backgroundDecorationKind { l.backgroundDecorationKind = v }
            return l
        case .waterfall(let p):
            let l = WaterfallLayout()
            l.displayScale = displayScale
            if let v = p.columnCount { l.columnCount = v }
            if let v = p.minimumColumnSpacing { l.minimumColumnSpacing = v }
            if let v = p.minimumInterItemSpacing { l.minimumInteritemSpacing = v }
            if let v = p.headerHeight { l.headerHeight = v }
            if let v = p.footerHeight { l.footerHeight = v }
            if let v = p.sectionInset { l.sectionInset = v }
            if let v = p.headerInset { l.headerInset = v }
            if let v = p.footerInset { l.footerInset = v }
            if let v = p.itemRenderDirection { l.itemRenderDirection = v }
            if let v = p.minimumContentHeight { l.minimumContentHeight = v }
            if let v = p.itemSize { l.itemSize = v }
            return l
        }
    }
}

extension SceneLayout {
    /// The most columns a waterfall (or one of its sections) may have.
    static let maximumColumnCount = 1000

    /// A waterfall's `columnCount`, the layout's or a section's: a whole number 1…1000.
    ///
    /// - Throws: `SceneDecodingError` naming the rule broken.
    static func readColumnCount(_ v: JSONValue, _ path: String) throws -> Int {
        let count = try JSONRead.positiveInteger(v, path)
        guard count <= maximumColumnCount else {
            throw JSONRead.fail(path, "must be at most \(maximumColumnCount)", got: v)
        }
        return count
    }
}
