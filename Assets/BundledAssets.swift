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
    /// not empty, else the resource bundle's folder.
    ///
    /// - Parameter environment: the environment to read the variable from (the process's by
    ///   default; tests pass their own).
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment[environmentVariable], !folder.isEmpty { return folder }
        return bundleFolder
    }

    /// The resource bundle's folder (through SwiftPM's `Bundle.module`).
    public static var bundleFolder: String {
        Bundle.module.resourceURL?.path ?? Bundle.module.bundlePath
    }

    /// Whether `environment` sets `COLLECTION_PREVIEW_ASSETS` (then a file missing from that
    /// folder is an error: an explicit setting must not be silently ignored).
    public static func isOverridden(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment[environmentVariable] ?? "").isEmpty
    }
}
