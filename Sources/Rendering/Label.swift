import Geometry
import Raster
import Text

/// A view that shows text (UIKit's `UILabel`).
///
/// As UILabel, the text block is laid out to the bounds' width, limited to
/// `numberOfLines` (1 by default, 0 for no limit) and to the lines that fit
/// the height, truncated with "…" by default, aligned horizontally, and
/// centred vertically in the bounds.
open class Label: View {
    /// The text; nil or empty draws nothing.
    public var text: String?
    /// The text colour; black by default (UIKit's `.label` in light mode).
    public var textColor: Color = .black
    /// The text colour while highlighted (falls back to `textColor`).
    public var highlightedTextColor: Color?
    /// The point size; 17 by default (UIKit's system font size).
    public var fontSize: Double = 17
    /// Whether the bold face is used.
    public var isBold = false
    /// A specific font; nil uses the render's bundled font.
    public var font: Font?
    /// Horizontal alignment of each line; left by default (UIKit's natural alignment for left-to-right text).
    public var textAlignment: TextAlignment = .left
    /// The maximum number of lines, 0 for no limit; 1 by default.
    public var numberOfLines = 1
    /// How text that does not fit is wrapped and cut; truncating the tail by default.
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Whether the highlighted text colour is used.
    public var isHighlighted = false

    /// Creates a label with the given frame and text.
    public init(frame: Rect = .zero, text: String? = nil) {
        super.init(frame: frame)
        self.text = text
    }

    /// True: a label draws in its highlighted text colour while a cell holding it is
    /// highlighted (`UILabel.isHighlighted`).
    open override var isHighlightable: Bool { true }

    /// Sets `isHighlighted`, so that the highlighted text colour shows, and passes the state on
    /// to the subviews.
    open override func setHighlighted(_ highlighted: Bool) {
        isHighlighted = highlighted
        super.setHighlighted(highlighted)
    }

    /// Whether there is text to draw.
    open override var hasOwnContent: Bool { !(text ?? "").isEmpty }

    /// Lays out the text for the current bounds, or nil when there is nothing to draw.
    ///
    /// The layout comes through `TextLayoutCache.shared`: an animation draws the same label in
    /// every frame.
    ///
    /// - Throws: `TextError` for an invalid font size or a corrupt glyph.
    public func textLayout(resources: RenderResources) throws(TextError) -> TextLayout? {
        guard let text, !text.isEmpty, bounds.width > 0, bounds.height > 0 else { return nil }
        return try TextLayoutCache.shared.layout(
            text, font: font ?? (isBold ? resources.boldFont : resources.font), size: fontSize,
            width: bounds.width, maximumHeight: bounds.height, alignment: textAlignment,
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
    }

    /// Draws the text centred vertically in the bounds, clipped to the bounds.
    ///
    /// UILabel draws its text into its layer's backing store, which is the size
    /// of its bounds, so ink outside the bounds never shows, whatever
    /// `clipsToBounds` says: an italic overhang, a descender of a font taller
    /// than the frame, the overflowing last line of `.byClipping`. The clip is
    /// pushed only when the text's ink reaches past the bounds (less an
    /// eighth of a device pixel, the most glyph placement moves a glyph), so
    /// text that fits costs nothing more. An invalid font size draws nothing
    /// (scene validation reports such values before rendering).
    open override func draw(in context: DrawingContext) {
        guard let layout = try? textLayout(resources: context.resources) else { return }
        let color = (isHighlighted ? highlightedTextColor : nil) ?? textColor
        let origin = layout.origin(centeredVerticallyIn: bounds)
        let ink = layout.inkBounds.offsetBy(dx: origin.x, dy: origin.y)
        let t = context.transform
        let devicePixelsPerPoint = (abs(t.a * t.d - t.b * t.c)).squareRoot()
        let slack = devicePixelsPerPoint > 0 ? 0.125 / devicePixelsPerPoint : 0
        let clips = !ink.isNull && !bounds.contains(ink.insetBy(dx: -slack, dy: -slack))
        if clips { context.canvas.pushClip(bounds, transform: t) }
        layout.draw(into: context.canvas, at: origin, color: color.withOpacity(context.opacity), transform: t)
        if clips { context.canvas.popClip() }
    }
}
