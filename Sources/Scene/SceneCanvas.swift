import Geometry
import Raster

/// The `"canvas"` of a scene: the collection view's bounds in points, the screen scale and the
/// colour behind everything.
public struct SceneCanvas: Equatable, Sendable {
    /// The largest width or height in pixels (points × scale) a canvas may have.
    public static let maximumPixels = 16_384.0
    /// The largest scale.
    public static let maximumScale = 4.0

    /// Width in points (> 0).
    public var width: Double
    /// Height in points (> 0).
    public var height: Double
    /// Pixels per point, in (0, 4]; 1 by default.
    public var scale: Double
    /// The background colour; nil = transparent.
    public var background: Color?

    /// Creates a canvas (unchecked; `read` validates).
    public init(width: Double, height: Double, scale: Double = 1, background: Color? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// Reads and validates a canvas object: positive width and height, scale in (0, 4], and at
    /// most 16384 pixels each way.
    ///
    /// - Throws: `SceneDecodingError` naming the key and the limit.
    ///
    /// With a `device`, width, height, scale and background default to the device's screen (white).
    public static func read(_ v: JSONValue, _ path: String, device: (size: Size, scale: Double)? = nil) throws
        -> SceneCanvas
    {
        var r = try JSONObjectReader(v, path: path)
        let width: Double, height: Double
        if let device {
            width = try r.optional("width", JSONRead.positiveNumber) ?? device.size.width
            height = try r.optional("height", JSONRead.positiveNumber) ?? device.size.height
        } else {
            width = try r.required("width", JSONRead.positiveNumber)
            height = try r.required("height", JSONRead.positiveNumber)
        }
        let scale = try r.optional("scale", JSONRead.number) ?? device?.scale ?? 1
        guard scale > 0, scale <= maximumScale else {
            throw SceneDecodingError(path: r.path(of: "scale"), message: "must be greater than 0 and at most 4")
        }
        // A device's screen is white unless the canvas says otherwise, with or without other canvas keys.
        let background = try r.optional("background", JSONRead.color) ?? (device != nil ? .white : nil)
        for (key, points) in [("width", width), ("height", height)] where points * scale > maximumPixels {
            throw SceneDecodingError(
                path: r.path(of: key),
                message:
                    "\(key) × scale must be at most \(Int(maximumPixels)) pixels, got \(Scene.format(points * scale))")
        }
        // The canvas is allocated as an image: its pixel count has the image limit too.
        let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
        if pixels > Double(ImageLimits.maximumPixelCount) {
            throw SceneDecodingError(
                path: r.path,
                message:
                    "width × height × scale² must be at most \(ImageLimits.maximumPixelCount) pixels, got \(Scene.format(pixels))"
            )
        }
        try r.finish()
        return SceneCanvas(width: width, height: height, scale: scale, background: background)
    }
}
