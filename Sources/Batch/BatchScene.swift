/// One scene of a batch: the file it is read from and the PNG it is written to.
///
/// `sourcePath` is the path as the user gave it, joined with the scene's path
/// inside a given folder (`Samples` + `grid/basic.json` →
/// `Samples/grid/basic.json`), never made absolute, so a manifest is the same
/// on every machine for the same command line. `outputPath` is relative to the
/// output folder and always uses `/`.
public struct BatchScene: Hashable, Sendable, CustomStringConvertible {
    /// The scene file, as found from the paths given.
    public var sourcePath: String
    /// The PNG's path relative to the output folder, e.g. `grid/basic.png`.
    public var outputPath: String

    /// Creates a scene entry.
    public init(sourcePath: String, outputPath: String) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
    }

    /// `source -> output`.
    public var description: String { "\(sourcePath) -> \(outputPath)" }

    /// Whether `a` sorts before `b` in a batch: by the UTF-8 bytes of the source
    /// path, then of the output path — an order that does not depend on the
    /// locale or on Unicode normalisation.
    ///
    /// - Complexity: O(n) in the length of the paths.
    public static func precedes(_ a: BatchScene, _ b: BatchScene) -> Bool {
        if !a.sourcePath.utf8.elementsEqual(b.sourcePath.utf8) {
            return a.sourcePath.utf8.lexicographicallyPrecedes(b.sourcePath.utf8)
        }
        return a.outputPath.utf8.lexicographicallyPrecedes(b.outputPath.utf8)
    }
}
