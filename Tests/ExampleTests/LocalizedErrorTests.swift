import CollectionPreview
import Foundation
import Testing

/// With `import CollectionPreview`, an error's `localizedDescription` (what an app's alert or a
/// `catch` that logs it shows) is its one-line message, not Foundation's "The operation could not
/// be completed".
@Suite struct LocalizedErrorTests {
    @Test func localizedDescriptionsAreTheMessages() throws {
        let errors: [any Error] = [
            CollectionViewError.invalidIndexPath(IndexPath(item: 3, section: 0), reason: "there is no such item"),
            AnimationRecorderError.finished,
            RasterError.invalidImageSize(width: -1, height: 2),
        ]
        for error in errors {
            #expect(error.localizedDescription == "\(error)")
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
        // An error thrown by the pipeline itself, caught as `any Error`.
        do {
            _ = try Scene(json: #"{"canvas": {"width": 0, "height": 10}}"#)
            Issue.record("a canvas of width 0 was accepted")
        } catch {
            #expect(error.localizedDescription.contains("canvas.width"))
        }
    }
}
