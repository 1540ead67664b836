import Geometry
import Raster

/// One operation of a reference benchmark scene (BENCHMARKS.md, "The reference scenes and anchors"),
/// in device pixels.
public enum DrawOperation: Sendable {
    /// Fill the canvas with a colour (a copy, not a blend).
    case clear(Color)
    /// Fill a rounded rectangle, under an affine map.
    case fillRoundedRect(Rect, radius: Double, color: Color, transform: AffineTransform)
    /// A CALayer-style border: a ring of `width` inside `rect`, following `radius`.
    case border(Rect, radius: Double, width: Double, color: Color, transform: AffineTransform)
    /// A glyph run whose baseline starts at `origin`, in DejaVu Sans at `size` pixels.
    case text(String, origin: Point, size: Double, color: Color, transform: AffineTransform)
}
