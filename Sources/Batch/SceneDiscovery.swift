import Foundation
import Support

/// Finds the scene files of a batch and names their outputs.
///
/// Rules, in the order they apply:
///
/// - A path naming a **file** is a scene whatever its extension; its output is
///   its file name with a final `.json` replaced by `.png` (`a/b/card.json` →
///   `card.png`; `notes.txt` → `notes.txt.png`).
/// - A path naming a **folder** is searched recursively for files whose names
///   end in `.json` (lowercase). Each one's output keeps its path inside that
///   folder (`Samples` holding `grid/basic.json` → `grid/basic.png`), so
///   `batch Samples -o out` mirrors `Samples/` into `out/`.
/// - Names starting with `.` are skipped (`.git`, `.build`, editor files), and
///   so are symbolic links to folders (no cycles); links to files are followed.
/// - The output folder is skipped when it lies inside a searched folder (but
///   searched when it is a searched folder itself, as in `batch . -o .`), and
///   files named as a batch names its manifests (`manifest.json`,
///   `manifest-K-of-N.json`), or as `test` names its results (`results.json`,
///   `results-K-of-N.json`) beside a report's `junit.xml`, are never taken for scenes in a searched folder,
///   so a batch never reads its own output, nor a test run an earlier run's
///   report. (A file given directly is always a scene.)
/// - The same file reached twice with the same output (say `Samples` and
///   `Samples/a.json`) is rendered once. Two *different* files that would
///   write the same output (`a/card.json` and `b/card.json` given as files, or
///   two folders both holding `card.json`) are an error before anything is
///   rendered: pass their common parent folder instead.
/// - The result is sorted by the UTF-8 bytes of the source path, so the order
///   (and with it every shard) is the same on every machine.
public enum SceneDiscovery {
    /// The file-name suffix of scene files found in folders.
    public static let sceneSuffix = ".json"

    /// Whether `name` is a file the tool writes beside scenes: a batch manifest, or a test run's
    /// results (`results.json`, `results-K-of-N.json`) in a report folder (one holding
    /// `junit.xml`: elsewhere a scene may well be called `results.json`).
    public static func isToolOutputName(_ name: String, inReportFolder: Bool) -> Bool {
        BatchManifest.isManifestFileName(name) || (inReportFolder && BatchShard.isPartFileName(name, stem: "results"))
    }

    /// Finds the scenes under `paths` and names their outputs.
    ///
    /// - Parameters:
    ///   - paths: Files and folders, as given on the command line.
    ///   - excludedDirectory: A folder never searched (the output folder); it
    ///     need not exist.
    /// - Returns: The scenes, sorted by `BatchScene.precedes`, never empty.
    /// - Throws: `BatchError.noSuchPath`, `.unreadableDirectory`,
    ///   `.outputCollision`, or `.noScenes` when nothing was found.
    /// - Complexity: O(n log n) in the number of files found, plus the file
    ///   system walk.
    public static func discover(_ paths: [String], excluding excludedDirectory: String? = nil) throws(BatchError)
        -> [BatchScene]
    {
        let excluded = excludedDirectory.flatMap(resolvedPath)
        var found: [BatchScene] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .noSuchPath(path)
            }
            if isDirectory.boolValue {
                try walk(directory: path, relative: "", excluding: excluded, into: &found)
            } else {
                found.append(BatchScene(sourcePath: path, outputPath: outputName(forFile: lastPathComponent(of: path))))
            }
        }
        guard !found.isEmpty else { throw .noScenes(paths: paths) }
        return try removingDuplicates(found.sorted(by: BatchScene.precedes))
    }

    /// The output name for a scene file named `name`: a final `.json` becomes
    /// `.png`; any other name gets `.png` appended.
    ///
    /// - Complexity: O(n) in the length of `name`.
    public static func outputName(forFile name: String) -> String {
        if name.hasSuffix(sceneSuffix) && name.utf8.count > sceneSuffix.utf8.count {
            return String(name.dropLast(sceneSuffix.count)) + ".png"
        }
        return name + ".png"
    }

    /// Appends the scenes inside `directory` (whose path inside the argument is `relative`).
    private static func walk(
        directory: String, relative: String, excluding excluded: String?, into found: inout [BatchScene]
    ) throws(BatchError) {
        // The output folder is skipped when it lies inside a searched folder; when it is the searched
        // folder itself (`batch . -o .`) its scenes are found (manifests never are, see `walk`).
        let isOutput = excluded != nil && resolvedPath(directory) == excluded
        if isOutput && !relative.isEmpty { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadableDirectory(path: directory, reason: listingFailure(directory))
        }
        let isReport = names.contains("junit.xml")
        for name in names where !name.hasPrefix(".") {
            let child = joinedPath(directory, name)
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let type = (try? FileManager.default.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
            var isDirectory: ObjCBool = false
            // A scene whose name is not UTF-8 is an error, not skipped; so is a dangling link
            // named as a scene, which is found and then reported as missing when it is read
            // (a scene put in the suite as a link must not drop out of it silently).
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                if name.hasSuffix(sceneSuffix) && name.contains("\u{FFFD}") { throw .undecodableName(path: child) }
                if name.hasSuffix(sceneSuffix) && type == .typeSymbolicLink
                    && !isToolOutputName(name, inReportFolder: isReport)
                {
                    found.append(BatchScene(sourcePath: child, outputPath: outputName(forFile: childRelative)))
                }
                continue
            }
            if isDirectory.boolValue {
                if type != .typeSymbolicLink {
                    try walk(directory: child, relative: childRelative, excluding: excluded, into: &found)
                }
            } else if name.hasSuffix(sceneSuffix) && !isToolOutputName(name, inReportFolder: isReport) {
                found.append(BatchScene(sourcePath: child, outputPath: outputName(forFile: childRelative)))
            }
        }
    }

    /// Drops repeated (same file, same output) entries and rejects two files sharing an output.
    private static func removingDuplicates(_ sorted: [BatchScene]) throws(BatchError) -> [BatchScene] {
        var byOutput: [String: BatchScene] = [:]
        var result: [BatchScene] = []
        for scene in sorted {
            if let earlier = byOutput[scene.outputPath] {
                if earlier.sourcePath == scene.sourcePath || sameFile(earlier.sourcePath, scene.sourcePath) { continue }
                throw .outputCollision(output: scene.outputPath, first: earlier.sourcePath, second: scene.sourcePath)
            }
            byOutput[scene.outputPath] = scene
            result.append(scene)
        }
        return result
    }

    /// Whether two paths name the same existing file.
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let ra = resolvedPath(a), let rb = resolvedPath(b) else { return false }
        return ra == rb
    }

    /// Why `opendir` fails on `path`, as the C library words it.
    private static func listingFailure(_ path: String) -> String {
        guard let dir = opendir(path) else { return String(cString: strerror(errno)) }
        closedir(dir)
        return "cannot read the folder"
    }
}
