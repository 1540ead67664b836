import Foundation
import PNG
import Scene
import Support

/// Promotes the actual images of the last `test` run to baselines, without rendering again.
public enum SuiteApproval {
    /// Writes the report's `actual.png` of every failed or missing image, and of every image whose
    /// baseline was not a readable PNG, over its baseline,
    /// stored small (`PNGEncoder.recompressSmallest`: the same pixels in fewer bytes): of every
    /// scene, of the scenes named exactly in `scenes`, or of those whose name contains one of
    /// `filters`.
    ///
    /// The baselines folder is the one the run used, as it was given (relative to the folder
    /// `test` ran in). Paths in `results.json` that leave their folder (absolute, or with a
    /// `..` component) are refused, so a report from elsewhere cannot write outside the
    /// baselines.
    ///
    /// - Parameters:
    ///   - reportDirectory: The report folder of the run (`results.json` inside).
    ///   - scenes: Only these scenes, by exact name (empty: no such restriction).
    ///   - filters: Only scenes whose name contains one of these texts (empty: no such restriction).
    ///   - approved: Called with each baseline as soon as it is written (an animation's once all
    ///     of its frames are: they are moved into place together, `BaselineWriter`).
    /// - Returns: The baselines written, as paths.
    /// - Throws: `SuiteError.noResults` / `.invalidResults` when the results cannot be read or
    ///   name an image that is not there, `.unreadableImage` when such an image is not a
    ///   readable PNG, `.noSuchScene` when a name of `scenes` is not in the
    ///   results or a text of `filters` is in no scene's name (a typo approves nothing), `.cannotWrite` when
    ///   a baseline cannot be written.
    public static func approve(
        reportDirectory: String, scenes: [String] = [], filters: [String] = [],
        approved: (String) -> Void = { _ in }
    ) throws -> [String] {
        let resultsPath = joinedPath(reportDirectory, SuiteReportFolder.resultsFile)
        let results = try SuiteResults.read(path: resultsPath)
        let names = Set(results.scenes.map(\.name))
        for name in scenes where !names.contains(name) {
            var reason = "no scene named \(JSONRead.quoted(name))"
            let labels = (results.devices ?? []).compactMap { try? SceneDeviceVariant(parsing: $0).label }
            let onDevices = labels.map { name + "." + $0 }.filter(names.contains).sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            if !onDevices.isEmpty {
                // A run on devices names each scene with its device's label.
                reason += "; on devices it is \(onDevices.map { "\"\($0)\"" }.joined(separator: ", "))"
            } else if let near = KeySuggestion.closest(to: name, among: names) {
                reason += "; did you mean \"\(near)\"?"
            }
            throw SuiteError.noSuchScene(results: resultsPath, reason: reason)
        }
        for filter in filters
        where !names.contains(where: { $0.contains(filter) && (scenes.isEmpty || scenes.contains($0)) }) {
            let named = scenes.isEmpty ? "" : " among the scenes named by --scene"
            throw SuiteError.noSuchScene(
                results: resultsPath, reason: "no scene name contains \(JSONRead.quoted(filter))\(named)")
        }
        var written: [String] = []
        for scene in results.scenes
        where (scenes.isEmpty || scenes.contains(scene.name))
            && (filters.isEmpty || filters.contains { scene.name.contains($0) })
        {
            // An animation's approved frames reach the baseline folder together, as `test`
            // records them: a failure half-way approves none of them.
            let writer: BaselineWriter = scene.animated ? .staged() : .immediate()
            var sceneWritten: [String] = []
            for frame in scene.frames
            where frame.status == .failed || frame.status == .missing || frame.baselineUnreadable {
                guard let actual = frame.actual else { continue }
                guard staysInside(actual), staysInside(frame.baseline) else {
                    throw SuiteError.invalidResults(
                        path: resultsPath,
                        reason: "\(frame.name): a path leaves its folder (\(frame.baseline), \(actual))")
                }
                let source = joinedPath(reportDirectory, actual)
                let destination = joinedPath(results.baselines, frame.baseline)
                let bytes: [UInt8]
                do {
                    // Stored small, as `test` records baselines: the same pixels, fewer bytes.
                    bytes = try PNGEncoder.recompressSmallest(
                        FileBytes.read(source, maximumSize: SuiteRunner.maximumBaselineSize))
                } catch let error as PNGError {
                    // There, but not a readable PNG: bad input data (65), not missing input.
                    throw SuiteError.unreadableImage(path: source, reason: "\(frame.name): \(error)")
                } catch {
                    throw SuiteError.invalidResults(path: resultsPath, reason: "\(frame.name): \(error)")
                }
                try writer.write(bytes, to: destination)
                sceneWritten.append(destination)
            }
            try writer.commit()
            sceneWritten.forEach(approved)
            written += sceneWritten
        }
        return written
    }

    /// Whether a relative path from `results.json` stays inside its folder (and has no NUL, at
    /// which the system would cut it short).
    static func staysInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && !path.contains("\0")
    }
}
