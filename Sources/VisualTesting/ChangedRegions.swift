import Raster

/// Groups changed pixels into the rectangles a person would draw around them.
///
/// The image is cut into square tiles; tiles holding a counted change are
/// joined when they touch (8-connected), and each group gives the bounding box
/// of its changed pixels. Changes less than a tile apart therefore share a
/// box, and a scattered few pixels do not flood the report with boxes.
/// Linear in the number of changes plus the number of tiles.
enum ChangedRegions {
    /// The tile edge in pixels.
    static let tileSize = 16

    /// The bounding boxes of the groups of counted changes, sorted top to bottom, then left to right.
    static func regions(of changes: [PixelChange], width: Int, height: Int) -> [PixelRect] {
        let columns = (width + tileSize - 1) / tileSize
        let rows = (height + tileSize - 1) / tileSize
        guard columns > 0, rows > 0 else { return [] }
        // Per tile: the bounding box of its changes, or nil.
        var boxes = [PixelRect?](repeating: nil, count: columns * rows)
        for change in changes where change.isCounted {
            let x = Int(change.x), y = Int(change.y)
            let tile = (y / tileSize) * columns + x / tileSize
            if var box = boxes[tile] {
                box.minX = min(box.minX, x)
                box.minY = min(box.minY, y)
                box.maxX = max(box.maxX, x + 1)
                box.maxY = max(box.maxY, y + 1)
                boxes[tile] = box
            } else {
                boxes[tile] = PixelRect(minX: x, minY: y, maxX: x + 1, maxY: y + 1)
            }
        }
        var visited = [Bool](repeating: false, count: boxes.count)
        var result: [PixelRect] = []
        var stack: [Int] = []
        for start in boxes.indices where boxes[start] != nil && !visited[start] {
            visited[start] = true
            stack.append(start)
            var region = boxes[start]!
            while let tile = stack.popLast() {
                let box = boxes[tile]!
                region = PixelRect(
                    minX: min(region.minX, box.minX), minY: min(region.minY, box.minY),
                    maxX: max(region.maxX, box.maxX), maxY: max(region.maxY, box.maxY))
                let tx = tile % columns, ty = tile / columns
                for ny in max(0, ty - 1)...min(rows - 1, ty + 1) {
                    for nx in max(0, tx - 1)...min(columns - 1, tx + 1) {
                        let neighbour = ny * columns + nx
                        if boxes[neighbour] != nil && !visited[neighbour] {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            result.append(region)
        }
        return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
