/// `directory/name`: `name` alone when `directory` is empty, and no doubled `/` when `directory`
/// already ends with one. Paths are joined as text, never made absolute, so what a manifest or a
/// report records is the same on every machine for the same command line.
public func joinedPath(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
}
