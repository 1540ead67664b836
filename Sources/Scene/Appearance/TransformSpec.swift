import Geometry
import Support

/// A view transform in a scene file, in the words a UIKit user would use:
///
/// ```json
/// "transform": {"scale": 0.8, "rotation": 15, "rotationY": 40, "perspective": 500,
///               "translation": {"x": 0, "y": -4}}
/// ```
///
/// `scale` is a number or `{"x": sx, "y": sy}`; rotations are in degrees
/// (`rotation` about z — positive turns clockwise on screen, as in UIKit —,
/// `rotationX`, `rotationY` about those axes); `perspective` is the eye
/// distance in points (m34 = −1/d). They compose in that order around the
/// view's centre: scale, then rotation x, y, z, then translation, then perspective —
/// what `CATransform3DScale`, `…Rotate`, `…Translate` calls and a final m34 build.
public struct TransformSpec: Equatable, Sendable {
    /// The scale factors along x and y; 1 by default.
    public var scaleX = 1.0, scaleY = 1.0
    /// Rotations in degrees about z, x and y; 0 by default.
    public var rotation = 0.0, rotationX = 0.0, rotationY = 0.0
    /// The translation in points, applied after scale and rotation.
    public var translation = Point.zero
    /// The eye distance in points (m34 = −1/d), applied last; nil for none.
    public var perspective: Double?

    /// The identity.
    public init() {}

    /// The 4x4 transform.
    public var transform3D: Transform3D {
        func rad(_ d: Double) -> Double { d * Double.pi / 180 }
        var t = Transform3D(scaleX: scaleX, y: scaleY, z: 1)
        if rotationX != 0 { t = t.concatenating(Transform3D(rotationAngle: rad(rotationX), x: 1, y: 0, z: 0)) }
        if rotationY != 0 { t = t.concatenating(Transform3D(rotationAngle: rad(rotationY), x: 0, y: 1, z: 0)) }
        if rotation != 0 { t = t.concatenating(Transform3D(rotationAngle: rad(rotation), x: 0, y: 0, z: 1)) }
        if translation != .zero {
            t = t.concatenating(Transform3D(translationX: translation.x, y: translation.y, z: 0))
        }
        if let perspective { t = t.concatenating(Transform3D(perspectiveEyeDistance: perspective)) }
        return t
    }

    /// Reads a transform object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> TransformSpec {
        var r = try JSONObjectReader(v, path: path)
        var t = TransformSpec()
        if let s = r.value("scale") {
            if case .number = s {
                let k = try JSONRead.number(s, r.path(of: "scale"))
                t.scaleX = k
                t.scaleY = k
            } else {
                var sr = try JSONObjectReader(s, path: r.path(of: "scale"))
                t.scaleX = try sr.optional("x", JSONRead.number) ?? 1
                t.scaleY = try sr.optional("y", JSONRead.number) ?? 1
                try sr.finish()
            }
        }
        t.rotation = try r.optional("rotation", JSONRead.number) ?? 0
        t.rotationX = try r.optional("rotationX", JSONRead.number) ?? 0
        t.rotationY = try r.optional("rotationY", JSONRead.number) ?? 0
        t.translation = try r.optional("translation", JSONRead.point) ?? .zero
        t.perspective = try r.optional("perspective", JSONRead.positiveNumber)
        try r.finish()
        return t
    }
}
