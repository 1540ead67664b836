import Foundation
import Testing

@testable import Support

/// `DecodingFailure`: Foundation's decoding errors as one line with the JSON path and the rule.
@Suite struct DecodingFailureTests {
    enum Status: String, Decodable { case passed, failed }
    struct Frame: Decodable {
        var name: String
        var count: Int
        var ok: Bool?
        var status: Status?
    }
    struct Document: Decodable {
        var frames: [Frame]
        var tally: [String: Int]
    }

    func line(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
            return "decoded"
        } catch { return DecodingFailure.line(error) }
    }

    @Test(arguments: [
        (
            #"{"frames": [{"name": "a", "count": 1}, {"name": 2, "count": 1}], "tally": {}}"#,
            "frames[1].name: must be a string"
        ),
        (#"{"frames": [{"name": "a", "count": "1"}], "tally": {}}"#, "frames[0].count: must be a number"),
        (#"{"frames": [{"name": "a", "count": 1, "ok": 1}], "tally": {}}"#, "frames[0].ok: must be true or false"),
        (#"{"frames": {}, "tally": {}}"#, "frames: must be an array"),
        (#"{"frames": [], "tally": []}"#, "tally: must be an object"),
        (#"{"frames": [{"name": null, "count": 1}], "tally": {}}"#, "frames[0].name: must be a string, not null"),
        (#"{"frames": [{"name": "a"}], "tally": {}}"#, "frames[0].count: is missing"),
        (
            #"{"frames": [{"name": "a", "count": 1, "status": "weird\u001b"}], "tally": {}}"#,
            #"frames[0].status: is not one of the values allowed here, got weird\u001B"#
        ),
        (
            #"{"frames": [], "tally": {"x": 1e20}}"#,
            "(root): is not valid JSON (or holds a number too large for its field)"
        ),
        (#"{"frames": [,"#, "(root): is not valid JSON (or holds a number too large for its field)"),
    ])
    func aFailureNamesItsPathAndRule(json: String, expected: String) {
        let got = line(json)
        #expect(
            expected.hasSuffix(": ") ? got.hasPrefix(expected) && got.count > expected.count : got == expected, "\(got)"
        )
    }

    @Test func otherErrorsDescribeThemselves() {
        #expect(
            DecodingFailure.line(FileError(.open, path: "x", code: ENOENT))
                == "\(FileError(.open, path: "x", code: ENOENT))")
    }
}
