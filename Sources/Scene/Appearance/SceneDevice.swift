import Geometry

/// Screen presets for `"device"`: the collection view fills the screen in
/// points at the device's scale.
///
/// ```json
/// "device": "iPhone 15"                                      // portrait
/// "device": {"name": "iPad Pro 11", "orientation": "landscape"}
/// ```
public struct SceneDevice: Hashable, Sendable {
    /// The preset's name.
    public let name: String
    /// The portrait screen size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The safe area of a full-screen view held upright, with the status bar shown: the status
    /// bar or sensor housing at the top, the home indicator at the bottom.
    public let portraitSafeArea: EdgeInsets
    /// The safe area of a full-screen view turned to landscape (an iPhone hides its status bar
    /// there, and the sensor housing is at a side).
    public let landscapeSafeArea: EdgeInsets

    /// Every preset, by name. The safe areas are those the iOS simulator reports for a
    /// full-screen view controller's view (Docs/UIKitBehaviour.md §7c).
    public static let presets: [SceneDevice] = [
        // A home button: the status bar above, nothing below, and no status bar in landscape.
        SceneDevice(
            name: "iPhone SE", size: Size(width: 375, height: 667), scale: 2,
            portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscapeSafeArea: .zero),
        iPhone(name: "iPhone 13 mini", size: Size(width: 375, height: 812), housing: 50),
        iPhone(name: "iPhone 15", size: Size(width: 393, height: 852), housing: 59),
        iPhone(name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), housing: 59),
        iPhone(name: "iPhone 16 Pro", size: Size(width: 402, height: 874), housing: 62),
        iPad(name: "iPad mini", size: Size(width: 744, height: 1133)),
        iPad(name: "iPad", size: Size(width: 820, height: 1180)),
        iPad(name: "iPad Pro 11", size: Size(width: 834, height: 1194)),
        iPad(name: "iPad Pro 13", size: Size(width: 1032, height: 1376)),
    ]

    /// A preset.
    public init(name: String, size: Size, scale: Double, portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets) {
        self.name = name
        self.size = size
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
    }

    /// An iPhone with a sensor housing `housing` points deep and a home indicator: 34 points at
    /// the bottom upright, 21 in landscape, where the housing is at the left and right.
    static func iPhone(name: String, size: Size, housing: Double) -> SceneDevice {
        SceneDevice(
            name: name, size: size, scale: 3, portraitSafeArea: EdgeInsets(top: housing, left: 0, bottom: 34, right: 0),
            landscapeSafeArea: EdgeInsets(top: 0, left: housing, bottom: 21, right: housing))
    }

    /// An iPad with a home indicator: the status bar's 24 points at the top and 20 at the bottom,
    /// whichever way it is held.
    static func iPad(name: String, size: Size) -> SceneDevice {
        let safeArea = EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        return SceneDevice(name: name, size: size, scale: 2, portraitSafeArea: safeArea, landscapeSafeArea: safeArea)
    }

    /// The preset named `name` exactly, or nil.
    public static func named(_ name: String) -> SceneDevice? { presets.first { $0.name == name } }

    /// The known names, quoted and joined with commas, for error messages.
    static var knownNames: String { presets.map { "\"\($0.name)\"" }.joined(separator: ", ") }

    /// Reads a device name or `{"name", "orientation"}`.
    ///
    /// - Throws: `SceneDecodingError` naming the known presets for an unknown name.
    static func read(_ v: JSONValue, _ path: String) throws -> SceneDeviceVariant {
        var name: String
        var landscape = false
        if case .string(let s) = v {
            name = s
        } else {
            var r = try JSONObjectReader(v, path: path)
            name = try r.required("name", JSONRead.string)
            landscape = try r.optional("orientation", JSONRead.oneOf(["portrait", "landscape"])) == "landscape"
            try r.finish()
        }
        guard let device = named(name) else {
            throw SceneDecodingError(path: path, message: "unknown device \"\(name)\"; known: \(knownNames)")
        }
        return SceneDeviceVariant(device: device, isLandscape: landscape)
    }
}
