import Geometry
import Layout
import Raster
import Text

/// The edit menu (the Cut / Copy / Paste callout of `UIMenuController`) shown
/// above a long-pressed cell.
///
/// The actions shown are those the delegate offers
/// (`CollectionView.menuActions(forItemAt:)`); with none, nothing is drawn, as
/// in UIKit. The callout is a dark rounded bar of items separated by thin
/// lines, with an arrow pointing at the cell's top centre; when there is no
/// room above the cell it opens below, pointing up.
public struct EditMenu: Sendable {
    /// The long-pressed item.
    public var indexPath: IndexPath

    /// Creates a menu for the item at `indexPath`.
    public init(indexPath: IndexPath) { self.indexPath = indexPath }

    static let fontSize = 14.0
    static let height = 36.0
    static let arrow = 8.0
    static let padding = 14.0
    static let fill = Color(red: 38, green: 38, blue: 40, alpha: 242)
    static let separator = Color(red: 255, green: 255, blue: 255, alpha: 64)

    /// The titles shown, in order.
    public static func title(of action: MenuAction) -> String {
        switch action {
        case .cut: return "Cut"
        case .copy: return "Copy"
        case .paste: return "Paste"
        }
    }

    /// Draws a menu over its item, inside `bounds` (the visible rect in content coordinates).
    static func draw(
        _ menu: PresentationState.Menu, bounds: Rect, into canvas: Canvas, scale: Double, resources: RenderResources
    ) {
        let actions = menu.actions
        guard !actions.isEmpty else { return }
        let font = resources.font
        let widths = actions.map { (try? font.measure(EditMenu.title(of: $0), size: EditMenu.fontSize)) ?? 40 }
        let width = widths.reduce(0) { $0 + $1 + 2 * EditMenu.padding }
        let cell = menu.itemFrame.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
        let viewSize = bounds.size
        let above = cell.minY - EditMenu.height - EditMenu.arrow >= 0
        let barY = above ? cell.minY - EditMenu.arrow - EditMenu.height : cell.maxY + EditMenu.arrow
        let barX = min(max(4, cell.midX - width / 2), max(4, viewSize.width - width - 4))
        let bar = Rect(x: barX, y: barY, width: width, height: EditMenu.height)
        let device = AffineTransform(scaleX: scale, y: scale)

        var shape = Path()
        shape.addRoundedRect(bar, cornerRadii: CornerRadii(all: 8))
        let tipX = min(max(cell.midX, bar.minX + 12), bar.maxX - 12)
        if above {
            shape.addPolygon([
                Point(x: tipX - EditMenu.arrow, y: bar.maxY), Point(x: tipX + EditMenu.arrow, y: bar.maxY),
                Point(x: tipX, y: bar.maxY + EditMenu.arrow),
            ])
        } else {
            shape.addPolygon([
                Point(x: tipX - EditMenu.arrow, y: bar.minY), Point(x: tipX, y: bar.minY - EditMenu.arrow),
                Point(x: tipX + EditMenu.arrow, y: bar.minY),
            ])
        }
        // The arrow overlaps the bar's edge: draw as one group so the overlap does not double.
        canvas.beginTransparencyLayer(
            opacity: Double(EditMenu.fill.alpha) / 255, bounds: bar.insetBy(dx: -12, dy: -12).applying(device))
        canvas.fill(shape, color: EditMenu.fill.opaque, transform: device)
        canvas.endTransparencyLayer()

        var x = bar.minX
        for (i, action) in actions.enumerated() {
            let itemWidth = widths[i] + 2 * EditMenu.padding
            if i > 0 {
                canvas.fillRect(
                    Rect(x: x, y: bar.minY + 6, width: 1 / scale, height: bar.height - 12), color: EditMenu.separator,
                    transform: device)
            }
            if let layout = try? TextLayoutCache.shared.layout(
                EditMenu.title(of: action), font: font, size: EditMenu.fontSize, width: itemWidth, alignment: .center)
            {
                layout.draw(
                    into: canvas,
                    at: layout.origin(
                        centeredVerticallyIn: Rect(x: x, y: bar.minY, width: itemWidth, height: bar.height)),
                    color: .white, transform: device)
            }
            x += itemWidth
        }
    }
}

extension Color {
    /// The same colour, fully opaque.
    var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 255) }
}

extension Rect {
    /// The bounding box after mapping by `t`.
    func applying(_ t: AffineTransform) -> Rect { t.apply(to: self) }
}
