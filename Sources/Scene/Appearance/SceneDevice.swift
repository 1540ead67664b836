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

    /// Every preset, by name.
    public static let presets: [SceneDevice] = [
        SceneDevice(name: "iPhone SE", size: Size(width: 375, height: 667), scale: 2),
        SceneDevice(name: "iPhone 13 mini", size: Size(width: 375, height: 812), scale: 3),
        SceneDevice(name: "iPhone 15", size: Size(width: 393, height: 852), scale: 3),
        SceneDevice(name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), scale: 3),
        SceneDevice(name: "iPhone 16 Pro", size: Size(width: 402, height: 874), scale: 3),
        SceneDevice(name: "iPad mini", size: Size(width: 744, height: 1133), scale: 2),
        SceneDevice(name: "iPad", size: Size(width: 820, height: 1180), scale: 2),
        SceneDevice(name: "iPad Pro 11", size: Size(width: 834, height: 1194), scale: 2),
        SceneDevice(name: "iPad Pro 13", size: Size(width: 1032, height: 1376), scale: 2),
    ]

    /// The preset named `name` exactly, or nil.
    public static func named(_ name: String) -> SceneDevice? { presets.first { $0.name == name } }

    /// The known names, quoted and joined with commas, for error messages.
    static var knownNames: String { presets.map { "\"\($0.name)\"" }.joined(separator: ", ") }

    /// Reads a device name or `{"name", "orientation"}` into a screen size and scale.
    ///
    /// - Throws: `SceneDecodingError` naming the known presets for an unknown name.
    static func read(_ v: JSONValue, _ path: String) throws -> (size: Size, scale: Double) {
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
        let variant = SceneDeviceVariant(device: device, isLandscape: landscape)
        return (variant.screenSize, device.scale)
    }
}
