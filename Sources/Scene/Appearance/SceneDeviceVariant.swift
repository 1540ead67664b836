import Foundation
import Geometry

/// A device screen to show a scene on in place of its own canvas size and scale: the tool's
/// `--device "iPhone SE"` or `--device "iPad Pro 11:landscape"`.
///
/// The collection view then fills that screen, in points at the device's scale, as an app's does
/// on each device it runs on; the canvas background and everything else in the scene stay. One
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
    /// `SceneDevice.presets`.
    ///
    /// - Throws: `SceneDecodingError` (path `--device`) naming the known devices.
    public init(parsing text: String) throws(SceneDecodingError) {
        var name = Substring(text)
        var landscape = false
        for (suffix, isLandscape) in [(":landscape", true), (":portrait", false)] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            landscape = isLandscape
        }
        guard let device = SceneDevice.named(String(name)) else {
            throw SceneDecodingError(
                path: "--device",
                message:
                    "unknown device \"\(name)\" (give NAME or NAME:landscape); known: \(SceneDevice.knownNames)")
        }
        self.init(device: device, isLandscape: landscape)
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
}

extension Scene {
    /// The scene shown on `variant`'s screen: the canvas's width, height and scale are the
    /// device's; its background and the rest of the scene are unchanged.
    public func shown(on variant: SceneDeviceVariant) -> Scene {
        var scene = self
        let size = variant.screenSize
        scene.canvas.width = size.width
        scene.canvas.height = size.height
        scene.canvas.scale = variant.device.scale
        return scene
    }
}
