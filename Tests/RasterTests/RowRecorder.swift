@testable import Raster

/// What a recording sink tells the sweep about itself (`SweepRowSink`'s static choices).
protocol SweepChoice {
    /// Whether the sweep records each row's spans (`SweepRowSink.usesSpans`).
    static var recordsSpans: Bool { get }
    /// Whether the sweep's scalar path takes its whole-row shortcut
    /// (`SweepRowSink.edgesCrossManyRows`).
    static var crossesManyRows: Bool { get }
}

/// As the painting sinks sweep: spans recorded, the scalar path's whole-row shortcut taken.
enum PaintingSweep: SweepChoice {
    static var recordsSpans: Bool { true }
    static var crossesManyRows: Bool { true }
}

/// As the painting sinks sweep, but with the general formula for every edge.
enum PaintingSweepWithoutShortcut: SweepChoice {
    static var recordsSpans: Bool { true }
    static var crossesManyRows: Bool { false }
}

/// As the dense sink sweeps: no spans, no shortcut.
enum DenseSweep: SweepChoice {
    static var recordsSpans: Bool { false }
    static var crossesManyRows: Bool { false }
}

/// A sink that records each swept row: its device row, its spans in order, and every cell, outer
/// and inner, as bit patterns; and clears the cells as a sink must.
struct RowRecorder<Choice: SweepChoice>: SweepRowSink {
    var rows: [[UInt64]] = []

    static var usesSpans: Bool { Choice.recordsSpans }
    static var edgesCrossManyRows: Bool { Choice.crossesManyRows }

    mutating func finish(_ row: SweptRow, spanCount: inout Int) {
        var bits: [UInt64] = [UInt64(bitPattern: Int64(row.y)), UInt64(spanCount)]
        for i in 0..<spanCount { bits.append(row.spans[i].bits) }
        spanCount = 0
        for cells in [row.buffers.accumulation, row.innerCells] {
            for c in 0..<(row.width + 2) {
                bits.append(cells[c].bitPattern)
                cells[c] = 0
            }
        }
        rows.append(bits)
    }
}
