import TestSupport
import Testing

@testable import Batch

/// The message of the `BatchError` thrown by `body`, or nil if it does not throw.
private func shardError(_ body: () throws -> BatchShard?) -> String? {
    thrownMessage(BatchError.self) { _ = try body() }
}

@Suite struct BatchShardTests {
    @Test func parsesKOfN() throws {
        let shard = try BatchShard(parsing: "2/3")
        #expect(shard.index == 2)
        #expect(shard.count == 3)
        #expect(shard.description == "2/3")
        #expect(try BatchShard(parsing: "1/1") == .whole)
    }

    @Test func rejectsBadFormsWithExactMessages() throws {
        let malformed = { (text: String) in "--shard must be K/N with whole numbers, e.g. 2/3; got \"\(text)\"" }
        #expect(shardError { try BatchShard(parsing: "0/3") } == "--shard K/N: K must be between 1 and N (3), got 0")
        #expect(shardError { try BatchShard(parsing: "4/3") } == "--shard K/N: K must be between 1 and N (3), got 4")
        #expect(shardError { try BatchShard(parsing: "1/0") } == "--shard K/N: N must be at least 1, got 0")
        // A manifest's JSON numbers hold whole numbers exactly to 2^53 only: no more shards than
        // `merge` can read back.
        #expect(
            shardError { try BatchShard(parsing: "1/9007199254740993") }
                == "--shard K/N: N must be at most 1000000, got 9007199254740993")
        #expect(try BatchShard(parsing: "1000000/1000000").count == 1_000_000)
        for text in ["a/b", "2", "2/3/4", "/3", "2/", "-1/3", "+1/3", " 1/3", "1.0/3", "", "99999999999999999999/3"] {
            #expect(shardError { try BatchShard(parsing: text) } == malformed(text), "\(text)")
        }
    }

    @Test(arguments: [1, 2, 3, 5, 7, 12, 13])
    func shardsAreDisjointAndComplete(count: Int) throws {
        let all = Array(0..<12)
        var seen: [Int] = []
        var sizes: [Int] = []
        for k in 1...count {
            let shard = try BatchShard(index: k, count: count)
            let part = shard.select(all)
            #expect(part == all.filter { shard.contains(position: $0) })
            #expect(part == part.sorted())
            seen += part
            sizes.append(part.count)
        }
        #expect(seen.sorted() == all)  // complete, and no element twice (disjoint)
        #expect(sizes.max()! - sizes.min()! <= 1)  // balanced
    }

    @Test func takesEveryNthSceneStartingAtKMinusOne() throws {
        let all = ["a", "b", "c", "d", "e", "f", "g"]
        #expect(try BatchShard(parsing: "1/3").select(all) == ["a", "d", "g"])
        #expect(try BatchShard(parsing: "2/3").select(all) == ["b", "e"])
        #expect(try BatchShard(parsing: "3/3").select(all) == ["c", "f"])
        #expect(try BatchShard(parsing: "5/5").select(["a", "b"]) == [])
    }

    @Test func readsTheShardFromTheEnvironment() throws {
        #expect(try BatchShard.fromEnvironment([:]) == nil)
        #expect(try BatchShard.fromEnvironment(["PATH": "/bin"]) == nil)
        let env = ["JOB_COMPLETION_INDEX": "0", "CP_SHARD_COUNT": "4"]
        #expect(try BatchShard.fromEnvironment(env) == BatchShard(index: 1, count: 4))
        #expect(
            try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "CP_SHARD_COUNT": "4"])
                == BatchShard(index: 4, count: 4))
        // --shard wins over the environment, which is then not even checked.
        #expect(try BatchShard.resolve(option: "2/3", environment: env) == BatchShard(index: 2, count: 3))
        #expect(
            try BatchShard.resolve(option: "2/3", environment: ["JOB_COMPLETION_INDEX": "x"])
                == BatchShard(index: 2, count: 3))
        #expect(try BatchShard.resolve(option: nil, environment: env) == BatchShard(index: 1, count: 4))
        #expect(try BatchShard.resolve(option: nil, environment: [:]) == .whole)
    }

    @Test func rejectsIncompleteOrOutOfRangeEnvironments() {
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "1"]) }
                == "JOB_COMPLETION_INDEX is set but CP_SHARD_COUNT is not; set both to shard from the environment, or pass --shard K/N"
        )
        #expect(
            shardError { try BatchShard.fromEnvironment(["CP_SHARD_COUNT": "3"]) }
                == "CP_SHARD_COUNT is set but JOB_COMPLETION_INDEX is not; set both to shard from the environment, or pass --shard K/N"
        )
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "CP_SHARD_COUNT": "3"]) }
                == "JOB_COMPLETION_INDEX must be a whole number from 0 to CP_SHARD_COUNT − 1 (2), got \"3\"")
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "-1", "CP_SHARD_COUNT": "3"]) }
                == "JOB_COMPLETION_INDEX must be a whole number from 0 to CP_SHARD_COUNT − 1 (2), got \"-1\"")
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "CP_SHARD_COUNT": "0"]) }
                == "CP_SHARD_COUNT must be a whole number from 1 to 1000000, got \"0\"")
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "CP_SHARD_COUNT": "two"]) }
                == "CP_SHARD_COUNT must be a whole number from 1 to 1000000, got \"two\"")
        #expect(
            shardError { try BatchShard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "CP_SHARD_COUNT": "1000001"]) }
                == "CP_SHARD_COUNT must be a whole number from 1 to 1000000, got \"1000001\"")
    }
}
