import Foundation
import Support
import Testing

/// `parentPath(of:)` against Foundation's `deletingLastPathComponent`, which traps on a
/// one-character path.
@Suite struct ParentPathTests {
    /// Paths of more than one character, where Foundation answers (also for `lastPathComponent`).
    static let paths = [
        "ab", "a/b", "a/b/", "a//b", "a/b//", "/x", "/ab", "/", "///a", "/a/b", "..", "../a", "./a", "a/./b", "a/..",
        "out/frames/frame_0000.png", "/tmp/x/y.png", "é/ü", "a b/c d",
    ]

    @Test func givesFoundationsAnswerWhereFoundationGivesOne() {
        for path in Self.paths {
            #expect(parentPath(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    @Test func oneCharacterPathsHaveNoParent() {
        #expect(parentPath(of: "x") == "")
        #expect(parentPath(of: "x/") == "")
        #expect(parentPath(of: ".") == "")
        #expect(parentPath(of: "") == "")
        // The root's own folder is the root (swift-corelibs-foundation answers "" for "//").
        #expect(parentPath(of: "//") == "/")
    }
}
