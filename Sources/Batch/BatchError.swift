import Support

/// Why a batch could not start or finish: bad input paths, a bad shard, or an
/// output folder or manifest that cannot be written.
///
/// A scene that fails to render is not a `BatchError`: it is recorded in its
/// `BatchSceneResult` and the other scenes go on. `description` is one line,
/// fit to follow `error: ` on a terminal.
public enum BatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path given to the batch does not exist.
    case noSuchPath(String)
    /// A folder could not be listed.
    case unreadableDirectory(path: String, reason: String)
    /// A scene file whose name is not UTF-8: Foundation gives it with U+FFFD in place of the
    /// bytes it cannot decode, a name no file has, so it cannot be opened.
    case undecodableName(path: String)
    /// The paths given hold no scene files at all.
    case noScenes(paths: [String])
    /// Two different scene files would be written to the same output file.
    case outputCollision(output: String, first: String, second: String)
    /// A scene shown on a device would be written to (or checked against) the file of another
    /// scene whose name ends in that device's label (`w.json` on the iPhone SE and
    /// `w.iPhone-SE.json` both give `w.iPhone-SE.png`).
    case deviceNameCollision(scene: String, device: String, other: String, output: String)
    /// A shard given on the command line or in the environment is malformed or out of range.
    case invalidShard(String)
    /// The output folder (or a folder inside it) could not be created.
    case outputDirectory(path: String, reason: String)
    /// The manifest could not be written.
    case manifest(path: String, reason: String)
    /// A manifest read back is not one this tool writes; `location` is the
    /// file or the JSON path inside it.
    case invalidManifest(location: String, reason: String)
    /// Shard manifests that do not add up to one whole batch.
    case incompleteMerge(String)
    /// SIGINT or SIGTERM stopped the batch; the manifest was not written.
    case interrupted(InterruptedError)

    /// One line naming the path and the problem.
    public var description: String {
        switch self {
        case .noSuchPath(let path):
            return "\(path): no such file or directory"
        case .unreadableDirectory(let path, let reason):
            return "\(path): cannot list the folder: \(reason)"
        case .undecodableName(let path):
            return "\(path): the file's name is not UTF-8 (shown with �), so it cannot be opened; rename it"
        case .noScenes(let paths):
            return "no scene files (*.json) found in \(paths.joined(separator: ", "))"
        case .outputCollision(let output, let first, let second):
            return
                "\(first) and \(second) would both be written to \(output); pass one folder that holds both (names are then paths inside it), or rename one"
        case .deviceNameCollision(let scene, let device, let other, let output):
            return
                "\(scene) on \(device) and \(other) would both use \(output) (the second's own image or baseline without --device); rename one"
        case .invalidShard(let message):
            return message
        case .outputDirectory(let path, let reason):
            return "\(path): cannot create the output folder: \(reason)"
        case .manifest(let path, let reason):
            return "\(path): cannot write the manifest: \(reason)"
        case .invalidManifest(let location, let reason):
            return "\(location): \(reason)"
        case .interrupted(let error):
            return "\(error); no manifest was written"
        case .incompleteMerge(let reason):
            return "cannot merge the shard manifests: \(reason)"
        }
    }
}
