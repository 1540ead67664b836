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

    /// Whether the folder at `path` (whose entries are `names`, listed if not given) holds the
    /// results of a test run: a `results.json` or `results-K-of-N.json` that reads as
    /// `SuiteResults`.
    static func holdsTestResults(_ path: String, names: [String]? = nil) -> Bool {
        let names = names ?? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.contains { name in
            (name == resultsFile || SuiteResults.isShardFileName(name))
                && (try? SuiteResults.read(path: joinedPath(path, name))) != nil
        }
    }

    /// Makes the folder and removes what an earlier run wrote there, so the report describes
    /// this run only — but only from a folder that holds the results of a test run (a
    /// `results.json` or `results-K-of-N.json` that reads as `SuiteResults`), so that a
    /// `--report` pointing at some other folder never deletes its `images/` or `index.html`.
    ///
    /// A whole run removes the images and every results and report file. A shard removes the
    /// whole-run files and the results of runs split another way (`results-K-of-M.json`, M ≠ N),
    /// keeping the other shards' results and images of this split.
    ///
    /// - Returns: Whether it made the folder (it was not there), so that a run that writes no
    ///   report can take it back.
    @discardableResult
    func prepare(for shard: BatchShard) throws -> Bool {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        if Self.holdsTestResults(path, names: names) {
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
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw SuiteError.cannotWrite(path: path, reason: "cannot create the folder: \(systemReason(of: error))")
        }
        return !existed
    }

    /// Takes back what this run wrote in a report that cannot be completed: the images it saved,
    /// and the folder itself when `made` and left empty.
    func removeWrittenReport(made: Bool) {
        removeWrittenImages()
        if made { _ = rmdir(path) }
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
    ///
    /// - Throws: `SuiteError.cannotWrite`, after removing the files of this set it had written.
    public func write(_ results: SuiteResults, shard: BatchShard) throws {
        var written: [String] = []
        do {
            if shard.count > 1 { try writeFile(SuiteResults.fileName(for: shard), results.jsonText(), &written) }
            try writeFile(Self.resultsFile, results.jsonText(), &written)
            try writeFile(Self.junitFile, JUnitReport.xml(results), &written)
            try writeFile(Self.pageFile, ReportPage.html(results), &written)
        } catch {
            // Part of a report would describe the run as if it were whole.
            for file in written { try? FileManager.default.removeItem(atPath: file) }
            throw error
        }
    }

    private func writeFile(_ name: String, _ text: String, _ written: inout [String]) throws {
        let full = joinedPath(path, name)
        do {
            try AtomicFile.write(Array(text.utf8), to: full)
            written.append(full)
        } catch {
            throw SuiteError.cannotWrite(path: full, reason: "\(error)")
        }
    }
}
