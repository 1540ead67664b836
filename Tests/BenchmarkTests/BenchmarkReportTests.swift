import Benchmark
import Foundation
import Testing

/// `bench --json`: one object that scripts read by key.
struct BenchmarkReportTests {
    @Test func keyedRowsBecomeNamedFigures() throws {
        let rows = [
            BenchmarkSuite.Row(
                name: "render S1", minimumMilliseconds: 3, medianMilliseconds: 4.5, anchor: "Blend2D",
                anchorMilliseconds: 7.5, key: "s1_render"),
            BenchmarkSuite.Row(
                name: "PNG", minimumMilliseconds: 30, medianMilliseconds: 31, anchor: "fpng", anchorMilliseconds: 6.61,
                key: "s1_png", extras: ["s1_png_bytes": 384_541]),
            BenchmarkSuite.Row(
                name: "unkeyed", minimumMilliseconds: 1, medianMilliseconds: 1, anchor: nil, anchorMilliseconds: nil),
        ]
        let text = BenchmarkReport.json(rows)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["s1_render_ms"] as? Double == 4.5 && object["s1_render_min_ms"] as? Double == 3)
        #expect(object["s1_png_ms"] as? Double == 31 && object["s1_png_bytes"] as? Double == 384_541)
        #expect((object["rows"] as? [[String: Any]])?.count == 3)
        #expect(object.keys.count == 6)  // two figures per keyed row, one extra, the rows
    }
}
