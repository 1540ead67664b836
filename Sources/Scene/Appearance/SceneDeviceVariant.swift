import Foundation
import Geometry

/// A device screen to show a scene on in place of its own canvas size and scale: the tool's
/// `--device "iPhone SE"` or `--device "iPad Pro 11:landscape"`.
///
/// The collection view then fills that screen, in points at the device's scale, as an app's does
/// on each device it runs on; the canvas background (transparent if the scene gives none, where
/// a scene's own `"device"` key makes it white) and everything else in the scene stay. One
/// suite of scenes can so be checked on several screens, each with its own baselines, as
/// iOSSnapshotTestCase's file name options and Playwright's projects do.
public struct SceneDeviceVariant: Hashable, Sendable, CustomStringConvertible {
    /// The device preset.
    public let device: SceneDevice
    /// Whether the screen is turned to landscape (width and height swapped).
    public let isLandscape: Bool

    /// Creates a variant.
    public init(device: SceneDevice, isLandscape: Bool = false) {
        self.device = device
        self.isLandscape = isLandscape
    }

    /// Parses `NAME` or `NAME:landscape` (`NAME:portrait` is `NAME`), NAME one of
    /// `SceneDevice.presets`, or a variant's `label` as file names show it (`iPhone-SE`,
    /// `iPad-Pro-11-landscape`), so a name copied from an output file works too.
    ///
    /// - Parameter path: What the error names as the value's place: the option or JSON path
    ///   it came from (the command line's `--device`).
    /// - Throws: `SceneDecodingError` (path `path`) naming the known devices.
    public init(parsing text: String, path: String = "device") throws(SceneDecodingError) {
        if let variant = SceneDeviceVariant.all.first(where: { $0.label == text }) {
            self = variant
            return
        }
        var name = Substring(text)
        var landscape = false
        if let suffix = [":landscape", ":portrait"].first(where: { name.hasSuffix($0) }) {
            name = name.dropLast(suffix.count)
            landscape = suffix == ":landscape"
        }
        // A known device with something else after its colon: the orientation is what is wrong.
        if !landscape, let colon = name.lastIndex(of: ":"), Self.device(named: name[..<colon]) != nil {
            let orientation = String(name[name.index(after: colon)...])
            throw SceneDecodingError(
                path: path,
                message:
                    "unknown orientation \(JSONRead.quoted(orientation)) after \(JSONRead.quoted(String(name[..<colon]))); give \"landscape\" or \"portrait\" (or nothing, for portrait)"
            )
        }
        guard let device = Self.device(named: name) else {
            throw SceneDecodingError(
                path: path,
                message:
                    "unknown device \(JSONRead.quoted(String(name))) (give NAME or NAME:landscape, or the label file names use, e.g. iPad-Pro-11-landscape); known: \(SceneDevice.knownNames)"
            )
        }
        self.init(device: device, isLandscape: landscape)
    }

    /// The preset called `name`, or whose upright label (`iPhone-SE`) is `name`.
    private static func device(named name: Substring) -> SceneDevice? {
        SceneDevice.named(String(name)) ?? all.first(where: { !$0.isLandscape && $0.label == name })?.device
    }

    /// Every preset, upright and turned.
    public static var all: [SceneDeviceVariant] {
        SceneDevice.presets.flatMap {
            [SceneDeviceVariant(device: $0), SceneDeviceVariant(device: $0, isLandscape: true)]
        }
    }

    /// The names of `variants` (`description`), each once, sorted by their UTF-8 bytes: how a run
    /// on them is recorded (a manifest's and a test run's `devices`).
    public static func names(_ variants: [SceneDeviceVariant]) -> [String] {
        Set(variants.map(\.description)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `NAME` or `NAME:landscape`, as parsed.
    public var description: String { device.name + (isLandscape ? ":landscape" : "") }

    /// The label in file and scene names: the name with hyphens for spaces, and `-landscape`
    /// when turned (`iPhone-SE`, `iPad-Pro-11-landscape`).
    public var label: String {
        device.name.replacingOccurrences(of: " ", with: "-") + (isLandscape ? "-landscape" : "")
    }

    /// The screen's size in points as held.
    public var screenSize: Size {
        isLandscape ? Size(width: device.size.height, height: device.size.width) : device.size
    }

    /// The safe area of a full-screen view as held.
    public var safeAreaInsets: EdgeInsets { isLandscape ? device.landscapeSafeArea : device.portraitSafeArea }
}

extension Scene {
    /// The scene shown on `variant`'s screen: the canvas's width, height and scale are the
    /// device's, and so is the safe area when the scene takes the device's
    /// (`"safeAreaInsets": "device"`); its background and the rest of the scene are unchanged.
    public func shown(on variant: SceneDeviceVariant) -> Scene {
        var scene = self
        let size = variant.screenSize
        scene.canvas.width = size.width
        scene.canvas.height = size.height
        scene.canvas.scale = variant.device.scale
        scene.deviceVariant = variant
        if scene.safeAreaFollowsDevice { scene.safeAreaInsets = variant.safeAreaInsets }
        return scene
    }
}
