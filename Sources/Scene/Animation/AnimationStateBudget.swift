/// How much playing an animation's steps may cost, counted step by step as
/// `SceneAnimationPlayer` plays them, so that a scene within every other limit cannot exhaust the
/// memory or run for hours.
///
/// Each step keeps the scene as it leaves it (a *state*). States share what a step leaves
/// unchanged, but a step that changes the items keeps its own copy of them: 10,000 inserts of
/// one item each into a few items hold some 50 million item values (some 8.6 GB) in all. And a
/// step that changes the layout or the items lays the collection view out again: on a scene of
/// 1,000,000 items such a step took about 0.37 s here, so 10,000 of them would take an hour.
struct AnimationStateBudget {
    /// The most item values the states may hold in all by default: about 700 MB of `SceneItem`
    /// values (some 170 bytes each).
    static let maximumItemCopies = 4_000_000
    /// The most items laid out over all the steps by default: at 1,000,000 items, 50 steps that
    /// lay the view out again (some 20 s).
    static let maximumItemLayouts = 50_000_000

    /// The limit on item values held by the states.
    let itemCopyLimit: Int
    /// The limit on items laid out.
    let itemLayoutLimit: Int
    /// The item values held by the states so far.
    private(set) var itemCopies = 0
    /// The items laid out so far, the scene's items (and sections, each laid out like an item)
    /// once for every step that lays it out again.
    private(set) var itemLayouts = 0

    /// A budget with these limits (the defaults unless a test asks for smaller ones).
    init(itemCopies: Int = maximumItemCopies, itemLayouts: Int = maximumItemLayouts) {
        itemCopyLimit = itemCopies
        itemLayoutLimit = itemLayouts
    }

    /// Counts a step that left `state`: its items, when the step lays the collection view out
    /// again, and its own copy of the items given one by one (`itemCount` sections hold none),
    /// when the step changed them.
    ///
    /// - Throws: `SceneDecodingError` at the step's path (`path`) when the animation passes
    ///   either limit.
    mutating func count(_ state: Scene, after action: AnimationStep.Action, path: String) throws(SceneDecodingError) {
        if action.laysOutAgain {
            itemLayouts += state.itemCount + state.sections.count
            if itemLayouts > itemLayoutLimit {
                throw SceneDecodingError(
                    path: path,
                    message:
                        "the animation lays out more than \(itemLayoutLimit) items in all (the scene's items and sections once for every layout change, update, drag and rotation); use fewer such steps or fewer items"
                )
            }
        }
        guard action.changesItems else { return }
        itemCopies += state.sections.reduce(0) { $0 + ($1.items?.count ?? 0) }
        if itemCopies > itemCopyLimit {
            throw SceneDecodingError(
                path: path,
                message:
                    "the animation's steps keep more than \(itemCopyLimit) items in all (every step that changes the items keeps a copy of those given one by one); use fewer such steps, or \"itemCount\" sections"
            )
        }
    }
}

extension AnimationStep.Action {
    /// Whether the step changes the sections' items: a batch update or a completed drag.
    var changesItems: Bool {
        switch self {
        case .insertItems, .deleteItems, .moveItem, .reloadItems, .insertSections, .deleteSections: true
        case .drag(_, _, let cancel, _): !cancel
        case .setLayout, .scrollTo, .select, .tap, .longPress, .flick, .rotate, .wait: false
        }
    }

    /// Whether the step lays the whole collection view out again: a layout change, a batch
    /// update, a drag (its moves) or a rotation. Scrolls, touches and waits ask only for what
    /// is on screen.
    var laysOutAgain: Bool {
        switch self {
        case .setLayout, .insertItems, .deleteItems, .moveItem, .reloadItems, .insertSections, .deleteSections,
            .drag, .rotate:
            true
        case .scrollTo, .select, .tap, .longPress, .flick, .wait: false
        }
    }
}
