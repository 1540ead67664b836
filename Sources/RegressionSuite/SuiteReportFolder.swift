import Batch
import Foundation
import Support

/// The report folder of a `test` run: the images of failures, `results.json`, `junit.xml`, `index.html`.
public struct SuiteReportFolder: Sendable {
    /// The folder.
    public let path: String

    /// Creates a handle on the report folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The subfolder holding the images.
    static let imagesFolder = "images"
    /// The files a whole run or a merge writes.
    static let resultsFile = "results.json", junitFile = "junit.xml", pageFile = "index.html"

    /// Makes the folder; for a whole run, first removes what an earlier run wrote there (its
    /// images and report files — nothing else), so the report describes this run only.
    func prepare(clearing: Bool) throws {
        let manager = FileManager.default
        if clearing, let names = try? manager.contentsOfDirectory(atPath: path) {
            for name in names
            where name == Self.imagesFolder || name == Self.resultsFile || name == Self.junitFile
                || name == Self.pageFile || SuiteResults.isShardFileName(name)
            {
                try? manager.removeItem(atPath: join(path, name))
            }
        }
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SuiteError.cannotWrite(path: path, reason: "cannot create the folder")
        }
    }

    /// Writes `png` as `images/<name>/<role>.png` and returns that relative path.
    func save(_ png: [UInt8], name: String, role: String) throws -> String {
        let relative = Self.imagesFolder + "/" + name + "/" + role + ".png"
        let full = join(path, relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(png, to: full)
        return relative
    }

    /// Writes the results: `results.json`, `junit.xml` and `index.html` for a whole run, or
    /// `results-K-of-N.json` for a shard.
    public func write(_ results: SuiteResults, shard: BatchShard) throws {
        try writeFile(SuiteResults.fileName(for: shard), results.jsonText())
        guard shard.count == 1 else { return }
        try writeFile(Self.junitFile, JUnitReport.xml(results))
        try writeFile(Self.pageFile, ReportPage.html(results))
    }

    private func writeFile(_ name: String, _ text: String) throws {
        let full = join(path, name)
        do {
            try AtomicFile.write(Array(text.utf8), to: full)
        } catch {
            throw SuiteError.cannotWrite(path: full, reason: "\(error)")
        }
    }
}
