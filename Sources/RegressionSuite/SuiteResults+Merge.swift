import Batch
import Foundation
import Support

extension SuiteResults {
    /// Joins the results of the N shards of one run into the results of the whole run: the same
    /// value an unsharded run gives (scenes in the suite's order, orphans united).
    ///
    /// - Throws: `SuiteError.incompleteMerge` unless `shards` are exactly shards 1…N of N of
    ///   one run (same baselines, record mode, comparison and number of scenes), each scene
    ///   listed once, by the shard its place in the run's order gives it.
    public static func merging(_ shards: [SuiteResults]) throws -> SuiteResults {
        guard let first = shards.first else { throw SuiteError.incompleteMerge("no shard results to merge") }
        let parsed = try shards.map { results -> BatchShard in
            guard let text = results.shard, let shard = try? BatchShard(parsing: text) else {
                throw SuiteError.incompleteMerge("results without a shard cannot be merged")
            }
            return shard
        }
        let count = parsed[0].count
        let indexes = parsed.map(\.index).sorted()
        // Compared one by one, not with an array of 1...count: a mistyped count such as
        // 1/1000000000000 would have made it the size of memory.
        guard parsed.allSatisfy({ $0.count == count }), indexes.count == count,
            indexes.enumerated().allSatisfy({ $0.offset + 1 == $0.element })
        else {
            let have = parsed.map(\.description).sorted().joined(separator: ", ")
            throw SuiteError.incompleteMerge("need shards 1 to \(count) of \(count) exactly once; have \(have)")
        }
        for other in shards
        where other.baselines != first.baselines || other.recordMode != first.recordMode
            || other.comparison != first.comparison || other.devices != first.devices
        {
            throw SuiteError.incompleteMerge(
                "shard \(other.shard ?? "?") ran with other baselines, record mode, comparison or devices than shard \(first.shard ?? "?")"
            )
        }
        // A shard run on another suite (a scene added between the shards' runs) would leave
        // its scenes out of the merged run without a word.
        if let total = first.runScenes {
            if let other = shards.first(where: { $0.runScenes != total }) {
                throw SuiteError.incompleteMerge(
                    "shard \(other.shard ?? "?") ran on a suite of \(other.runScenes.map { counted($0, "scene") } ?? "unknown size"), shard \(first.shard ?? "?") on one of \(counted(total, "scene")): run every shard on the same scenes"
                )
            }
            let listed = shards.reduce(0) { $0 + $1.scenes.count }
            guard listed == total else {
                throw SuiteError.incompleteMerge(
                    "the shards list \(counted(listed, "scene")) of the \(total) their run checks")
            }
        }
        let placed = zip(shards, parsed).flatMap { results, shard in results.scenes.map { (check: $0, shard: shard) } }
            .sorted {
                BatchScene.precedes(
                    BatchScene(sourcePath: $0.check.scene, outputPath: $0.check.name + ".png"),
                    BatchScene(sourcePath: $1.check.scene, outputPath: $1.check.name + ".png"))
            }
        var names = Set<String>()
        for (check, _) in placed where !names.insert(check.name).inserted {
            throw SuiteError.incompleteMerge("\(check.name) is listed by more than one shard")
        }
        // Each scene must sit, in the whole run's order, where the shard that lists it would have taken it.
        if let k = placed.indices.first(where: { !placed[$0].shard.contains(position: $0) }) {
            throw SuiteError.incompleteMerge(
                BatchShard.misplacement(placed[k].check.name, listedBy: placed[k].shard, position: k))
        }
        let scenes = placed.map(\.check)
        let orphans = Set(shards.flatMap(\.orphanedBaselines)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return SuiteResults(
            baselines: first.baselines, recordMode: first.recordMode, comparison: first.comparison, shard: nil,
            scenes: scenes, orphanedBaselines: orphans, pruned: shards.contains { $0.pruned }, devices: first.devices)
    }

    /// Merges the shard results in report folder `directory` (`results-K-of-N.json`, the shards'
    /// report folders copied into one) and writes `results.json`, `junit.xml` and `index.html` there.
    /// A folder with no shard results but a whole run's `results.json` (the one shard of
    /// `--shard 1/1`: a CI matrix scaled down to one job) is merged already: its report is
    /// written again from it.
    ///
    /// - Returns: The merged results, or nil when the folder holds no results.
    public static func mergeReport(in directory: String) throws -> SuiteResults? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let files = names.filter(isShardFileName).sorted()
        guard !files.isEmpty else {
            guard names.contains(fileName(for: .whole)) else { return nil }
            let whole = try read(path: joinedPath(directory, fileName(for: .whole)))
            try SuiteReportFolder(path: directory).write(whole, shard: .whole)
            return whole
        }
        let merged = try merging(files.map { try read(path: joinedPath(directory, $0)) })
        try SuiteReportFolder(path: directory).write(merged, shard: .whole)
        return merged
    }
}
