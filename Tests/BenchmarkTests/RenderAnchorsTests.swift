import Benchmark
import Testing

/// `bench --anchors`: the JSON `Tools/blend2d-anchors.py` prints, read strictly.
struct RenderAnchorsTests {
    func anchors(_ text: String) throws(RenderAnchors.Error) -> RenderAnchors {
        try RenderAnchors(json: Array(text.utf8))
    }

    @Test func theScriptsOutputGivesEachTimedScenesMinimum() throws {
        let read = try anchors(
            #"""
            {"library": "blend2d-python 1.0.0", "samples": 32,
             "S1": {"engine_min_ms": 2.5, "whole_min_ms": 3.2},
             "S2": {"engine_min_ms": 2.75, "engine_median_ms": 3.0}}
            """#)
        #expect(read.milliseconds == ["S1": 2.5, "S2": 2.75])
        #expect(read.name == "Blend2D (blend2d-python 1.0.0, same hour)")
    }

    @Test(arguments: [
        (
            #"[1, 2]"#,
            "(root): must be a JSON object, the output of Tools/blend2d-anchors.py or Tools/pixelmatch-anchors.mjs"
        ),
        (
            #"{"S1": {"engine_min_ms": 2.5"#,
            "(root): is not valid JSON; give the output of Tools/blend2d-anchors.py or Tools/pixelmatch-anchors.mjs"
        ),
        (#"{"S2": {"engine_min_ms": true}}"#, "S2.engine_min_ms: must be a number greater than 0"),
        (#"{"S2": {"engine_min_ms": "2"}}"#, "S2.engine_min_ms: must be a number greater than 0"),
        (#"{"S3": {"engine_min_ms": -1}}"#, "S3.engine_min_ms: must be a number greater than 0"),
        (#"{"S1": {"whole_min_ms": 3}}"#, "S1.engine_min_ms: is missing"),
        (
            #"{"library": "x"}"#,
            "(root): names none of the scenes S1, S2, S3 (nor diff_changed, as pixelmatch's file does)"
        ),
        (#"{"library": 1, "S1": {"engine_min_ms": 2}}"#, "library: must be a string"),
        (#"{"S1": 2.5}"#, "S1: must be an object with engine_min_ms"),
    ])
    func aBadFileIsRefusedWithItsPath(text: String, message: String) {
        #expect(throws: RenderAnchors.Error.self) { try anchors(text) }
        do {
            _ = try anchors(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theRenderRowsAreDividedByTheAnchorsGiven() throws {
        let given = RenderAnchors(name: "test anchor", milliseconds: ["S2": 1000])
        let rows = try BenchmarkSuite.run(samples: 1, groups: [.s2], anchors: given)
        let row = try #require(rows.first)
        #expect(row.anchor == "test anchor" && row.anchorMilliseconds == 1000)
        #expect(row.ratio == row.minimumMilliseconds / 1000)
    }
}
