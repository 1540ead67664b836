import Foundation
import Support
import Testing

/// `lastPathComponent(of:)` against Foundation's `lastPathComponent`, which traps on a
/// one-character path.
@Suite struct LastPathComponentTests {
    @Test func givesFoundationsAnswerWhereFoundationGivesOne() {
        let paths = [
            "ab", "a/b", "a/b/", "a//b", "a/b//", "/x", "/ab", "/", "///a", "/a/b", "..", "../a", "./a", "a/./b",
            "out/frames/frame_0000.png", "/tmp/x/y.png", "é/ü", "a b/c d",
        ]
        for path in paths {
            #expect(lastPathComponent(of: path) == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    @Test func oneCharacterPathsAreTheirOwnLastComponent() {
        #expect(lastPathComponent(of: "x") == "x")
        #expect(lastPathComponent(of: "x/") == "x")
        #expect(lastPathComponent(of: ".") == ".")
        #expect(lastPathComponent(of: "") == "")
    }
}
