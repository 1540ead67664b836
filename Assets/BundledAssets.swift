import Foundation

/// The files CollectionPreview ships with, as SwiftPM resources: the DejaVu Sans fonts every label
/// is set in (`Fonts/`) and the sample pictures the samples show (`Images/`).
///
/// They live in the repository's `Assets/` folder and are copied into the package's resource
/// bundle (`CollectionPreview_BundledAssets.resources`), which SwiftPM places beside every
/// executable and test runner it builds. A binary copied elsewhere finds them as long as the
/// bundle is copied beside it. `COLLECTION_PREVIEW_ASSETS` names another folder holding `Fonts/`
/// and `Images/` to use instead.
public enum BundledAssets {
    /// The environment variable naming a folder with `Fonts/` and `Images/` to use instead of the
    /// bundled copies.
    public static let environmentVariable = "COLLECTION_PREVIEW_ASSETS"

    /// The folder holding `Fonts/` and `Images/`: `$COLLECTION_PREVIEW_ASSETS` when it is set and
    /// not empty, else the resource bundle's folder; nil when there is neither.
    ///
    /// - Parameter environment: the environment to read the variable from (the process's by
    ///   default; tests pass their own).
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let folder = environment[environmentVariable], !folder.isEmpty { return folder }
        return bundleFolder
    }

    /// The name of the resource bundle SwiftPM builds beside every executable.
    public static let bundleName = "CollectionPreview_BundledAssets.resources"

    /// The resource bundle's folder, through SwiftPM's `Bundle.module`; nil when no bundle lies
    /// beside the running executable (a binary copied without it). `Bundle.module` would stop
    /// the process in that case, so its presence is checked first: callers then fall back (the
    /// system DejaVu font) or report a clear error.
    public static var bundleFolder: String? {
        let folders = [Bundle.main.bundleURL.path, executableFolder()].compactMap { $0 }
        guard folders.contains(where: { FileManager.default.fileExists(atPath: $0 + "/" + bundleName) }) else {
            return nil
        }
        return Bundle.module.resourceURL?.path ?? Bundle.module.bundlePath
    }

    /// The folder of the running executable, links resolved (`/proc/self/exe` on Linux).
    static func executableFolder() -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return Bundle.main.executablePath.map { ($0 as NSString).deletingLastPathComponent }
        }
        return (target as NSString).deletingLastPathComponent
    }

    /// Whether `environment` sets `COLLECTION_PREVIEW_ASSETS` (then a file missing from that
    /// folder is an error: an explicit setting must not be silently ignored).
    public static func isOverridden(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment[environmentVariable] ?? "").isEmpty
    }
}
