import Foundation

/// A fresh, empty folder under the system's temporary directory, for one test.
///
/// - Parameter prefix: the start of the folder's name, to tell the tests' folders apart.
/// - Throws: what `FileManager.createDirectory` throws.
public func makeTemporaryDirectory(prefix: String = "collection-preview-tests") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    return url.path
}
