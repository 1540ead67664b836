import Geometry
import Raster

/// Shorthand drawing calls on a 100 x 100 design grid.
struct Pen {
    let canvas: Canvas
    let transform: AffineTransform

    func circle(_ cx: Double, _ cy: Double, _ r: Double, _ color: Color) { ellipse(cx, cy, r, r, color) }

    func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ color: Color) {
        var p = Path()
        p.addEllipse(in: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
        canvas.fill(p, color: color, transform: transform)
    }

    func polygon(_ points: [(Double, Double)], _ color: Color) {
        var p = Path()
        p.addPolygon(points.map { Point(x: $0.0, y: $0.1) })
        canvas.fill(p, color: color, transform: transform)
    }

    func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double, _ color: Color) {
        canvas.fillRoundedRect(
            Rect(x: x, y: y, width: w, height: h), cornerRadii: CornerRadii(all: r), color: color, transform: transform)
    }

    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ width: Double, _ color: Color) {
        let dx = x1 - x0, dy = y1 - y0, len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return }
        let nx = -dy / len * width / 2, ny = dx / len * width / 2
        polygon([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], color)
    }
}
