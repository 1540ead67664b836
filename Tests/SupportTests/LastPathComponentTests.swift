import Foundation
import Support
import Testing

/// `lastPathComponent(of:)` against Foundation's `lastPathComponent`, which traps on a
/// one-character path.
@Suite struct LastPathComponentTests {
    @Test func givesFoundationsAnswerWhereFoundationGivesOne() {
        for path in ParentPathTests.paths {
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
