import Foundation

/// A fresh temporary folder for one batch test, removed when the test ends.
///
/// Each instance gets its own folder under the system temporary directory, so
/// tests running in parallel never share files.
final class BatchTestFolder {
    /// The folder's path (no trailing slash).
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "/batch-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` to `relative`, creating folders as needed; returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// The bytes of `relative`, or nil if it does not exist.
    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url(relative)).map { [UInt8]($0) }
    }

    /// Every regular file under the folder, as sorted relative paths.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url(name), isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(name)
            }
        }
        return found.sorted()
    }
}

/// Tiny scenes built from the contract's core keys only.
enum BatchScenes {
    /// A valid scene: `width`×`height` points at `scale`, `count` red cells of 20×20 points.
    static func valid(width: Int = 64, height: Int = 48, scale: Double = 1, count: Int = 3, color: String = "#FF0000")
        -> String
    {
        """
        {"canvas": {"width": \(width), "height": \(height), "scale": \(scale), "background": "#FFFFFF"},
         "layout": {"type": "flow", "itemSize": {"width": 20, "height": 20},
                    "minimumInteritemSpacing": 2, "minimumLineSpacing": 2,
                    "sectionInset": {"top": 2, "left": 2, "bottom": 2, "right": 2}},
         "sections": [{"itemCount": \(count)}],
         "cellStyle": {"backgroundColor": "\(color)", "borderColor": "#000000", "borderWidth": 1, "cornerRadius": 4}}
        """
    }

    /// A scene with a misspelt layout key, rejected with `layout: unknown key "itemSzie"`.
    static let badKey = """
        {"canvas": {"width": 64, "height": 48, "scale": 1},
         "layout": {"type": "flow", "itemSzie": {"width": 20, "height": 20}},
         "sections": [{"itemCount": 1}]}
        """
}
