import Rendering

/// An image view in a scene's view tree (`UIImageView`):
///
/// ```json
/// "image": {"name": "{image}", "contentMode": "scaleAspectFit", "scale": 2}
/// ```
///
/// `name` names a PNG found beside the scene file or in `Assets/Images/`
/// (".png" may be left off), and may use the placeholders of `LabelSpec`.
/// `scale` is the image's pixels per point (UIImage's scale), 1 by default.
public struct ImageSpec: Equatable, Sendable {
    /// The image name (placeholders allowed); `"{image}"` by default.
    public var name = "{image}"
    /// How the image fits the view; `scaleToFill` by default, as UIImageView.
    public var contentMode: View.ContentMode = .scaleToFill
    /// The image's pixels per point (UIImage's `scale`); 1 by default.
    public var scale = 1.0

    /// An image view showing the element's image, stretched to fill.
    public init() {}

    /// Reads an image object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> ImageSpec {
        var r = try JSONObjectReader(v, path: path)
        var s = ImageSpec()
        s.name = try r.optional("name", JSONRead.string) ?? s.name
        if let m = try r.optional("contentMode", JSONRead.oneOf(View.ContentMode.allCases.map(\.rawValue))) {
            s.contentMode = View.ContentMode(rawValue: m)!
        }
        s.scale = try r.optional("scale", JSONRead.positiveNumber) ?? 1
        try r.finish()
        return s
    }
}
