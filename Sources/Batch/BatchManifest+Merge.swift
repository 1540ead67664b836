/// Combining the manifests of every shard of a batch into the manifest of the whole.
extension BatchManifest {
    /// The manifest the whole batch would have written, from the manifests of all its shards.
    ///
    /// The shards' scene lists are joined and sorted by source path; the
    /// result is byte-identical to an unsharded run's manifest over the same
    /// files (its `json` has shard 1/1). The merge is refused unless the
    /// manifests are exactly shards 1…N of one batch of the same size, and
    /// together list that many scenes, each output once.
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
        let indices = shards.map(\.shard.index).sorted()
        if let repeated = zip(indices, indices.dropFirst()).first(where: { $0 == $1 }) {
            throw .incompleteMerge("shard \(repeated.0)/\(count) is given twice")
        }
        let missing = Set(1...count).subtracting(indices).sorted()
        guard missing.isEmpty else {
            throw .incompleteMerge(
                "missing shard\(missing.count > 1 ? "s" : "") "
                    + missing.map { "\($0)/\(count)" }.joined(separator: ", "))
        }
        let results = shards.flatMap(\.results)
        guard results.count == first.batchSceneCount else {
            throw .incompleteMerge("the shards list \(results.count) scenes but the batch has \(first.batchSceneCount)")
        }
        var outputs = Set<String>()
        for result in results where !outputs.insert(result.scene.outputPath).inserted {
            throw .incompleteMerge("\(result.scene.outputPath) is listed by more than one shard")
        }
        return BatchManifest(shard: .whole, batchSceneCount: first.batchSceneCount, results: results)
    }
}
