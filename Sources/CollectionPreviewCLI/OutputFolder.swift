import Foundation

/// The folders a command writes into (`animate -o`, `batch -o`, `test --report` and
/// `--baselines`, `assets -o`), checked before any work: a path that is a file says so and
/// which option wants a folder, where creating the folder later failed with the system's
/// "File exists" or "Not a directory" (`render -o` given a folder says the opposite).
enum OutputFolder {
    /// Throws when `path` exists and is not a folder (a symbolic link to a folder is one).
    ///
    /// - Parameter onlyRead: The folder is only read this time (`test --record never` reads its
    ///   baselines and writes none), so a file there is an input that is missing.
    /// - Throws: `CommandError` with exit status 73 (66 when `onlyRead`): `x.png: is a file, not
    ///   a folder; give -o a folder for the frames`.
    static func check(_ path: String, option: String, for what: String, onlyRead: Bool = false) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return }
        throw CommandError(
            "\(path): is a file, not a folder; give \(option) a folder for \(what)",
            exitCode: onlyRead ? CommandError.noInput : CommandError.cannotCreate)
    }
}
