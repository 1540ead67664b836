/// One part of a batch split across machines or processes: shard `index` of `count`.
///
/// The partition is by position: sort every discovered scene
/// (`SceneDiscovery` does), number them from 0, and shard K of N takes the
/// scenes whose number i satisfies `i % N == K − 1`. The shards are disjoint,
/// together they are the whole batch, their sizes differ by at most one, and
/// every machine computes the same partition from the same files. (Adding a
/// scene can move later scenes to other shards; each shard's output is still
/// complete and correct for that run.)
///
/// A shard comes from `--shard K/N` (1-based, as Playwright and Jest spell
/// it) or, when that is absent, from the environment of a Kubernetes Indexed
/// Job: `JOB_COMPLETION_INDEX` (0-based, set by Kubernetes) together with
/// `CP_SHARD_COUNT` (the job's `completions`, set by you). Setting only one of
/// the two is an error, as is an index outside `0..<count`.
public struct BatchShard: Hashable, Sendable, CustomStringConvertible {
    /// The environment variable holding the 0-based shard index.
    public static let indexVariable = "JOB_COMPLETION_INDEX"
    /// The environment variable holding the number of shards.
    public static let countVariable = "CP_SHARD_COUNT"
    /// The whole batch: shard 1 of 1.
    public static let whole = BatchShard(uncheckedIndex: 1, count: 1)

    /// The shard's number, from 1 to `count`.
    public let index: Int
    /// How many shards the batch is split into (at least 1).
    public let count: Int

    /// The most shards a batch may be split into: 1,000,000. More could not be read back from
    /// a manifest, whose JSON numbers hold whole numbers exactly only up to 2^53.
    public static let maximumCount = 1_000_000

    /// Creates shard `index` (1-based) of `count`.
    ///
    /// - Throws: `BatchError.invalidShard` unless `1 ≤ count ≤ maximumCount` and
    ///   `1 ≤ index ≤ count`.
    public init(index: Int, count: Int) throws(BatchError) {
        guard count >= 1 else { throw .invalidShard("--shard K/N: N must be at least 1, got \(count)") }
        guard count <= BatchShard.maximumCount else {
            throw .invalidShard("--shard K/N: N must be at most \(BatchShard.maximumCount), got \(count)")
        }
        guard (1...count).contains(index) else {
            throw .invalidShard("--shard K/N: K must be between 1 and N (\(count)), got \(index)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, e.g. `"2/3"`.
    ///
    /// - Throws: `BatchError.invalidShard` with one of these messages:
    ///   `--shard must be K/N with whole numbers, e.g. 2/3; got "a/b"`,
    ///   `--shard K/N: N must be at least 1, got 0`,
    ///   `--shard K/N: K must be between 1 and N (3), got 4`.
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = BatchShard.wholeNumber(parts[0]), let n = BatchShard.wholeNumber(parts[1])
        else {
            throw .invalidShard("--shard must be K/N with whole numbers, e.g. 2/3; got \"\(text)\"")
        }
        try self.init(index: k, count: n)
    }

    /// The shard described by `JOB_COMPLETION_INDEX` and `CP_SHARD_COUNT`, or nil when neither is set.
    ///
    /// - Parameter environment: The process environment (`ProcessInfo.processInfo.environment`).
    /// - Throws: `BatchError.invalidShard` when only one of the variables is
    ///   set, when one is not a whole number, or when the index is not in `0..<count`.
    public static func fromEnvironment(_ environment: [String: String]) throws(BatchError) -> BatchShard? {
        let indexText = environment[indexVariable]
        let countText = environment[countVariable]
        switch (indexText, countText) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw .invalidShard(
                "\(indexVariable) is set but \(countVariable) is not; set both to shard from the environment, or pass --shard K/N"
            )
        case (nil, .some):
            throw .invalidShard(
                "\(countVariable) is set but \(indexVariable) is not; set both to shard from the environment, or pass --shard K/N"
            )
        case (let indexText?, let countText?):
            guard let count = wholeNumber(Substring(countText)), count >= 1, count <= maximumCount else {
                throw .invalidShard(
                    "\(countVariable) must be a whole number from 1 to \(maximumCount), got \"\(countText)\"")
            }
            guard let index = wholeNumber(Substring(indexText)), index < count else {
                throw .invalidShard(
                    "\(indexVariable) must be a whole number from 0 to \(countVariable) − 1 (\(count - 1)), got \"\(indexText)\""
                )
            }
            return BatchShard(uncheckedIndex: index + 1, count: count)
        }
    }

    /// The shard to run: `--shard` when given, else the environment's, else the whole batch.
    ///
    /// The environment is not read at all when `option` is given.
    ///
    /// - Throws: `BatchError.invalidShard` from `init(parsing:)` or `fromEnvironment(_:)`.
    public static func resolve(option: String?, environment: [String: String]) throws(BatchError) -> BatchShard {
        if let option { return try BatchShard(parsing: option) }
        return try fromEnvironment(environment) ?? .whole
    }

    /// Whether the scene at `position` (0-based, in the sorted batch) belongs to this shard.
    public func contains(position: Int) -> Bool { position % count == index - 1 }

    /// The message for a merge whose `output` was listed by shard `listedBy` while its place in
    /// the whole batch's order, `position`, belongs to another shard.
    public static func misplacement(_ output: String, listedBy shard: BatchShard, position: Int) -> String {
        "\(output) is listed by shard \(shard) but its place in the whole batch belongs to shard "
            + "\(position % shard.count + 1)/\(shard.count): the shards were run over different scenes"
    }

    /// The elements of `all` (the whole sorted batch) that belong to this shard, in order.
    ///
    /// - Complexity: O(n) in `all.count`.
    public func select<Element>(_ all: [Element]) -> [Element] {
        stride(from: index - 1, to: all.count, by: count).map { all[$0] }
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether `name` is `<stem>.json` or `<stem>-K-of-N.json` (K and N in ASCII digits): the
    /// names of a whole run's and a shard's files.
    public static func isPartFileName(_ name: String, stem: String) -> Bool {
        if name == stem + ".json" { return true }
        guard name.hasPrefix(stem + "-"), name.hasSuffix(".json") else { return false }
        let middle = name.dropFirst(stem.count + 1).dropLast(".json".count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[1] == "of"
            && [parts[0], parts[2]].allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
            }
    }

    /// Parses a whole number made of ASCII digits only (no sign, no spaces), or nil.
    private static func wholeNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }
}
