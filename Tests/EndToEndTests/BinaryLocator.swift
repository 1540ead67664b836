import Foundation

/// Finds the `collection-preview` executable that `swift test` built next to the test bundle.
enum BinaryLocator {
    /// The path of the built executable, or nil if it is not there.
    static var collectionPreview: String? {
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("collection-preview").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The repository root (two levels above this file's folder).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
