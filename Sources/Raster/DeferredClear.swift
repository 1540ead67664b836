/// A clear of a surface written a band of rows at a time, just before drawing first reaches
/// them, rather than all at once before drawing starts.
///
/// `Canvas.clear` and `Image.drawing` record the colour (`Surface.deferClear(_:)`). Every
/// drawing operation then settles the rows it may read or write before it touches them
/// (`Surface.settle(_:)`): the rows of its area that are still unsettled, each run of them
/// with one fill over their whole width. Reading the pixels settles the rest
/// (`Surface.settleAll()`: `Canvas.image`, `Canvas.flush()`, the end of `Image.drawing`). A new
/// canvas starts as a deferred clear of its background, and a transparency layer as one of
/// transparent, whose rows that drawing never reached are left out when the layer is
/// composited down. The bytes are those of the clear written first: tests compare both ways
/// over many scenes.
///
/// Written first, the clear of a 1170x2532 frame (12 MB) has left the 2 MB level-2 cache by
/// the time the cells paint over it, and each cell's rows come back from the last level. Settled
/// just before the first cell of a band reaches it, the band's rows (110 rows of S1's cells,
/// 0.5 MB) are still in the level-2 cache while the band's cells paint them. On a Xeon (family
/// 6, model 207), S1 with its frame finished took 2.00–2.20 ms with the clear written first and
/// 1.58–1.59 ms settled this way, in interleaved runs of 200 samples; S2 and S3 took the same
/// time either way.
///
/// A version that also skipped the pixels under opaque cells (each row settled only up to the
/// right end of what was drawn, around every cell's whole pixels) wrote about a third of the
/// clear but took 1.81–2.05 ms for S1 and made S3 5% slower: the cells then wrote their
/// interiors into lines no cache held, and the rows were written in short pieces between the
/// cells, each a stream of stores of its own.
struct DeferredClear {
    /// The packed premultiplied clear colour.
    let word: UInt32
    /// Per row, counted from the surface's first row, whether it holds its real pixels (settled)
    /// or stands for the clear colour, whatever its memory holds.
    let settledRows: UnsafeMutablePointer<Bool>
}

extension Surface {
    /// Sets every pixel to `word`: recorded, to be written as drawing reaches each row, when
    /// `defers` is true (`deferClear(_:)`), else written at once.
    func clear(to word: UInt32, defers: Bool) {
        if defers {
            deferClear(word)
        } else {
            deferredClear = nil
            Surface.fill(words, count: width * height, with: word)
        }
    }

    /// Records a clear of every pixel to `word`, to be written as drawing reaches each row.
    func deferClear(_ word: UInt32) {
        let settled: UnsafeMutablePointer<Bool>
        if let storage = settledRowsStorage {
            settled = storage
        } else {
            settled = .allocate(capacity: max(1, height))
            settledRowsStorage = settled
        }
        settled.update(repeating: false, count: height)
        deferredClear = DeferredClear(word: word, settledRows: settled)
    }

    /// Writes the deferred clear into every row of `area` that does not hold its real pixels
    /// yet, whole, so that drawing may read and write `area`: each run of such rows with one
    /// fill.
    func settle(_ area: PixelRect) {
        guard let clear = deferredClear else { return }
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return }
        let settled = clear.settledRows - bounds.minY
        var y = area.minY
        while y < area.maxY {
            if settled[y] {
                y += 1
                continue
            }
            var past = y + 1
            while past < area.maxY && !settled[past] { past += 1 }
            Surface.fill(row(y) + bounds.minX, count: (past - y) * width, with: clear.word)
            (settled + y).update(repeating: true, count: past - y)
            y = past
        }
    }

    /// Whether device row `y` (inside `bounds`) holds its real pixels in memory: no clear is
    /// pending, or the pending clear's row is settled.
    @inline(__always) func holdsPixels(row y: Int) -> Bool {
        guard let clear = deferredClear else { return true }
        return clear.settledRows[y - bounds.minY]
    }

    /// Writes what remains of a deferred clear, so that every pixel holds its real value.
    func settleAll() {
        guard deferredClear != nil else { return }
        settle(bounds)
        deferredClear = nil
    }
}
