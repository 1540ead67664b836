import Raster

/// The minimal cell styling of a scene: a scene-wide `"cellStyle"` that a per-item `"style"`
/// overrides key by key (README.md, "Scene files"). Nil means "not given": absent colours are transparent and
/// absent widths and radii are 0 when drawn.
public struct CellStyle: Equatable, Sendable {
    /// The cell's background view colour.
    public var backgroundColor: Color?
    /// The selected-background view colour, shown while selected or highlighted.
    public var selectedBackgroundColor: Color?
    /// The border colour.
    public var borderColor: Color?
    /// The border width in points.
    public var borderWidth: Double?
    /// The corner radius in points.
    public var cornerRadius: Double?
    /// The text colour.
    public var textColor: Color?
    /// The font size in points.
    public var fontSize: Double?

    /// A style with nothing given.
    public init() {}

    /// This style with every key `other` gives replaced by `other`'s value.
    public func overridden(by other: CellStyle?) -> CellStyle {
        guard let o = other else { return self }
        var s = self
        s.backgroundColor = o.backgroundColor ?? s.backgroundColor
        s.selectedBackgroundColor = o.selectedBackgroundColor ?? s.selectedBackgroundColor
        s.borderColor = o.borderColor ?? s.borderColor
        s.borderWidth = o.borderWidth ?? s.borderWidth
        s.cornerRadius = o.cornerRadius ?? s.cornerRadius
        s.textColor = o.textColor ?? s.textColor
        s.fontSize = o.fontSize ?? s.fontSize
        return s
    }

    /// Reads a style object.
    ///
    /// - Throws: `SceneDecodingError` for a bad value or an unknown key.
    public static func read(_ v: JSONValue, _ path: String) throws -> CellStyle {
        var r = try JSONObjectReader(v, path: path)
        var s = CellStyle()
        s.backgroundColor = try r.optional("backgroundColor", JSONRead.color)
        s.selectedBackgroundColor = try r.optional("selectedBackgroundColor", JSONRead.color)
        s.borderColor = try r.optional("borderColor", JSONRead.color)
        s.borderWidth = try r.optional("borderWidth", JSONRead.nonNegativeNumber)
        s.cornerRadius = try r.optional("cornerRadius", JSONRead.nonNegativeNumber)
        s.textColor = try r.optional("textColor", JSONRead.color)
        s.fontSize = try r.optional("fontSize", JSONRead.fontSize)
        try r.finish()
        return s
    }
}
