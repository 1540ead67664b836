import Text

/// Fonts shared by every view drawn in a render: loaded once, safe to share
/// across threads (`Font` guards its FreeType face and glyph cache with a lock).
public final class RenderResources: Sendable {
    /// The regular-weight font used by labels without their own font.
    public let font: Font
    /// The bold font used by labels marked bold.
    public let boldFont: Font

    /// Creates resources from explicit fonts.
    public init(font: Font, boldFont: Font? = nil) {
        self.font = font
        self.boldFont = boldFont ?? font
    }

    /// Resources with the bundled DejaVu Sans (see `BundledFont`).
    ///
    /// - Throws: `TextError` when the bundled font cannot be found or read.
    public static func bundled() throws(TextError) -> RenderResources {
        let regular = try Font.bundled(.regular)
        let bold = (try? Font.bundled(.bold)) ?? regular
        return RenderResources(font: regular, boldFont: bold)
    }
}
