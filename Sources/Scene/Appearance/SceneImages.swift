import BundledAssets
import Foundation
import PNG
import Raster
import Support
import Synchronization
import Text

/// The images a scene shows, found by name and decoded once.
///
/// A name is looked up, in order, in the scene file's folder and in
/// `Assets/Images/` (with ".png" added when the name has no extension). A
/// name may contain sub-folders but may not be absolute and may not leave
/// its folder with "..": scene files from elsewhere cannot read arbitrary
/// files. Decoded images are shared by every cell that shows them, and by
/// every thread (each name is decoded once, under its own lock). Each image is within `ImageLimits`, and
/// all of them together within `maximumDecodedBytes`.
public final class SceneImages: Sendable {
    /// The most memory the decoded images may take in all (1 GiB of RGBA8 pixels, four of the
    /// largest images `ImageLimits` accepts): a scene naming many large pictures is an error,
    /// not an exhausted machine.
    public static let maximumDecodedBytes = 1 << 30

    /// The folders searched, in order.
    public let folders: [String]
    /// Whether the bundled `Images/` should have been searched but was not found (a binary
    /// copied without its resource bundle): a missing image's error then says so.
    let bundledImagesMissing: Bool
    /// One entry per name asked for: threads asking for the same name wait on its entry, so
    /// that it is decoded once and counted once against the budget.
    private let entries = Mutex<[String: Entry]>([:])
    /// The bytes of the images decoded or being decoded.
    private let decodedBytes = Mutex(0)

    /// A name's decoded image, once one thread has decoded it (under the entry's lock).
    private final class Entry: Sendable {
        let image = Mutex<Image?>(nil)
    }
    /// The most bytes the decoded images may take (`maximumDecodedBytes` unless a test asks
    /// for less).
    let decodedByteLimit: Int

    /// Looks in `sceneFolder` (when given) and then in the bundled `Images/` (`BundledAssets`).
    public convenience init(sceneFolder: String?) {
        self.init(sceneFolder: sceneFolder, assetsFolder: BundledAssets.folder())
    }

    /// Looks in `sceneFolder` (when given) and then in `assetsFolder/Images`; nil for
    /// `assetsFolder` means the bundle was not found.
    init(sceneFolder: String?, assetsFolder: String?) {
        decodedByteLimit = SceneImages.maximumDecodedBytes
        var folders: [String] = []
        if let sceneFolder { folders.append(sceneFolder) }
        if let assetsFolder { folders.append((assetsFolder as NSString).appendingPathComponent("Images")) }
        self.folders = folders
        bundledImagesMissing = assetsFolder == nil
    }

    /// Looks in exactly `folders`.
    public convenience init(folders: [String]) {
        self.init(folders: folders, decodedByteLimit: SceneImages.maximumDecodedBytes)
    }

    /// Looks in exactly `folders`, with at most `decodedByteLimit` bytes of decoded images.
    init(folders: [String], decodedByteLimit: Int) {
        self.folders = folders
        self.decodedByteLimit = decodedByteLimit
        bundledImagesMissing = false
    }

    /// Why a name is not acceptable, or nil if it is.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix("/") {
            return "must be a name relative to the scene's folder or Assets/Images, not an absolute path"
        }
        if name.split(separator: "/").contains("..") {
            return "may not contain \"..\" (images must stay inside their folder)"
        }
        return nil
    }

    /// The file a name resolves to, or nil.
    public func path(forName name: String) -> String? {
        guard SceneImages.problem(with: name) == nil else { return nil }
        let candidates = (name as NSString).pathExtension.isEmpty ? [name + ".png", name] : [name]
        for folder in folders {
            for c in candidates {
                let p = (folder as NSString).appendingPathComponent(c)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: p, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return p
                }
            }
        }
        return nil
    }

    /// Loads the image `name`.
    ///
    /// Threads that ask for one name at the same time wait for one decode, which the budget
    /// counts once: counted once for each thread, a scene whose images fill the budget had
    /// some refused, and drawn blank, in the frames of `animate -j 2` that began together.
    ///
    /// - Throws: a message (for `SceneDecodingError`) when the name is not
    ///   acceptable, not found, or not a decodable PNG.
    public func load(_ name: String) throws(ImageLookupError) -> Image {
        let entry = entries.withLock { entries in
            if let known = entries[name] { return known }
            let made = Entry()
            entries[name] = made
            return made
        }
        return try entry.image.withLock { (image: inout Image?) throws(ImageLookupError) -> Image in
            if let image { return image }
            let decoded = try decode(name)
            image = decoded
            return decoded
        }
    }

    /// Finds and decodes the image `name`, within the budget (the caller holds its entry).
    private func decode(_ name: String) throws(ImageLookupError) -> Image {
        if let problem = SceneImages.problem(with: name) {
            throw ImageLookupError(message: "image \"\(name)\" \(problem)")
        }
        guard let path = path(forName: name) else {
            var message = "no image \"\(name)\" in \(folders.joined(separator: " or "))"
            if bundledImagesMissing {
                message +=
                    " (the bundled Images/ was not found: copy \(BundledAssets.bundleName) beside the executable, or set \(BundledAssets.environmentVariable) to a folder holding Images/)"
            }
            throw ImageLookupError(message: message, fileProblem: .missing)
        }
        // The header tells the decoded size: the budget is checked before the pixels are made.
        // An image past `ImageLimits` is left to the decoder, which refuses it as such (an image
        // that is not a readable PNG), whatever the others take.
        let header = SceneImages.pixelSize(ofFileAt: path)
        let tooLarge = header.map { ImageLimits.excess(width: $0.width, height: $0.height) != nil } ?? false
        let size = tooLarge ? 0 : header.map { $0.width * $0.height * 4 } ?? 0
        let total = decodedBytes.withLock { bytes in
            bytes += size
            return bytes
        }
        if total > decodedByteLimit {
            decodedBytes.withLock { $0 -= size }
            throw ImageLookupError(
                message:
                    "image \"\(name)\": the scene's images would take \(digitsGrouped(total)) bytes decoded, more than the \(digitsGrouped(decodedByteLimit)) allowed in all"
            )
        }
        do {
            return try PNGDecoder.read(contentsOf: path)
        } catch {
            decodedBytes.withLock { $0 -= size }
            let problem: SceneDecodingError.ImageFileProblem
            if case .file = error { problem = .unreadableFile } else { problem = .unreadablePNG }
            throw ImageLookupError(message: "image \"\(name)\": \(error)", fileProblem: problem)
        }
    }

    /// The bytes the PNG file at `path` decodes to (RGBA8), from its header; nil when the header
    /// cannot be read (decoding then says why).
    ///
    /// The file is opened as `FileBytes` opens it: a named pipe in an image's place is refused at
    /// once (decoding then says it is not a regular file) instead of blocking the render.
    static func decodedSize(ofFileAt path: String) -> Int? {
        pixelSize(ofFileAt: path).map { $0.width * $0.height * 4 }
    }

    /// The width and height the PNG file at `path` declares in its header; nil when the header
    /// cannot be read (opened as `decodedSize(ofFileAt:)` opens it).
    static func pixelSize(ofFileAt path: String) -> (width: Int, height: Int)? {
        guard let start = try? FileBytes.readPrefix(path, count: 33), let header = try? PNGHeader(parsing: start) else {
            return nil
        }
        return (header.width, header.height)
    }

    /// The image `name` if it loads, else nil (names were checked when the scene was loaded).
    public func image(named name: String) -> Image? {
        if name.isEmpty { return nil }
        return try? load(name)
    }
}
