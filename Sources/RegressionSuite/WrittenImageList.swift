import Foundation

/// The report images a run has written, relative to the report folder, recorded from any worker
/// thread: what a run that does not finish takes back (`SuiteReportFolder.removeWrittenImages()`).
final class WrittenImageList: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    /// Records one image's path.
    func append(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
    }

    /// Every path recorded, in the order written; the list is emptied.
    func takeAll() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let all = paths
        paths = []
        return all
    }
}
