import Animation
import ArgumentParser
import Foundation
import Support

/// Outputs that would overwrite an input, or each other: refused before any work, as bad usage
/// (exit status 64), since the run would destroy what it reads or keep only one of two results.
enum OutputCollision {
    /// Where `path` would be written or read: its deepest existing folder (or itself) resolved,
    /// and the rest of it as given, so that `out.png`, `./out.png` and `new/../out.png` are one
    /// file before any of them exists.
    static func location(of path: String) -> String {
        var head = path
        var rest: [String] = []
        while true {
            if let resolved = resolvedPath(head.isEmpty ? "." : head) {
                return rest.reversed().reduce(resolved) { joinedPath($0, $1) }
            }
            if head.isEmpty || head == "/" { return path }
            // Foundation's path calls trap on one-character paths; these two do not.
            rest.append(lastPathComponent(of: head))
            head = parentPath(of: head)
        }
    }

    /// Throws when an output of `outputs` (each with the option that names it) is one of
    /// `inputs` (each with what it is, as "the scene file"), or two outputs are the same file.
    ///
    /// - Throws: `CommandError` with exit status 64 naming the path and what it collides with.
    static func check(outputs: [(option: String, path: String)], inputs: [(what: String, path: String)]) throws {
        var inputLocations: [String: String] = [:]
        for (what, path) in inputs { inputLocations[location(of: path)] = what }
        var seen: [String: String] = [:]
        for (option, path) in outputs where path != "-" {
            let here = location(of: path)
            if let what = inputLocations[here] {
                throw CommandError(
                    "\(path): is \(what) itself; choose another output file", exitCode: CommandError.usage)
            }
            if let other = seen[here] {
                throw CommandError(
                    "\(path): \(other) and \(option) would write the same file; give each output its own",
                    exitCode: CommandError.usage)
            }
            seen[here] = option
        }
    }

    /// Throws when a file of `files` (each with its option) lies in the frames folder `folder`
    /// and is named like a frame (`frame_0003.png`): a frame would overwrite it, or a frame
    /// past the animation's end would be deleted with it.
    ///
    /// - Throws: `CommandError` with exit status 64 naming the path.
    static func check(files: [(option: String, path: String)], outsideFramesFolder folder: String) throws {
        let frames = location(of: folder)
        for (option, path) in files {
            let name = lastPathComponent(of: path)
            guard parentPath(of: location(of: path)) == frames, name.hasSuffix(".png"),
                FrameFileName.parse(String(name.dropLast(".png".count))) != nil
            else { continue }
            throw CommandError(
                "\(path): \(option) is named like a frame in -o \(folder), whose frames would replace or delete it; "
                    + "choose another name", exitCode: CommandError.usage)
        }
    }
}
