import Batch
import Foundation
import Support

/// The report folder of a `test` run: the images of failures, `results.json`, `junit.xml`, `index.html`.
public struct SuiteReportFolder: Sendable {
    /// The folder.
    public let path: String
    /// The images saved through this handle and its copies (and through other handles given the
    /// same list).
    private let written: WrittenImageList

    /// Creates a handle on the report folder at `path`.
    public init(path: String) {
        self.init(path: path, written: WrittenImageList())
    }

    /// Creates a handle that records the images it saves in `written`.
    init(path: String, written: WrittenImageList) {
        self.path = path
        self.written = written
    }

    /// The subfolder holding the images.
    public static let imagesFolder = "images"
    /// The files a whole run or a merge writes.
    static let resultsFile = "results.json", junitFile = "junit.xml", pageFile = "index.html"

    /// Makes the folder and removes what an earlier run wrote there, so the report describes
    /// this run only — but only from a folder that holds the results of a test run (a
    /// `results.json` or `results-K-of-N.json` that reads as `SuiteResults`), so that a
    /// `--report` pointing at some other folder never deletes its `images/` or `index.html`.
    ///
    /// A whole run removes the images and every results and report file. A shard removes the
    /// whole-run files and the results of runs split another way (`results-K-of-M.json`, M ≠ N),
    /// keeping the other shards' results and images of this split.
    func prepare(for shard: BatchShard) throws {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        let isReport = names.contains { name in
            (name == Self.resultsFile || SuiteResults.isShardFileName(name))
                && (try? SuiteResults.read(path: joinedPath(path, name))) != nil
        }
        if isReport {
            let ownSplit = "-of-\(shard.count).json"
            for name in names {
                let stale: Bool
                if shard.count == 1 {
                    stale =
                        name == Self.imagesFolder || name == Self.resultsFile || name == Self.junitFile
                        || name == Self.pageFile || SuiteResults.isShardFileName(name)
                } else {
                    stale =
                        name == Self.resultsFile || name == Self.junitFile || name == Self.pageFile
                        || (SuiteResults.isShardFileName(name) && !name.hasSuffix(ownSplit))
                }
                if stale { try? manager.removeItem(atPath: joinedPath(path, name)) }
            }
        }
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SuiteError.cannotWrite(path: path, reason: "cannot create the folder: \(systemReason(of: error))")
        }
    }

    /// Writes `png` as `images/<name>/<role>.png` and returns that relative path.
    ///
    /// - Throws: `SuiteError.cannotWrite`.
    func save(_ png: [UInt8], name: String, role: String) throws(SuiteError) -> String {
        let relative = Self.imagesFolder + "/" + name + "/" + role + ".png"
        // Listed first: a write cut short by a stop has made its folder.
        written.append(relative)
        try Self.writeFile(png, to: joinedPath(path, relative))
        return relative
    }

    /// Deletes every image `save` wrote, and the folders that leaves empty (`images/` too): a run
    /// that stops before its results are written leaves no images that no results list, which
    /// the next run, finding no results, would not know to clear.
    func removeWrittenImages() {
        BaselineFolder(path: path).remove(written.takeAll())
    }

    /// Writes `bytes` to `path` atomically, making its folders first: a baseline or a report
    /// image.
    ///
    /// - Throws: `SuiteError.cannotWrite` naming the path and why (a folder that cannot be made,
    ///   a full disk).
    static func writeFile(_ bytes: [UInt8], to path: String) throws(SuiteError) {
        let folder = parentPath(of: path)
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        } catch {
            throw SuiteError.cannotWrite(
                path: path, reason: "cannot create the folder \(folder): \(systemReason(of: error))")
        }
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw SuiteError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// Writes the results: `results.json`, `junit.xml` and `index.html`, of the whole run or of a
    /// shard's part, and for a shard also `results-K-of-N.json`, which `merge` joins (replacing
    /// the three files with the whole run's).
    public func write(_ results: SuiteResults, shard: BatchShard) throws {
        if shard.count > 1 { try writeFile(SuiteResults.fileName(for: shard), results.jsonText()) }
        try writeFile(Self.resultsFile, results.jsonText())
        try writeFile(Self.junitFile, JUnitReport.xml(results))
        try writeFile(Self.pageFile, ReportPage.html(results))
    }

    private func writeFile(_ name: String, _ text: String) throws {
        let full = joinedPath(path, name)
        do {
            try AtomicFile.write(Array(text.utf8), to: full)
        } catch {
            throw SuiteError.cannotWrite(path: full, reason: "\(error)")
        }
    }
}
