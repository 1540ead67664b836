/// Combining the manifests of every shard of a batch into the manifest of the whole.
extension BatchManifest {
    /// The manifest the whole batch would have written, from the manifests of all its shards.
    ///
    /// The shards' scene lists are joined and sorted by source path; the
    /// result is byte-identical to an unsharded run's manifest over the same
    /// files (its `json` has shard 1/1). The merge is refused unless the
    /// manifests are exactly shards 1…N of one batch of the same size, and
    /// together list that many scenes, each output once and each in the
    /// shard its place in the batch's order gives it.
    ///
    /// - Parameter shards: One manifest per shard, in any order.
    /// - Throws: `BatchError.incompleteMerge` saying what is missing or inconsistent.
    /// - Complexity: O(n log n) in the total number of scenes.
    public static func merging(_ shards: [BatchManifest]) throws(BatchError) -> BatchManifest {
        guard let first = shards.first else { throw .incompleteMerge("no manifests given") }
        let count = first.shard.count
        guard shards.allSatisfy({ $0.shard.count == count && $0.batchSceneCount == first.batchSceneCount }) else {
            throw .incompleteMerge("the manifests come from different batches (shard counts or scene counts differ)")
        }
        if let other = shards.first(where: { $0.devices != first.devices }) {
            throw .incompleteMerge(
                "shard \(other.shard) was rendered on other devices than shard \(first.shard) (\(other.devices.isEmpty ? "none" : other.devices.joined(separator: ", ")) against \(first.devices.isEmpty ? "none" : first.devices.joined(separator: ", ")))"
            )
        }
        let indices = shards.map(\.shard.index).sorted()
        if let repeated = zip(indices, indices.dropFirst()).first(where: { $0 == $1 }) {
            throw .incompleteMerge("shard \(repeated.0)/\(count) is given twice")
        }
        // The indices are distinct and each from 1 to `count`, so all are there when there are
        // `count` of them. The message names the first ten missing, found along the sorted
        // indices (not from a set of 1...count, which a mistyped count such as 1/1000000000000
        // made the size of memory).
        if indices.count != count {
            var missing: [Int] = []
            var next = 1
            for index in indices where missing.count < 10 {
                while next < index && missing.count < 10 {
                    missing.append(next)
                    next += 1
                }
                next = index + 1
            }
            while next <= count && missing.count < 10 {
                missing.append(next)
                next += 1
            }
            let more = count - indices.count - missing.count
            throw .incompleteMerge(
                "missing shard\(count - indices.count > 1 ? "s" : "") "
                    + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                    + (more > 0 ? " and \(more) more" : ""))
        }
        let results = shards.flatMap(\.results)
        guard results.count == first.batchSceneCount else {
            throw .incompleteMerge("the shards list \(results.count) scenes but the batch has \(first.batchSceneCount)")
        }
        var outputs = Set<String>()
        for result in results where !outputs.insert(result.scene.outputPath).inserted {
            throw .incompleteMerge("\(result.scene.outputPath) is listed by more than one shard")
        }
        // Each scene must sit, in the whole batch's order, where the shard that lists it would have
        // taken it: shards run over different files can agree on every count and still not fit.
        let placed = shards.flatMap { manifest in manifest.results.map { (result: $0, shard: manifest.shard) } }
            .sorted { BatchScene.precedes($0.result.scene, $1.result.scene) }
        if let k = placed.indices.first(where: { !placed[$0].shard.contains(position: $0) }) {
            throw .incompleteMerge(
                BatchShard.misplacement(placed[k].result.scene.outputPath, listedBy: placed[k].shard, position: k))
        }
        return BatchManifest(
            shard: .whole, batchSceneCount: first.batchSceneCount, results: results, devices: first.devices)
    }
}
