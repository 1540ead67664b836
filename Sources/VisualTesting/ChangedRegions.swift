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
        // Per tile: the bounding box of its changes (empty while minX > maxX), 16 bytes a tile.
        var boxes = [TileBox](repeating: TileBox(), count: columns * rows)
        for change in changes where change.isCounted {
            let tile = (Int(change.y) / tileSize) * columns + Int(change.x) / tileSize
            boxes[tile].add(x: change.x, y: change.y)
        }
        var visited = [Bool](repeating: false, count: boxes.count)
        var result: [PixelRect] = []
        var stack: [Int] = []
        for start in boxes.indices where !boxes[start].isEmpty && !visited[start] {
            visited[start] = true
            stack.append(start)
            var region = boxes[start]
            while let tile = stack.popLast() {
                region.add(boxes[tile])
                let tx = tile % columns, ty = tile / columns
                for ny in max(0, ty - 1)...min(rows - 1, ty + 1) {
                    for nx in max(0, tx - 1)...min(columns - 1, tx + 1) {
                        let neighbour = ny * columns + nx
                        if !boxes[neighbour].isEmpty && !visited[neighbour] {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            result.append(
                PixelRect(
                    minX: Int(region.minX), minY: Int(region.minY), maxX: Int(region.maxX) + 1,
                    maxY: Int(region.maxY) + 1))
        }
        return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }

    /// The bounding box of the changed pixels in one tile, inclusive, in pixel coordinates.
    private struct TileBox {
        var minX = Int32.max, minY = Int32.max
        var maxX = Int32.min, maxY = Int32.min

        var isEmpty: Bool { minX > maxX }

        mutating func add(x: Int32, y: Int32) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }

        mutating func add(_ other: TileBox) {
            minX = min(minX, other.minX)
            minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX)
            maxY = max(maxY, other.maxY)
        }
    }
}
