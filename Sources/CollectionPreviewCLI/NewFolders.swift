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
        var missing: [String] = []
        var folder = path
        var isFolder: ObjCBool = false
        while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            missing.append(folder)
            folder = parentPath(of: folder)
        }
        for folder in missing.reversed() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            made.append(folder)
        }
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

    /// Removes the folders made that are empty, innermost first (`rmdir`: a folder that holds
    /// anything stays).
    mutating func removeEmpty() {
        for folder in made.reversed() { _ = rmdir(folder) }
        made = []
    }
}
