/// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `a/b` → `a`,
/// `a/b/` → `a`, `/x` → `/`, `/` → `/`, a bare name → the empty string.
///
/// Written out because swift-corelibs-foundation's `deletingLastPathComponent` traps on a
/// one-character path (`x`, `x/`, `.`): `render -o x` crashed. `ParentPathTests` compares the
/// two on every other path it tries.
public func parentPath(of path: String) -> String {
    var rest = Substring(path)
    while rest.count > 1, rest.hasSuffix("/") { rest = rest.dropLast() }
    guard let slash = rest.lastIndex(of: "/") else { return "" }
    var head = rest[..<slash]
    while head.count > 1, head.hasSuffix("/") { head = head.dropLast() }
    return head.isEmpty ? "/" : String(head)
}
