import Scene

/// One scene of a batch: the file it is read from, the PNG it is written to, and the device
/// screen it is shown on when the batch names devices.
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
    /// The device screen the scene is shown on instead of its canvas, or nil.
    public var device: SceneDeviceVariant?

    /// Creates a scene entry.
    public init(sourcePath: String, outputPath: String, device: SceneDeviceVariant? = nil) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
        self.device = device
    }

    /// `source -> output`, and `on device` when there is one.
    public var description: String {
        "\(sourcePath) -> \(outputPath)" + (device.map { " on \($0)" } ?? "")
    }

    /// Each of `scenes` on each of `devices` (the first of equal ones), its output named
    /// `name.<label>.png` (`grid/basic.iPhone-SE.png`, `SceneDeviceVariant.label`), in the order
    /// `precedes` gives; `scenes` as they are when `devices` is empty.
    public static func shown(_ scenes: [BatchScene], on devices: [SceneDeviceVariant]) -> [BatchScene] {
        var seen = Set<SceneDeviceVariant>()
        let variants = devices.filter { seen.insert($0).inserted }
        guard !variants.isEmpty else { return scenes }
        return scenes.flatMap { scene in
            let stem = scene.outputPath.dropLast(scene.outputPath.hasSuffix(".png") ? 4 : 0)
            return variants.map {
                BatchScene(sourcePath: scene.sourcePath, outputPath: "\(stem).\($0.label).png", device: $0)
            }
        }.sorted(by: precedes)
    }

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
