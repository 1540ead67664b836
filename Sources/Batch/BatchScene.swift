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
    ///
    /// - Throws: `BatchError.deviceNameCollision` when a scene on a device would use the file of
    ///   another scene, named as that scene on that device (`w.json` and `w.iPhone-SE.json`).
    public static func shown(_ scenes: [BatchScene], on devices: [SceneDeviceVariant]) throws(BatchError)
        -> [BatchScene]
    {
        var seen = Set<SceneDeviceVariant>()
        let variants = devices.filter { seen.insert($0).inserted }
        guard !variants.isEmpty else { return scenes }
        let byStem = Dictionary(scenes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var shown: [BatchScene] = []
        for scene in scenes {
            for device in variants {
                let name = "\(scene.name).\(device.label)"
                if let other = byStem[name] {
                    throw .deviceNameCollision(
                        scene: scene.sourcePath, device: device.description, other: other.sourcePath,
                        output: name + ".png")
                }
                shown.append(BatchScene(sourcePath: scene.sourcePath, outputPath: name + ".png", device: device))
            }
        }
        return shown.sorted(by: precedes)
    }

    /// The scenes as runs on other devices than `devices` show them: on every other device
    /// preset, upright and turned, and as they are (unless `devices` is empty). Their files
    /// belong to those runs, not to a scene that is gone.
    public static func otherConfigurations(of scenes: [BatchScene], besides devices: [SceneDeviceVariant])
        -> [BatchScene]
    {
        let others = SceneDeviceVariant.all.filter { !devices.contains($0) }
        let onOthers = scenes.flatMap { scene in
            others.map { device in
                BatchScene(
                    sourcePath: scene.sourcePath, outputPath: "\(scene.name).\(device.label).png", device: device)
            }
        }
        return (devices.isEmpty ? [] : scenes) + onOthers
    }

    /// The output path without `.png`: the scene's name in a batch or a test run
    /// (`grid/basic`, `grid/basic.iPhone-SE`), and its baselines' (`name.png`, `name/frame_NNNN.png`).
    public var name: String { String(outputPath.dropLast(outputPath.hasSuffix(".png") ? 4 : 0)) }

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
