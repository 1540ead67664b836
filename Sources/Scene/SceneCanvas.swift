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
    public static func read(_ v: JSONValue, _ path: String, device: SceneDeviceVariant? = nil) throws
        -> SceneCanvas
    {
        var r = try JSONObjectReader(v, path: path)
        let width: Double, height: Double
        if let device {
            width = try r.optional("width", JSONRead.positiveNumber) ?? device.screenSize.width
            height = try r.optional("height", JSONRead.positiveNumber) ?? device.screenSize.height
        } else {
            width = try r.required("width", JSONRead.positiveNumber)
            height = try r.required("height", JSONRead.positiveNumber)
        }
        let scale = try r.optional("scale", JSONRead.number) ?? device?.device.scale ?? 1
        guard scale > 0, scale <= maximumScale else {
            throw JSONRead.fail(r.path(of: "scale"), "must be greater than 0 and at most 4", got: .number(scale))
        }
        // A device's screen is white unless the canvas says otherwise, with or without other canvas keys.
        let background = try r.optional("background", JSONRead.color) ?? (device != nil ? .white : nil)
        let canvas = SceneCanvas(width: width, height: height, scale: scale, background: background)
        if let problem = canvas.sizeProblem(atScale: scale) {
            throw SceneDecodingError(path: problem.key.map(r.path(of:)) ?? r.path, message: problem.message)
        }
        try r.finish()
        return canvas
    }

    /// Why the canvas cannot be drawn at `scale`, or nil: the key to blame (`width` or `height`;
    /// nil for the pixel count of the two together) and the rule broken. Each side may have at
    /// most `maximumPixels`, and the canvas, allocated as an image, at most
    /// `ImageLimits.maximumPixelCount`.
    public func sizeProblem(atScale scale: Double) -> (key: String?, message: String)? {
        for (key, points) in [("width", width), ("height", height)] where points * scale > Self.maximumPixels {
            return (
                key,
                "\(key) × scale must be at most \(Int(Self.maximumPixels)) pixels, got \(Scene.format(points * scale))"
            )
        }
        let pixels = (width * scale).rounded(.up) * (height * scale).rounded(.up)
        guard pixels > Double(ImageLimits.maximumPixelCount) else { return nil }
        return (
            nil,
            "width × height × scale² must be at most \(ImageLimits.maximumPixelCount) pixels, got \(Scene.format(pixels))"
        )
    }
}

extension Scene {
    /// Checks that the scene's canvas can be drawn at `scale`, a scale given in place of
    /// `canvas.scale` (`--scale`); nothing when `scale` is nil, since `canvas.scale` was checked
    /// as the scene was read.
    ///
    /// - Throws: `SceneFileError.invalid` naming `file`, the canvas key and the scale given.
    public func checkCanvas(atScale scale: Double?, file: String) throws(SceneFileError) {
        guard let scale, let problem = canvas.sizeProblem(atScale: scale) else { return }
        let path = "canvas" + (problem.key.map { "." + $0 } ?? "")
        throw .invalid(
            path: file,
            error: SceneDecodingError(
                path: path, message: problem.message + " at the scale given (\(Scene.format(scale))), not canvas.scale")
        )
    }
}
