import Foundation

/// Finds the bundled DejaVu Sans font files at run time.
///
/// Search order, first hit wins:
/// 1. `$COLLECTION_PREVIEW_ASSETS/Fonts/<file>` when the variable is set (and
///    an error if the file is not there: an explicit setting must not be
///    silently ignored);
/// 2. `Assets/Fonts/<file>` in the running executable's folder or any folder above it;
/// 3. `Assets/Fonts/<file>` in this source file's folder or any folder above
///    it (works for `swift run` / `swift test` in a checkout);
/// 4. the system copy in `/usr/share/fonts/truetype/dejavu/`.
public enum FontLocator {
    /// The environment variable naming the folder that contains `Fonts/`.
    public static let environmentVariable = "COLLECTION_PREVIEW_ASSETS"
    /// Where Debian and Ubuntu's fonts-dejavu-core package installs DejaVu.
    public static let systemFontFolder = "/usr/share/fonts/truetype/dejavu"

    /// The path of the bundled font file `fileName` (for example `DejaVuSans.ttf`).
    ///
    /// - Parameter environment: The environment to read `COLLECTION_PREVIEW_ASSETS`
    ///   from (the process environment by default; tests pass their own).
    /// - Throws: `TextError.assetsFolderMissingFont` when the variable is set
    ///   but the file is not in its `Fonts/` folder; `TextError.bundledFontNotFound`
    ///   listing every path searched when no copy exists anywhere.
    /// - Complexity: O(d) file-existence checks, d the depth of the start folders.
    public static func path(
        forBundledFont fileName: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TextError) -> String {
        if let assets = environment[environmentVariable], !assets.isEmpty {
            let candidate = (assets as NSString).appendingPathComponent("Fonts/\(fileName)")
            guard AssetLocator.fileExists(candidate) else {
                throw .assetsFolderMissingFont(variable: environmentVariable, path: candidate)
            }
            return candidate
        }
        var searched: [String] = []
        if let found = AssetLocator.find("Fonts/\(fileName)", searched: &searched) { return found }
        let system = (systemFontFolder as NSString).appendingPathComponent(fileName)
        if AssetLocator.fileExists(system) { return system }
        searched.append(system)
        throw .bundledFontNotFound(searched: searched)
    }
}
