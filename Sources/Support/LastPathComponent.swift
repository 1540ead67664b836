/// The last component of `path`, as `NSString.lastPathComponent` gives it: `a/b` → `b`,
/// `a/b/` → `b`, `/` → `/`, a bare name → itself.
///
/// Written out beside `parentPath(of:)` for the same reason: swift-corelibs-foundation's path
/// calls trap on one-character paths. `LastPathComponentTests` compares the two on every other
/// path it tries.
public func lastPathComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
}
