/// A growable array of trivial values on manually managed memory, for the
/// rasterizer's hot loops: appending does no uniqueness or exclusivity
/// checks and never retains anything.
///
/// It is a value holding a pointer: copy it into a local variable for a
/// loop and store it back afterwards (growth may move the storage). The
/// owner calls `deallocate()` exactly once.
struct RawBuffer<Element: BitwiseCopyable> {
    /// The first element.
    private(set) var base: UnsafeMutablePointer<Element>
    /// Elements that fit without growing.
    private(set) var capacity: Int
    /// Elements in use.
    var count = 0

    /// Allocates room for `capacity` elements (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Appends `element`, doubling the storage when full.
    ///
    /// - Complexity: amortised O(1).
    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for at least `minimum` elements; the contents are kept.
    mutating func reserve(_ minimum: Int) {
        if minimum > capacity { grow(to: max(minimum, capacity * 2)) }
    }

    private mutating func grow(to newCapacity: Int) {
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Element `i` (no bounds check; `i` must be below `count` or within capacity for writes).
    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Frees the storage. The buffer must not be used afterwards.
    func deallocate() { base.deallocate() }
}
