import Benchmark
import Testing

/// `bench --only`: the parts chosen run, and no other.
struct BenchmarkGroupTests {
    @Test func onlyTheChosenPartsRun() throws {
        let s2 = try BenchmarkSuite.run(samples: 1, groups: [.s2])
        #expect(s2.map(\.key) == ["s2_render"])
        // The diff rows need the S1 frame, which is drawn for them but not timed.
        let diff = try BenchmarkSuite.run(samples: 1, groups: [.diff])
        #expect(diff.map(\.key) == ["diff_equal", "diff_changed", "baseline_check_decoded", "baseline_check"])
        // `.animate` is the command's (it runs the executable); alone it leaves nothing here.
        #expect(try BenchmarkSuite.run(samples: 1, groups: [.animate]).isEmpty)
    }
}
