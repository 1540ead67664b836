import Geometry
import Raster
import Text

/// Draws reference-scene operations into a canvas with the project's rasterizer.
public struct SceneReplayer {
    /// The font labels are set in (DejaVu Sans).
    public let font: Font

    /// Creates a replayer with the bundled DejaVu Sans.
    ///
    /// - Throws: `TextError` when the font cannot be loaded.
    public init() throws {
        font = try Font.bundled()
    }

    /// Draws `operations` in order.
    ///
    /// A fill of a rounded rectangle followed by a border of the same rectangle, radius and
    /// transform is drawn as one layer box (`Canvas.fillRoundedRect(_:cornerRadii:color:borderWidth:borderColor:transform:)`):
    /// the same bytes, with the outer contour scan converted once. Labels are laid out through
    /// `TextLayoutCache.shared`, as `Label` lays them out.
    public func replay(_ operations: [DrawOperation], into canvas: Canvas) {
        var index = operations.startIndex
        while index < operations.endIndex {
            let op = operations[index]
            index += 1
            if case .fillRoundedRect(let rect, let r, let color, let m) = op, index < operations.endIndex,
                case .border(rect, r, let width, let borderColor, m) = operations[index]
            {
                canvas.fillRoundedRect(
                    rect, cornerRadii: CornerRadii(all: r), color: color, borderWidth: width, borderColor: borderColor,
                    transform: m)
                index += 1
                continue
            }
            switch op {
            case .clear(let color):
                canvas.clear(color)
            case .fillRoundedRect(let rect, let r, let color, let m):
                canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: r), color: color, transform: m)
            case .border(let rect, let r, let width, let color, let m):
                canvas.strokeBorder(rect, cornerRadii: CornerRadii(all: r), width: width, color: color, transform: m)
            case .text(let string, let origin, let size, let color, let m):
                guard let layout = try? TextLayoutCache.shared.layout(string, font: font, size: size) else { continue }
                layout.draw(
                    into: canvas, at: Point(x: origin.x, y: origin.y - layout.lineMetrics.ascender), color: color,
                    transform: m)
            }
        }
    }

    /// Renders one frame of `scene` to a new image.
    ///
    /// - Throws: `RasterError` if the scene's size is out of limits.
    public func render(_ scene: ReferenceScene, frame: Int = 0) throws -> Image {
        let canvas = try Canvas(width: scene.width, height: scene.height)
        replay(scene.frames[frame], into: canvas)
        return canvas.image
    }
}
