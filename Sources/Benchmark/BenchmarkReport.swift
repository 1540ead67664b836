import Foundation
import Support

/// The `bench` output: a Markdown table for people, one JSON object for scripts.
public enum BenchmarkReport {
    /// One JSON object: for each keyed row `<key>_ms` (the median) and `<key>_min_ms` (the
    /// minimum), its extra figures named with their units (`s1_png_bytes`, `s3_end_to_end_fps`,
    /// `layout_query_us`, `animation_600_peak_mb`, …), then `rows`: every row in full.
    public static func json(_ rows: [BenchmarkSuite.Row]) -> String {
        var members: [(key: String, value: String)] = []
        for row in rows {
            guard let key = row.key else { continue }
            members.append((key + "_ms", JSONWriter.number(row.medianMilliseconds)))
            members.append((key + "_min_ms", JSONWriter.number(row.minimumMilliseconds)))
            for (name, value) in row.extras.sorted(by: { $0.key < $1.key }) {
                members.append((name, JSONWriter.number(value)))
            }
        }
        let lines = members.map { "  " + JSONWriter.string($0.key) + ": " + $0.value }
        return "{\n" + (lines + ["  \"rows\": " + rowArray(rows)]).joined(separator: ",\n") + "\n}"
    }

    /// The rows as a JSON array, one row object per line.
    static func rowArray(_ rows: [BenchmarkSuite.Row]) -> String {
        let objects = rows.map { r in
            JSONWriter.object([
                ("name", JSONWriter.string(r.name)),
                ("minimumMilliseconds", JSONWriter.number(r.minimumMilliseconds)),
                ("medianMilliseconds", JSONWriter.number(r.medianMilliseconds)),
                ("anchor", r.anchor.map(JSONWriter.string) ?? "null"),
                ("anchorMilliseconds", r.anchorMilliseconds.map(JSONWriter.number) ?? "null"),
                ("ratio", r.ratio.map(JSONWriter.number) ?? "null"),
            ])
        }
        return objects.isEmpty ? "[]" : "[\n    " + objects.joined(separator: ",\n    ") + "\n  ]"
    }

    /// A Markdown table of the rows.
    public static func table(_ rows: [BenchmarkSuite.Row]) -> String {
        func ms(_ v: Double) -> String {
            v >= 1 ? String(format: "%.2f", v) : v >= 0.01 ? String(format: "%.3f", v) : String(format: "%.5f", v)
        }
        var lines = [
            "| benchmark | min ms | median ms | anchor | anchor ms | ratio |", "|---|---:|---:|---|---:|---:|",
        ]
        for r in rows {
            let ratio = r.ratio.map { String(format: "%.2f", $0) } ?? ""
            lines.append(
                "| \(r.name) | \(ms(r.minimumMilliseconds)) | \(ms(r.medianMilliseconds)) | \(r.anchor ?? "") | \(r.anchorMilliseconds.map(ms) ?? "") | \(ratio) |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
