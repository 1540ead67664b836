import Foundation
import Support

extension Scene {
    /// Reads and decodes the scene file at `path`, and checks that every image
    /// it names exists (beside the file or in `Assets/Images/`) and that no label's text,
    /// placeholders filled, is longer than `maximumLabelTextBytes`.
    ///
    /// The scene remembers the file's folder (`baseFolder`) for finding images.
    ///
    /// - Throws: `SceneFileError` naming the file.
    public static func load(path: String) throws -> Scene {
        let scene = try decoded(path: path)
        do {
            try scene.checkImages(in: SceneImages(sceneFolder: scene.baseFolder))
            try scene.checkLabelTexts()
            return scene
        } catch let error as SceneDecodingError {
            throw SceneFileError.invalid(path: path, error: error)
        }
    }

    /// The files of the images the scene file at `path` names (`imageFiles(in:)`: beside the file
    /// or in `Assets/Images/`, none decoded).
    ///
    /// - Throws: `SceneFileError` when the file cannot be read or decoded: its pictures are not
    ///   known, except that they lie in its folder or below (or in `Assets/Images/`).
    public static func imageFiles(ofSceneAt path: String) throws -> Set<String> {
        let scene = try decoded(path: path)
        return scene.imageFiles(in: SceneImages(sceneFolder: scene.baseFolder))
    }

    /// The scene in the file at `path`, remembering the file's folder, its images not checked.
    ///
    /// - Throws: `SceneFileError` naming the file.
    private static func decoded(path: String) throws -> Scene {
        let bytes = try SceneFile.read(path)
        do {
            var scene = try Scene(jsonBytes: bytes)
            scene.baseFolder = parentPath(of: path)
            if scene.baseFolder?.isEmpty == true { scene.baseFolder = "." }
            return scene
        } catch let error as SceneDecodingError {
            throw SceneFileError.invalid(path: path, error: error)
        }
    }
}

/// Reading scene files from disk.
enum SceneFile {
    /// The largest scene file read (64 MiB): checked before reading.
    static let maximumFileSize = 64 << 20

    /// The bytes of the file at `path`, refusing directories and files over the size limit.
    ///
    /// - Throws: `SceneFileError.unreadable` for a file that is missing, a folder or cannot be
    ///   read; `.invalid` for one over the size limit (a scene out of limits, as any other).
    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneFileError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw SceneFileError.unreadable(path: path, reason: "is a directory") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > maximumFileSize {
            throw SceneFileError.invalid(
                path: path,
                error: SceneDecodingError(
                    path: "(root)",
                    message:
                        "a scene file must be at most \(maximumFileSize >> 20) MiB (\(maximumFileSize) bytes), got \(size)"
                ))
        }
        do {
            return try FileBytes.read(path, maximumSize: maximumFileSize)
        } catch {
            // A named pipe (`<(…)`) or a device (`/dev/null`) is refused without being read.
            let reason =
                error.operation == .notRegularInput
                ? "not a regular file (a named pipe, a device), which scenes are not read from"
                : "cannot read the file (\(String(cString: strerror(error.code))))"
            throw SceneFileError.unreadable(path: path, reason: reason)
        }
    }
}
