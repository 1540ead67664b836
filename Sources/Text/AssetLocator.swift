import Foundation

/// Finds files in the project's `Assets/` folder at run time: fonts, sample images.
///
/// Search order for `Assets/<relative path>`, first hit wins: the running
/// executable's folder and every folder above it, then this source file's
/// folder and every folder above it (so `swift run` and `swift test` in a
/// checkout find the checkout's assets). `COLLECTION_PREVIEW_ASSETS` is handled
/// by the callers, which treat an explicit setting as authoritative.
public enum AssetLocator {
    /// The path of `Assets/<relative>`, or nil; every path tried is appended to `searched`.
    ///
    /// - Complexity: O(d) file-existence checks, d the depth of the start folders.
    public static func find(_ relative: String, searched: inout [String]) -> String? {
        var starts: [String] = []
        if let executable = executableFolder() { starts.append(executable) }
        starts.append((#filePath as NSString).deletingLastPathComponent)
        for start in starts {
            var folder = start
            while true {
                let candidate = (folder as NSString).appendingPathComponent("Assets/\(relative)")
                if fileExists(candidate) { return candidate }
                searched.append(candidate)
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        return nil
    }

    /// The `Assets` folder itself (found through the marker file `Assets/Fonts/DejaVuSans.ttf`),
    /// or `$COLLECTION_PREVIEW_ASSETS` when set.
    public static func assetsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let assets = environment[FontLocator.environmentVariable], !assets.isEmpty { return assets }
        var searched: [String] = []
        guard let marker = find("Fonts/DejaVuSans.ttf", searched: &searched) else { return nil }
        return ((marker as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    }

    /// The folder of the running executable (resolved through `/proc/self/exe`
    /// on Linux), or `nil` when it cannot be determined.
    static func executableFolder() -> String? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return (target as NSString).deletingLastPathComponent
        }
        if let path = Bundle.main.executablePath {
            return (path as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// Whether a regular file (not a folder) exists at `path`.
    static func fileExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
