import Geometry
import Layout
import Raster
import Text

/// A diagnostic layer drawn over a render: what a user reaches for when a layout is wrong.
///
/// Every shown element gets its frame outlined (after its transform) in its
/// category's colour — cells red, supplementary views blue, decoration views
/// green — and a tag with its index path (and kind) and zIndex. For a flow
/// layout each section's inset area is tinted orange between the section's
/// items and the inset edges, and a content inset (`contentInset`) is tinted
/// purple around the content. A badge at the bottom reports the reuse queue:
/// how many views exist for how many items (the seeds' point that a collection
/// view creates views only for what is on screen).
public struct DebugOverlay: Sendable {
    /// Whether section insets (flow layouts only) and the content inset are tinted.
    public var showsSectionInsets: Bool

    /// Creates an overlay.
    public init(showsSectionInsets: Bool = true) { self.showsSectionInsets = showsSectionInsets }

    static let cellColor = Color(red: 255, green: 45, blue: 85)
    static let supplementaryColor = Color(red: 0, green: 122, blue: 255)
    static let decorationColor = Color(red: 52, green: 199, blue: 89)
    static let insetColor = Color(red: 255, green: 149, blue: 0, alpha: 64)
    static let contentInsetColor = Color(red: 175, green: 82, blue: 222, alpha: 64)

    /// Draws the overlay for what `state` shows.
    func draw(_ state: PresentationState, into canvas: Canvas, scale: Double, resources: RenderResources) {
        let offset = state.bounds.origin
        let toDevice = AffineTransform(translationX: -offset.x, y: -offset.y).concatenating(
            AffineTransform(scaleX: scale, y: scale))
        let elements = state.elements.map(\.attributes)
            .filter { !$0.isHidden && $0.frame.intersects(state.bounds) }
            .sorted { $0.elementKey < $1.elementKey }
        if showsSectionInsets {
            if let area = state.contentInsetArea {
                tintRing(area.outer, minus: area.inner, DebugOverlay.contentInsetColor, canvas, toDevice)
            }
            for area in state.sectionInsetAreas {
                tintRing(area.outer, minus: area.inner, DebugOverlay.insetColor, canvas, toDevice)
            }
        }
        for a in elements {
            let color: Color
            switch a.representedElementCategory {
            case .cell: color = DebugOverlay.cellColor
            case .supplementaryView: color = DebugOverlay.supplementaryColor
            case .decorationView: color = DebugOverlay.decorationColor
            }
            // The frame's corners through the element's transform (about its centre), projected.
            let t = Transform3D(translationX: -a.center.x, y: -a.center.y, z: 0)
                .concatenating(a.transform3D)
                .concatenating(Transform3D(translationX: a.center.x, y: a.center.y, z: 0))
            let f = a.frame
            let corners = [
                Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.minY), Point(x: f.maxX, y: f.maxY),
                Point(x: f.minX, y: f.maxY),
            ]
            .map { t.project($0) }
            guard corners.allSatisfy({ $0.w > 0 }) else { continue }
            strokePolygon(corners.map { toDevice.apply(to: $0.point) }, width: max(1, scale), color: color, canvas)
            var tag = "\(a.indexPath.section).\(a.indexPath.item)"
            if let kind = a.representedElementKind { tag = "\(kind) " + tag }
            if a.zIndex != 0 { tag += " z\(a.zIndex)" }
            drawTag(
                tag, at: toDevice.apply(to: corners[0].point), color: color, canvas, scale: scale, resources: resources)
        }
        if let summary = state.reuseSummary { drawBadge(summary, canvas, scale: scale, resources: resources) }
    }

    /// `outer` less `inner` (content coordinates) filled with `color`.
    private func tintRing(
        _ outer: Rect, minus inner: Rect, _ color: Color, _ canvas: Canvas, _ toDevice: AffineTransform
    ) {
        var ring = Path()
        ring.addRect(outer)
        ring.addRect(inner)
        canvas.fill(ring, color: color, transform: toDevice, fillRule: .evenOdd)
    }

    /// `text` ("N views created, M reused, for K items") in a dark badge at the bottom left.
    private func drawBadge(_ text: String, _ canvas: Canvas, scale: Double, resources: RenderResources) {
        guard let layout = try? TextLayoutCache.shared.layout(text, font: resources.font, size: 11 * scale) else {
            return
        }
        let height = layout.size.height + 6 * scale
        let box = Rect(
            x: 6 * scale, y: Double(canvas.height) - height - 6 * scale, width: layout.size.width + 12 * scale,
            height: height)
        canvas.fillRoundedRect(
            box, cornerRadii: CornerRadii(all: 4 * scale), color: Color(red: 28, green: 28, blue: 30, alpha: 230))
        layout.draw(into: canvas, at: Point(x: box.minX + 6 * scale, y: box.minY + 3 * scale), color: .white)
    }

    private func strokePolygon(_ points: [Point], width: Double, color: Color, _ canvas: Canvas) {
        // Each edge as a quad `width` pixels wide centred on it (corners overlap slightly).
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 0 else { continue }
            let nx = -dy / len * width / 2, ny = dx / len * width / 2
            var p = Path()
            p.addPolygon([
                Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
                Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny),
            ])
            canvas.fill(p, color: color)
        }
    }

    private func drawTag(
        _ tag: String, at p: Point, color: Color, _ canvas: Canvas, scale: Double, resources: RenderResources
    ) {
        let size = 9 * scale
        guard let layout = try? TextLayoutCache.shared.layout(tag, font: resources.font, size: size) else { return }
        let box = Rect(
            x: p.x + scale, y: p.y + scale, width: layout.size.width + 4 * scale, height: layout.size.height + 2 * scale
        )
        canvas.fillRoundedRect(box, cornerRadii: CornerRadii(all: 2 * scale), color: color.withOpacity(0.85))
        layout.draw(into: canvas, at: Point(x: box.minX + 2 * scale, y: box.minY + scale), color: .white)
    }
}
