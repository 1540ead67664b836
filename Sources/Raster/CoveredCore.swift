/// Pixels that a `DeviceRoundedRect` covers whole, found conservatively: the rows clear of
/// every corner at the shape's full width, and the rows that meet a corner between the
/// corners' boxes.
///
/// An opaque fill paints each of these pixels with its colour alone, whatever was under it
/// (exact-area coverage of a whole pixel is 255), so a deferred clear need not write them
/// (`Surface.settle(_:sparing:)`). Pixels the shape covers whole but this leaves out (near a
/// corner's arc) are merely settled first and painted over.
struct CoveredCore {
    /// The rows whose pixels lie inside the shape from top to bottom.
    let rows: Range<Int>
    /// The rows, within `rows`, that meet no corner.
    let bandRows: Range<Int>
    /// The columns covered whole in a band row.
    let bandColumns: Range<Int>
    /// The columns covered whole in a row that meets a corner.
    let cornerColumns: Range<Int>

    /// The core of `shape` (empty for a shape with no whole pixel).
    init(_ shape: DeviceRoundedRect) {
        @inline(__always) func ry(_ c: DeviceRoundedRect.Corner) -> Double { c.isSquare ? 0 : c.ry }
        @inline(__always) func rx(_ c: DeviceRoundedRect.Corner) -> Double { c.isSquare ? 0 : c.rx }
        @inline(__always) func up(_ v: Double) -> Int { Int(v.rounded(.up)) }
        @inline(__always) func down(_ v: Double) -> Int { Int(v.rounded(.down)) }
        let top = up(shape.minY), bottom = max(top, down(shape.maxY))
        rows = top..<bottom
        // A row meets a top corner while its top edge lies above the corner's lowest point.
        let bandTop = min(max(top, up(shape.minY + max(ry(shape.topLeft), ry(shape.topRight)))), bottom)
        let bandBottom = min(
            max(bandTop, down(shape.maxY - max(ry(shape.bottomLeft), ry(shape.bottomRight)))), bottom)
        bandRows = bandTop..<bandBottom
        let left = up(shape.minX), right = max(left, down(shape.maxX))
        bandColumns = left..<right
        let cornerLeft = min(max(left, up(shape.minX + max(rx(shape.topLeft), rx(shape.bottomLeft)))), right)
        let cornerRight = min(max(cornerLeft, down(shape.maxX - max(rx(shape.topRight), rx(shape.bottomRight)))), right)
        cornerColumns = cornerLeft..<cornerRight
    }

    /// The whole columns of device row `y` (empty outside `rows`).
    @inline(__always) func columns(inRow y: Int) -> Range<Int> {
        if bandRows.contains(y) { return bandColumns }
        return rows.contains(y) ? cornerColumns : 0..<0
    }
}
