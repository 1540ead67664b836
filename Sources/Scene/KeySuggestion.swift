/// The known key an unknown one was probably meant to be: `layuot` → `layout`,
/// `itemsize` → `itemSize`.
///
/// A key matches when it differs only in letter case, or when its edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours, counted on lower-cased text) is at most
/// 1 for keys up to 4 characters, 2 up to 8, and 3 beyond. The nearest wins; ties go to the
/// alphabetically first, so the suggestion is the same on every run.
public enum KeySuggestion {
    /// The known key closest to `key`, or nil when none is close enough.
    ///
    /// - Complexity: O(k · m · n) for k known keys of length m and `key` of length n (`key` is
    ///   cut to 64 characters first, so a hostile key costs no more than a long one).
    public static func closest(to key: String, among known: Set<String>) -> String? {
        let typed = Array(key.lowercased().prefix(64))
        let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        var best: (distance: Int, key: String)?
        for candidate in known.sorted() {
            let d = distance(typed, Array(candidate.lowercased()))
            guard d <= allowed else { continue }
            if best == nil || d < best!.distance { best = (d, candidate) }
        }
        return best?.key
    }

    /// The optimal-string-alignment distance between `a` and `b` (Levenshtein plus swaps of
    /// adjacent characters).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
