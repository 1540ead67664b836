import Animation
import Batch
import Foundation
import Scene
import Support

/// The baselines folder of a suite: which of its PNG files the suite's scenes use.
struct BaselineFolder {
    /// The folder.
    let path: String
    /// A folder inside it that holds no baselines (the report folder, when it is inside).
    var excluded: String? = nil

    /// Every `.png` file under the folder, relative to it, with `/` separators; sorted. Hidden
    /// files and folders, the excluded folder and any folder that holds a test run's results (a
    /// report an earlier run was given inside the baselines) are left out.
    func files() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        let excludedPath = excluded.flatMap(resolvedPath)
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if let excludedPath, resolvedPath(joinedPath(path, relative)) == excludedPath {
                enumerator.skipDescendants()
                continue
            }
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory,
                SuiteReportFolder.holdsTestResults(joinedPath(path, relative))
            {
                enumerator.skipDescendants()
                continue
            }
            // A folder named `x.png` is not a baseline (and `--prune` must never remove one).
            var isFolder: ObjCBool = false
            if relative.hasSuffix(".png"),
                FileManager.default.fileExists(atPath: joinedPath(path, relative), isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(relative)
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Removes the hidden staging folders (`.baselines.tmp-<pid>-<hex>`, `BaselineWriter`) that
    /// runs killed outright left anywhere under the folder, when their process is gone
    /// (`StagingFolder.removeAbandoned`): otherwise only a run that recorded the same animation
    /// again would, and until then one could be committed beside the baselines.
    func removeAbandonedStagingFolders() {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return }
        let prefix = "." + BaselineWriter.stem + ".tmp-"
        var folders = Set<String>()
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix(".") else { continue }
            enumerator.skipDescendants()
            if name.hasPrefix(prefix) { folders.insert(parentPath(of: relative)) }
        }
        for folder in folders.sorted() {
            StagingFolder.removeAbandoned(in: joinedPath(path, folder), stem: BaselineWriter.stem)
        }
    }

    /// The baselines no scene of `suite` uses.
    ///
    /// Scenes that were checked (`checked`) use exactly their images: `name.png` for a still
    /// scene, `name/frame_NNNN.png` for each frame of an animation. Scenes of the suite that
    /// another shard checks use `name.png` and any `name/frame_NNNN.png`, since only that shard
    /// knows their frame count; the union of the shards' lists is the unsharded run's.
    /// A scene that failed to load keeps all of its files, and so do the scenes of `elsewhere`
    /// (the suite as runs on other devices show it: `BatchScene.otherConfigurations`).
    func orphans(suite: [BatchScene], checked: [SceneCheck], elsewhere: [BatchScene] = []) -> [String] {
        var exact = Set<String>()
        var broad = Set<String>()
        let checkedNames = Set(checked.map(\.name))
        for check in checked {
            if check.error != nil {
                broad.insert(check.name)
            } else {
                for frame in check.frames { exact.insert(frame.baseline) }
            }
        }
        for scene in suite where !checkedNames.contains(scene.name) { broad.insert(scene.name) }
        for scene in elsewhere { broad.insert(scene.name) }
        return files().filter { file in
            if exact.contains(file) { return false }
            if file.hasSuffix(".png"), broad.contains(String(file.dropLast(4))) { return false }
            let folder = parentPath(of: file)
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            return !(broad.contains(folder) && FrameFileName.parse(stem) != nil)
        }
    }

    /// Those of `files` (relative to the folder) that are baselines of the scenes named `names`
    /// (`BatchScene.name`): `name.png`, and `name/frame_NNNN.png` for each frame, whatever the
    /// scene is now (a still scene's old frames and an animation's old still are its own).
    static func baselines(ofScenesNamed names: [String], in files: [String]) -> [String] {
        let names = Set(names)
        return files.filter { file in
            if file.hasSuffix(".png"), names.contains(String(file.dropLast(4))) { return true }
            let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            return names.contains(parentPath(of: file)) && FrameFileName.parse(stem) != nil
        }
    }

    /// `files` (relative to the folder) less the pictures that the scenes in `scenes` (their
    /// files' paths) show: a baselines folder that holds the scenes may hold their images too,
    /// and those are not baselines (nor unused, nor to be pruned). A file is compared by its
    /// resolved path. The scenes are read only when `files` is not empty, and their images are
    /// not decoded. A scene that cannot be read keeps every file in its folder and below: its
    /// pictures are among them, and which ones is not known.
    func leavingOut(imagesOf scenes: [String], from files: [String]) -> [String] {
        guard !files.isEmpty else { return files }
        var pictures = Set<String>()
        // The folders of scenes that cannot be read: their pictures are somewhere below.
        var unknown: [String] = []
        for scene in Set(scenes) {
            do {
                pictures.formUnion(try Scene.imageFiles(ofSceneAt: scene))
            } catch {
                let folder = parentPath(of: scene)
                guard let resolved = resolvedPath(folder.isEmpty ? "." : folder) else { continue }
                unknown.append(resolved.hasSuffix("/") ? resolved : resolved + "/")
            }
        }
        guard !pictures.isEmpty || !unknown.isEmpty else { return files }
        return files.filter { file in
            guard let resolved = resolvedPath(joinedPath(path, file)) else { return true }
            return !pictures.contains(resolved) && !unknown.contains { resolved.hasPrefix($0) }
        }
    }

    /// The sign of a suite given by one of its sub-folders: none of `names` (the scenes' names,
    /// relative to the folders given) has a baseline here, but every one of them has one under
    /// one folder further down, `prefix` (`a/` for scenes `x` and `y` with baselines `a/x.png`
    /// and `a/y/frame_0000.png`). Returns one such baseline and the prefix, or nil (also when
    /// the folder holds no baselines).
    func misrooting(of names: [String]) -> (example: String, prefix: String)? {
        let manager = FileManager.default
        func hasBaseline(_ name: String) -> Bool {
            manager.fileExists(atPath: joinedPath(path, name + ".png"))
                || manager.fileExists(atPath: joinedPath(path, name))
        }
        guard let first = names.first, !names.contains(where: hasBaseline) else { return nil }
        var prefix = ""
        let match = files().first { file in
            if file.hasSuffix("/" + first + ".png") {
                prefix = String(decoding: file.utf8.dropLast(first.utf8.count + ".png".utf8.count), as: UTF8.self)
                return true
            }
            if let range = file.range(of: "/" + first + "/frame_") {
                prefix = String(file[..<range.lowerBound]) + "/"
                return true
            }
            return false
        }
        guard let match, names.allSatisfy({ hasBaseline(prefix + $0) }) else { return nil }
        return (match, prefix)
    }

    /// Deletes `files` (relative to the folder), and then the folders they leave empty; files
    /// already gone are skipped.
    ///
    /// Each folder that held a deleted file, or holds one that did, is listed once, after the
    /// deletions, the deepest first (listed after every deletion, a folder of k orphaned frames
    /// took k listings of up to k entries).
    func remove(_ files: [String]) {
        let manager = FileManager.default
        var folders = Set<String>()
        for file in files {
            try? manager.removeItem(atPath: joinedPath(path, file))
            var folder = parentPath(of: file)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = parentPath(of: folder)
            }
        }
        // A folder's path is longer than its parent's, so the parent is looked at after it.
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            if (try? manager.contentsOfDirectory(atPath: joinedPath(path, folder)))?.isEmpty == true {
                try? manager.removeItem(atPath: joinedPath(path, folder))
            }
        }
    }
}
