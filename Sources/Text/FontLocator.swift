import BundledAssets
import Foundation

/// Finds the bundled DejaVu Sans font files at run time.
///
/// Search order, first hit wins:
/// 1. `$COLLECTION_PREVIEW_ASSETS/Fonts/<file>` when the variable is set (and an error if the
///    file is not there: an explicit setting must not be silently ignored);
/// 2. `Fonts/<file>` in the package's resource bundle (`BundledAssets`);
/// 3. the system copy in `/usr/share/fonts/truetype/dejavu/`.
public enum FontLocator {
    /// Where Debian and Ubuntu's fonts-dejavu-core package installs DejaVu.
    public static let systemFontFolder = "/usr/share/fonts/truetype/dejavu"

    /// The path of the bundled font file `fileName` (for example `DejaVuSans.ttf`).
    ///
    /// - Parameters:
    ///   - fileName: The font file's name in `Fonts/`.
    ///   - environment: The environment to read `COLLECTION_PREVIEW_ASSETS`
    ///     from (the process environment by default; tests pass their own).
    /// - Throws: `TextError.assetsFolderMissingFont` when the variable is set
    ///   but the file is not in its `Fonts/` folder; `TextError.bundledFontNotFound`
    ///   listing every path searched when no copy exists anywhere.
    public static func path(
        forBundledFont fileName: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TextError) -> String {
        var searched: [String] = []
        if let folder = BundledAssets.folder(environment: environment) {
            let bundled = (folder as NSString).appendingPathComponent("Fonts/\(fileName)")
            if isRegularFile(bundled) { return bundled }
            if BundledAssets.isOverridden(in: environment) {
                throw .assetsFolderMissingFont(variable: BundledAssets.environmentVariable, path: bundled)
            }
            searched.append(bundled)
        } else {
            searched.append(BundledAssets.bundleName + " (not beside the executable)")
        }
        let system = (systemFontFolder as NSString).appendingPathComponent(fileName)
        if isRegularFile(system) { return system }
        throw .bundledFontNotFound(searched: searched + [system])
    }

    /// Whether a regular file (not a folder) exists at `path`.
    static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
