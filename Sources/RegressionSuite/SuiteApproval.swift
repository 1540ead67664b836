import Foundation
import Support

/// Promotes the actual images of the last `test` run to baselines, without rendering again.
public enum SuiteApproval {
    /// Copies the report's `actual.png` of every failed or missing image (whose scene name
    /// contains `filter`, when given) over its baseline.
    ///
    /// - Parameters:
    ///   - reportDirectory: The report folder of the run (`results.json` inside).
    ///   - filter: Only scenes whose name contains this text.
    /// - Returns: The baselines written, as paths.
    /// - Throws: `SuiteError` when the results cannot be read or a baseline cannot be written.
    public static func approve(reportDirectory: String, filter: String? = nil) throws -> [String] {
        let results = try SuiteResults.read(path: join(reportDirectory, SuiteReportFolder.resultsFile))
        var written: [String] = []
        for scene in results.scenes where filter.map({ scene.name.contains($0) }) ?? true {
            for frame in scene.frames where frame.status == .failed || frame.status == .missing {
                guard let actual = frame.actual else { continue }
                let source = join(reportDirectory, actual)
                let destination = join(results.baselines, frame.baseline)
                do {
                    let bytes = try FileBytes.read(source, maximumSize: SuiteRunner.maximumBaselineSize)
                    try FileManager.default.createDirectory(
                        atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try AtomicFile.write(bytes, to: destination)
                } catch {
                    throw SuiteError.cannotWrite(path: destination, reason: "\(error)")
                }
                written.append(destination)
            }
        }
        return written
    }
}
