import Geometry
import Raster
import Rendering

/// The colours and shape of a view that states can change.
public struct ViewLook: Equatable, Sendable {
    /// The background colour; nil is transparent.
    public var backgroundColor: Color?
    /// The border colour; nil draws no border.
    public var borderColor: Color?
    /// The border width in points, inside the bounds.
    public var borderWidth: Double?
    /// The corner radius in points.
    public var cornerRadius: Double?
    /// The opacity, 0…1, applied as group opacity.
    public var alpha: Double?
    /// Only for labels: the text colour in this state.
    public var textColor: Color?
    /// Only in a state: the view's transform in this state, replacing its own (as the seeds'
    /// ItemHighlighted handler scales the pressed cell up).
    public var transform: TransformSpec?

    /// A look with nothing given.
    public init() {}

    /// Reads the look keys of an object being read (the rest stays for the caller).
    static func read(from r: inout JSONObjectReader) throws -> ViewLook {
        var l = ViewLook()
        l.backgroundColor = try r.optional("backgroundColor", JSONRead.color)
        l.borderColor = try r.optional("borderColor", JSONRead.color)
        l.borderWidth = try r.optional("borderWidth", JSONRead.nonNegativeNumber)
        l.cornerRadius = try r.optional("cornerRadius", JSONRead.nonNegativeNumber)
        if let a = try r.optional("alpha", JSONRead.number) {
            guard a >= 0 && a <= 1 else {
                throw JSONRead.fail(r.path(of: "alpha"), "must be between 0 and 1", got: .number(a))
            }
            l.alpha = a
        }
        return l
    }

    /// Reads a state object (`highlighted`, `selected`): the look keys, `textColor` and `transform`.
    static func readObject(_ v: JSONValue, _ path: String) throws -> ViewLook {
        var r = try JSONObjectReader(v, path: path)
        var l = try read(from: &r)
        l.textColor = try r.optional("textColor", JSONRead.color)
        l.transform = try r.optional("transform", TransformSpec.read)
        try r.finish()
        return l
    }

    /// `base` with every key this look gives replaced.
    func over(_ base: ViewLook) -> ViewLook {
        var l = base
        l.backgroundColor = backgroundColor ?? l.backgroundColor
        l.borderColor = borderColor ?? l.borderColor
        l.borderWidth = borderWidth ?? l.borderWidth
        l.cornerRadius = cornerRadius ?? l.cornerRadius
        l.alpha = alpha ?? l.alpha
        l.textColor = textColor ?? l.textColor
        l.transform = transform ?? l.transform
        return l
    }
}
