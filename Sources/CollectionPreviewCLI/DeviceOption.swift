import ArgumentParser
import Scene

/// `--device NAME[:landscape]`: a device's screen in place of the scene's canvas size and scale
/// (`SceneDeviceVariant`), for `render`, `layout` and `animate`; `batch` and `test` take several.
enum DeviceOption {
    /// The option's help.
    static let help = ArgumentHelp(
        "Show the scene on this device's screen (its size in points and its scale) instead of its canvas: NAME or NAME:landscape, e.g. \"iPhone SE\" or \"iPad Pro 11:landscape\" (or as file names spell it: iPad-Pro-11-landscape).",
        valueName: "device")

    /// The help of `batch`'s and `test`'s repeatable option.
    static let repeatedHelp = ArgumentHelp(
        "Show every scene on this device's screen (NAME or NAME:landscape, or its file label such as iPhone-SE) instead of its canvas, as <scene>.<device>.png (e.g. card.iPhone-SE.png); repeat for several devices.",
        valueName: "device")

    /// The variant `text` names.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the known devices.
    static func parse(_ text: String) throws -> SceneDeviceVariant {
        do {
            return try SceneDeviceVariant(parsing: text, path: "--device")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Reads the scene file at `path`, shown on `device` when one is given.
    ///
    /// - Throws: `SceneFileError`, or `ValidationError` for an unknown device.
    static func load(_ path: String, on device: String?) throws -> Scene {
        let scene = try Scene.load(path: path)
        guard let device else { return scene }
        return scene.shown(on: try parse(device))
    }
}
