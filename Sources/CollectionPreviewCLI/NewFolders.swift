import Foundation
import Support

/// The folders a command makes for its output, remembered so that a run that fails can take
/// away those it left empty: a failed `animate -o new/frames` leaves no `new/frames` behind.
struct NewFolders {
    /// The folders made, outermost first.
    private(set) var made: [String] = []

    /// Makes `path` and the folders above it that are missing, remembering each one made.
    ///
    /// - Throws: the error of `FileManager.createDirectory` for the first folder that cannot be
    ///   made.
    mutating func create(_ path: String) throws {
        for folder in NewFolders.missing(path) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            made.append(folder)
        }
    }

    /// The folders of `path` that do not exist yet, `path` itself included, outermost first:
    /// those that making it would make.
    static func missing(_ path: String) -> [String] {
        var missing: [String] = []
        var folder = path
        var isFolder: ObjCBool = false
        while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            missing.append(folder)
            folder = parentPath(of: folder)
        }
        return missing.reversed()
    }

    /// Folders that someone else may make (a library writing into them), remembered so that
    /// those left empty can be removed: `removeEmpty()` then takes away the ones of `path` that
    /// were missing when this was called.
    static func expecting(_ path: String) -> NewFolders {
        NewFolders(made: missing(path))
    }

    /// `create(_:)` for the output folder `path` of a command: its failure is the command's
    /// error, `PATH: cannot create the folder: REASON` with exit status 73.
    mutating func createOutput(_ path: String) throws {
        do {
            try create(path)
        } catch {
            throw CommandError(
                "\(path): cannot create the folder: \(systemReason(of: error))", exitCode: CommandError.cannotCreate)
        }
    }

    /// Makes the output folder `path` (`createOutput(_:)`), then runs `body`, which writes into
    /// it; if either fails, the folders made are taken away again (those left empty).
    static func writingInto<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
        var folders = NewFolders()
        do {
            try folders.createOutput(path)
            return try body()
        } catch {
            folders.removeEmpty()
            throw error
        }
    }

    /// Removes the folders made that are empty, innermost first (`rmdir`: a folder that holds
    /// anything stays).
    mutating func removeEmpty() {
        for folder in made.reversed() { _ = rmdir(folder) }
        made = []
    }
}
