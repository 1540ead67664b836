import Animation
import Geometry
import Layout

/// One step of a scene animation.
public struct AnimationStep: Equatable, Sendable {
    /// What the step does.
    public enum Action: Equatable, Sendable {
        /// Changes the layout, animated (`setCollectionViewLayout(_:animated:)`).
        case setLayout(SceneLayout)
        /// Inserts items at their post-update index paths: each one given, or a default item.
        case insertItems([PlacedItem])
        /// Deletes the items at these pre-update index paths.
        case deleteItems([IndexPath])
        /// Moves an item.
        case moveItem(from: IndexPath, to: IndexPath)
        /// Reloads items: each shows the new item (text, style, size, image, design) in its place,
        /// its old cell fading out over the new one.
        case reloadItems([PlacedItem])
        /// Inserts these sections, the first at this post-update index, the rest after it.
        case insertSections(at: Int, [SceneSection])
        /// Deletes the sections at these pre-update indices, with their items.
        case deleteSections([Int])
        /// Scrolls to a content offset.
        case scrollTo(Point)
        /// Selects an item as a tap does, between frames: the previously selected one deselected
        /// under single selection, a selected item deselected under multiple selection, nothing
        /// where the scene's `allowsSelection` or the item's `shouldHighlight` / `shouldSelect`
        /// refuse.
        case select(IndexPath)
        /// A tap as frames: the item is highlighted for the first half of the step, then
        /// unhighlighted and selected (or deselected), in UIKit's order, as far as the scene's and
        /// the item's selection rules allow.
        case tap(IndexPath)
        /// A long press: the item is pressed (highlighted, as far as its `shouldHighlight`
        /// allows) for the step's duration, then the touch is cancelled (nothing is selected)
        /// and the edit menu shows over the item with `menu`'s actions, until a step other than
        /// `wait` dismisses it.
        case longPress(MenuSpec)
        /// Interactive movement: begins moving `item`, follows `path` (the moving item's centre in
        /// content coordinates, the points evenly spread over the step's duration), then ends the
        /// movement — or cancels it — and the item drops into its slot: between two frames, or
        /// over `settle` seconds after the step's duration when that is more than 0. An item whose
        /// `canMove` is false does not move: nothing does, for the step's duration.
        case drag(item: IndexPath, path: [Point], cancel: Bool, settle: Double)
        /// Lifts the finger with a velocity in points per second: the content decelerates at
        /// UIScrollView's normal rate and comes to rest where the layout's
        /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` says.
        case flick(velocity: Point)
        /// Rotates the device: the canvas's width and height swap so that it is portrait (taller
        /// than wide) or landscape, and the collection view re-lays out at the new bounds.
        case rotate(Orientation)
        /// Nothing changes.
        case wait
    }

    /// An item and its index path: what an `insertItems` step inserts where (post-update), or what
    /// a `reloadItems` step shows in an item's place (pre-update).
    public struct PlacedItem: Equatable, Sendable {
        /// The item's index path.
        public var at: IndexPath
        /// The item's content.
        public var item: SceneItem

        /// Creates a placed item; a default item unless `item` is given.
        public init(at: IndexPath, item: SceneItem = SceneItem()) {
            self.at = at
            self.item = item
        }

        /// Reads `{"at": [section, item], "item": {…}}`; with `bareIndexPath`, also a bare
        /// `[section, item]` for a default item.
        static func read(_ v: JSONValue, _ path: String, bareIndexPath: Bool) throws -> PlacedItem {
            if bareIndexPath {
                switch v {
                case .array: return PlacedItem(at: try JSONRead.indexPath(v, path))
                case .object: break
                default:
                    throw SceneDecodingError(
                        path: path, message: #"must be an index path [section, item] or {"at": …, "item": …}"#)
                }
            }
            var o = try JSONObjectReader(v, path: path)
            let at = try o.required("at", JSONRead.indexPath)
            let item = try o.required("item", SceneItem.read)
            try o.finish()
            return PlacedItem(at: at, item: item)
        }
    }

    /// A device orientation a `rotate` step turns to.
    public enum Orientation: String, Equatable, Sendable {
        /// Taller than wide.
        case portrait
        /// Wider than tall.
        case landscape

        /// `size` turned to this orientation (its sides swapped if needed).
        public func apply(to size: Size) -> Size {
            let long = max(size.width, size.height), short = min(size.width, size.height)
            return self == .portrait ? Size(width: short, height: long) : Size(width: long, height: short)
        }
    }

    /// What the step does.
    public var action: Action
    /// How long it lasts; nil: the default for its kind.
    public var duration: Double?
    /// Its timing curve; nil: `easeInOut`.
    public var curve: TimingCurve?

    /// Creates a step.
    public init(_ action: Action, duration: Double? = nil, curve: TimingCurve? = nil) {
        self.action = action
        self.duration = duration
        self.curve = curve
    }

    /// The curve used.
    public var effectiveCurve: TimingCurve { curve ?? .default }

    /// How long the step lasts: its duration; without one, none (it changes the state between
    /// two frames), except a flick, which lasts as long as it takes to decelerate, a long press,
    /// which holds for `longPressDuration`, and an animated step (not `select`, `wait`, `tap` or
    /// `drag`) whose curve is a spring, which lasts until the spring settles. A drag's `settle` comes after this (`totalDuration`).
    public var effectiveDuration: Double {
        if let duration { return duration }
        switch action {
        case .select, .wait, .tap, .drag: return 0
        case .longPress: return AnimationStep.longPressDuration
        case .flick(let v):
            return TimingCurve.decelerationDuration(speed: (v.x * v.x + v.y * v.y).squareRoot())
        default: return effectiveCurve.naturalDuration
        }
    }

    /// How much of the animation's time line the step takes: `effectiveDuration`, and for a drag
    /// its `settle` after it.
    public var totalDuration: Double {
        if case .drag(_, _, _, let settle) = action { return effectiveDuration + settle }
        return effectiveDuration
    }

    /// How long a `longPress` holds without a `duration`: 0.5 s, UILongPressGestureRecognizer's
    /// `minimumPressDuration`, after which the menu shows.
    public static let longPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration

    /// How long the other items take to slide to their new places when a drag's target changes:
    /// 0.25 s, ease in and out.
    public static let slideDuration = DragSimulation.slideDuration

    /// The action keys, in the order the README lists them.
    static let actionKeys = [
        "setLayout", "insertItems", "deleteItems", "moveItem", "reloadItems", "insertSections", "deleteSections",
        "drag", "scrollTo",
        "flick", "rotate", "tap", "longPress", "select", "wait",
    ]
    /// Keys of the format this version reads but cannot animate yet.
    static let plannedKeys: [String] = []

    /// Reads a step object: exactly one action key, and optionally `duration` and `curve`.
    static func read(_ v: JSONValue, _ path: String) throws -> AnimationStep {
        var r = try JSONObjectReader(v, path: path)
        for key in plannedKeys where r.contains(key) {
            throw SceneDecodingError(path: r.path(of: key), message: "is not supported by this version yet")
        }
        let present = r.keys.filter(actionKeys.contains)
        // A misspelt action is named, with the action it is closest to.
        if present.isEmpty, let error = r.unknownKey(among: Set(actionKeys + ["duration", "curve"])) { throw error }
        guard present.count == 1 else {
            throw SceneDecodingError(
                path: path,
                message: present.isEmpty
                    ? "needs one of " + actionKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                    : "has \(present.count) actions (\(present.joined(separator: ", "))); give one per step")
        }
        var duration = try r.optional("duration", JSONRead.nonNegativeNumber)
        let curve = try r.optional("curve", readCurve)
        let action: Action
        switch present[0] {
        case "setLayout": action = .setLayout(try r.required("setLayout", SceneLayout.read))
        case "insertItems":
            action = .insertItems(
                try r.required("insertItems", JSONRead.array { try PlacedItem.read($0, $1, bareIndexPath: true) }))
        case "deleteItems": action = .deleteItems(try r.required("deleteItems", JSONRead.array(JSONRead.indexPath)))
        case "moveItem":
            action = try r.required("moveItem") { v, p in
                var m = try JSONObjectReader(v, path: p)
                let from = try m.required("from", JSONRead.indexPath), to = try m.required("to", JSONRead.indexPath)
                try m.finish()
                return .moveItem(from: from, to: to)
            }
        case "reloadItems":
            action = .reloadItems(
                try r.required("reloadItems", JSONRead.array { try PlacedItem.read($0, $1, bareIndexPath: false) }))
        case "insertSections":
            action = try r.required("insertSections") { v, p in
                var i = try JSONObjectReader(v, path: p)
                let at = try i.required("at", JSONRead.nonNegativeInteger)
                let sections = try i.required("sections", Scene.readSections)
                guard !sections.isEmpty else {
                    throw SceneDecodingError(path: i.path(of: "sections"), message: "must hold at least one section")
                }
                try i.finish()
                return .insertSections(at: at, sections)
            }
        case "deleteSections":
            action = .deleteSections(try r.required("deleteSections", JSONRead.array(JSONRead.nonNegativeInteger)))
        case "scrollTo": action = .scrollTo(try r.required("scrollTo", JSONRead.point))
        case "rotate":
            let to = try r.required("rotate", JSONRead.oneOf(["portrait", "landscape"]))
            action = .rotate(Orientation(rawValue: to)!)
        case "select": action = .select(try r.required("select", JSONRead.indexPath))
        case "tap": action = .tap(try r.required("tap", JSONRead.indexPath))
        case "longPress": action = .longPress(try r.required("longPress", MenuSpec.read))
        case "drag":
            action = try r.required("drag") { v, p in
                var d = try JSONObjectReader(v, path: p)
                let item = try d.required("item", JSONRead.indexPath)
                let points = try d.required("path", JSONRead.array(JSONRead.point))
                guard (1...1000).contains(points.count) else {
                    throw SceneDecodingError(
                        path: d.path(of: "path"), message: "must hold 1 to 1000 points, got \(points.count)")
                }
                let cancel = try d.optional("cancel", JSONRead.bool) ?? false
                let settle = try d.optional("settle", JSONRead.nonNegativeNumber) ?? 0
                guard settle <= SceneAnimation.maximumStepDuration else {
                    throw SceneDecodingError(
                        path: d.path(of: "settle"),
                        message: "must be at most \(Int(SceneAnimation.maximumStepDuration)) seconds, got \(settle)")
                }
                try d.finish()
                return .drag(item: item, path: points, cancel: cancel, settle: settle)
            }
        case "flick":
            action = try r.required("flick") { v, p in
                var f = try JSONObjectReader(v, path: p)
                let velocity = try f.required("velocity", JSONRead.point)
                try f.finish()
                let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
                guard speed <= 100_000 else {
                    throw SceneDecodingError(
                        path: f.path(of: "velocity"),
                        message: "must be at most 100000 points per second, got \(Scene.format(speed))")
                }
                return .flick(velocity: velocity)
            }
        default:
            guard duration == nil else {
                throw SceneDecodingError(
                    path: path, message: "a wait gives its duration as its value, not as \"duration\"")
            }
            duration = try r.required("wait", JSONRead.nonNegativeNumber)
            action = .wait
        }
        let step = AnimationStep(action, duration: duration, curve: curve)
        // A spring or a flick without a duration lasts as long as it takes to settle: held to the
        // same limit as a duration that is given.
        if duration == nil, step.effectiveDuration > SceneAnimation.maximumStepDuration {
            throw SceneDecodingError(
                path: path,
                message:
                    "would last more than \(Int(SceneAnimation.maximumStepDuration)) seconds; give a \"duration\" or a stiffer curve"
            )
        }
        if let duration, duration > SceneAnimation.maximumStepDuration {
            throw SceneDecodingError(
                path: r.path(of: present[0] == "wait" ? "wait" : "duration"),
                message:
                    "must be at most \(Int(SceneAnimation.maximumStepDuration)) seconds, got \(Scene.format(duration))")
        }
        try r.finish()
        return step
    }

    /// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`, `{"cubicBezier": [x1, y1, x2, y2]}` or
    /// `{"spring": {"dampingRatio": ζ, "response": seconds}}`.
    static func readCurve(_ v: JSONValue, _ path: String) throws -> TimingCurve {
        if case .string(let name) = v {
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInOut": return .easeInOut
            default:
                // The objects are curves too: a name that is none of the four says so.
                throw JSONRead.fail(
                    path,
                    #"must be "linear", "easeIn", "easeOut", "easeInOut", {"cubicBezier": [x1, y1, x2, y2]} or {"spring": {"dampingRatio": ζ, "response": seconds}}"#,
                    got: v)
            }
        }
        var r = try JSONObjectReader(v, path: path)
        if let points = try r.optional("cubicBezier", JSONRead.array(JSONRead.number)) {
            let p = r.path(of: "cubicBezier")
            guard points.count == 4 else {
                throw SceneDecodingError(
                    path: p, message: "must be [x1, y1, x2, y2] with x1 and x2 in 0…1, got \(points.count) numbers")
            }
            for k in [0, 2] where !(0...1).contains(points[k]) {
                throw JSONRead.fail("\(p)[\(k)]", "must be in 0…1 (x\(k / 2 + 1), a time)", got: .number(points[k]))
            }
            try r.finish()
            return .cubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        }
        let spring = try r.required("spring") { v, p -> TimingCurve in
            var s = try JSONObjectReader(v, path: p)
            let zeta = try s.required("dampingRatio", JSONRead.positiveNumber)
            let response = try s.required("response", JSONRead.positiveNumber)
            guard zeta <= 10 else {
                throw JSONRead.fail(s.path(of: "dampingRatio"), "must be at most 10", got: .number(zeta))
            }
            guard response <= 10 else {
                throw JSONRead.fail(s.path(of: "response"), "must be at most 10 seconds", got: .number(response))
            }
            try s.finish()
            return .spring(dampingRatio: zeta, response: response)
        }
        try r.finish()
        return spring
    }
}
