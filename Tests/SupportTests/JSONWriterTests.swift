import Foundation
import Testing

@testable import Support

/// The one JSON writer: escaping, numbers, one-line objects.
@Suite struct JSONWriterTests {
    @Test func stringsEscapeOnlyWhatJSONRequires() {
        #expect(JSONWriter.string("a/b é") == "\"a/b é\"")
        #expect(JSONWriter.string("\\ \" \n \t \u{1}") == #""\\ \" \n \t \u0001""#)
        #expect(JSONWriter.string("\u{08}\u{0C}\r") == #""\b\f\r""#)
        // What we write parses back to the same string.
        let text = "odd \u{1F} \u{08}\u{0C} \"name\" \\ /é\n"
        let parsed =
            try? JSONSerialization.jsonObject(with: Data(("[" + JSONWriter.string(text) + "]").utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test func numbersHaveOneSpelling() {
        #expect(JSONWriter.number(67.5) == "67.5")
        #expect(JSONWriter.number(16) == "16")
        #expect(JSONWriter.number(-0.0) == "0")
        #expect(JSONWriter.number(.nan) == "0" && JSONWriter.number(-.infinity) == "0")
        #expect(JSONWriter.number(0.1) == "0.1")
        #expect(JSONWriter.number(1e20) == "1e+20")
    }

    @Test func objectsAndArraysKeepTheirOrderOnOneLine() {
        let object = JSONWriter.object([("b", JSONWriter.number(1)), ("a", JSONWriter.array(["1", "2"]))])
        #expect(object == #"{"b": 1, "a": [1, 2]}"#)
        #expect(JSONWriter.array(["0", "1"], separator: ",") == "[0,1]")
        let parsed = try? JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any]
        #expect(parsed?["b"] as? Int == 1)
    }
}
