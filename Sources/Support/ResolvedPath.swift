/// The absolute path of an existing file or folder with symbolic links resolved (`realpath(3)`),
/// or nil if it does not exist: two paths name the same file when their resolved paths are equal.
public func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
