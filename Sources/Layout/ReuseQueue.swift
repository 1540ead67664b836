/// The views a collection view has taken off screen, waiting to be dequeued again, keyed by
/// element category, kind and reuse identifier.
///
/// Last in, first out, so which view is handed out is deterministic.
struct ReuseQueue {
    /// What a queued view can be reused for.
    struct Key: Hashable {
        var category: CollectionView.ElementCategory
        var kind: String?
        var identifier: String
    }

    private var views: [Key: [any ReusableElementView]] = [:]

    /// The number of views waiting.
    private(set) var count = 0

    /// Adds a view that left the screen.
    mutating func enqueue(_ view: any ReusableElementView, for key: Key) {
        views[key, default: []].append(view)
        count += 1
    }

    /// Takes the most recently queued view for `key`, if any.
    mutating func dequeue(_ key: Key) -> (any ReusableElementView)? {
        guard let view = views[key]?.popLast() else { return nil }
        count -= 1
        return view
    }

    /// Forgets every queued view.
    mutating func removeAll() {
        views.removeAll()
        count = 0
    }
}
